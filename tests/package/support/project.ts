// Consumer projects for the package matrix: each is a fresh folder with the
// consumer's files, its tools installed from its committed lockfile (cached
// under build/package-matrix/projects/<name>/node_modules, reinstalled only
// when the lockfile changes) and phasor installed from the packed tarball.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const repoRoot = new URL('../../../', import.meta.url).pathname;
export const MATRIX = join(repoRoot, 'build/package-matrix');
const CONSUMERS = join(repoRoot, 'tests/package/consumers');

export interface RunResult {
  stdout: string;
  stderr: string;
  ms: number;
}

/** Runs a command, resolving with its output; rejects with the output when it fails or outlives `timeoutMs`. */
export function run(
  command: string,
  args: string[],
  cwd: string,
  timeoutMs = 600_000,
  env: NodeJS.ProcessEnv = {},
): Promise<RunResult> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d));
    child.stderr.on('data', (d: Buffer) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const ms = performance.now() - started;
      if (code === 0) resolve({ stdout, stderr, ms });
      else
        reject(
          new Error(
            `${[command, ...args].join(' ')} in ${cwd} ${signal ? `was killed after ${timeoutMs} ms` : `exited ${code}`}\n${stdout}\n${stderr}`,
          ),
        );
    });
  });
}

/** `npm pack` of the repository (its prepack builds the wasm, the embed and dist/); returns the tarball's path. */
export async function packTarball(): Promise<string> {
  mkdirSync(MATRIX, { recursive: true });
  for (const f of readdirSync(MATRIX).filter((f) => f.endsWith('.tgz'))) rmSync(join(MATRIX, f));
  await run('npm', ['pack', '--pack-destination', MATRIX, '--silent'], repoRoot, 900_000);
  return join(
    MATRIX,
    readdirSync(MATRIX).find((f) => f.endsWith('.tgz'))!,
  );
}

export interface Project {
  name: string;
  dir: string;
  /** Milliseconds spent installing the consumer's tools (0 when the cache was used) and phasor. */
  installToolsMs: number;
  installPhasorMs: number;
  run(command: string, args: string[], timeoutMs?: number, env?: NodeJS.ProcessEnv): Promise<RunResult>;
  write(file: string, text: string): void;
}

const npmQuiet = ['--no-audit', '--no-fund', '--loglevel=error'];

/**
 * A fresh project for consumer `name`: its tools from the cache (or `npm ci`
 * into it), every other file replaced by the consumer's own and the shared
 * pages, then `npm install <tarball>` as a user would (without saving it).
 */
export async function prepareConsumer(name: string, tarball: string, withPages = true): Promise<Project> {
  const source = join(CONSUMERS, name);
  const dir = join(MATRIX, 'projects', name);
  const manifest = readFileSync(join(source, 'package.json'));
  const lock = readFileSync(join(source, 'package-lock.json'));
  const key = createHash('sha256').update(manifest).update(lock).digest('hex');
  const stamp = join(dir, 'node_modules', '.phasor-matrix-key');
  let installToolsMs = 0;
  if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== key) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'package.json'), manifest);
    writeFileSync(join(dir, 'package-lock.json'), lock);
    // `npm install` on the committed lockfile installs its pinned versions; `npm ci`
    // refuses a lockfile that lists only this platform's optional packages
    // (rollup's, esbuild's, lightningcss's natives), which is what npm writes here.
    installToolsMs = (await run('npm', ['install', ...npmQuiet], dir)).ms;
    mkdirSync(join(dir, 'node_modules'), { recursive: true });
    writeFileSync(stamp, key);
  }
  for (const entry of readdirSync(dir))
    if (entry !== 'node_modules') rmSync(join(dir, entry), { recursive: true, force: true });
  for (const cache of ['.vite', '.cache']) rmSync(join(dir, 'node_modules', cache), { recursive: true, force: true });
  if (withPages) cpSync(join(CONSUMERS, 'page'), dir, { recursive: true });
  cpSync(source, dir, { recursive: true });
  const installPhasorMs = (await run('npm', ['install', '--no-save', '--prefer-offline', ...npmQuiet, tarball], dir))
    .ms;
  return {
    name,
    dir,
    installToolsMs,
    installPhasorMs,
    run: (command, args, timeoutMs, env) => run(command, args, dir, timeoutMs, env),
    write: (file, text) => {
      mkdirSync(join(dir, file, '..'), { recursive: true });
      writeFileSync(join(dir, file), text);
    },
  };
}

/** A page that loads `script` and holds `charts`. */
export function pageHtml(script: string, charts: readonly string[], module = true): string {
  const tags = charts.map((c) =>
    c === 'phasor-heatmap' ? '<phasor-heatmap d-model="32" positions="50"></phasor-heatmap>' : `<${c}></${c}>`,
  );
  return `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>phasor consumer</title></head>\n<body>\n${tags.join('\n')}\n<script ${module ? 'type="module" ' : ''}src="${script}"></script>\n</body></html>\n`;
}
