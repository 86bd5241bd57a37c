// Running the `phasor` command in the unit tests: its sources compiled by
// tsc with the package's own build/tsconfig.cli.json (tools/lib-tsconfig.mjs,
// as tools/build-lib.mjs builds dist/cli; only the output folder differs),
// next to the built wasm glue (build/core/wasm), then run by Node as a child process,
// as `npx phasor` runs dist/cli/phasor.js. A build is kept under
// build/cli-test/<hash of the sources>, so test files and reruns share it.
import { execFile, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeTsconfig } from '../../tools/lib-tsconfig.mjs';

export const repoRoot = new URL('../../', import.meta.url).pathname;
const wasmDir = join(repoRoot, 'build/core/wasm');

function sourcesHash(): string {
  const hash = createHash('sha256');
  for (const dir of ['web/src/cli', 'web/src/cli/commands', 'web/src/check', 'web/src/core', 'build/core/wasm']) {
    for (const file of readdirSync(join(repoRoot, dir)).sort()) {
      if (!/\.(ts|js)$/.test(file)) continue;
      hash.update(file).update(readFileSync(join(repoRoot, dir, file)));
    }
  }
  hash
    .update(readFileSync(join(repoRoot, 'tsconfig.json')))
    .update(readFileSync(join(repoRoot, 'tools/lib-tsconfig.mjs')));
  return hash.digest('hex').slice(0, 16);
}

let built: string | undefined;

/** The path of phasor.js in a build of the current sources (built now if there is none). */
export function cliScript(): string {
  if (built) return built;
  const root = join(repoRoot, 'build/cli-test');
  const dir = join(root, sourcesHash());
  const script = join(dir, 'cli/phasor.js');
  if (!existsSync(script)) {
    const temp = `${dir}.${process.pid}`;
    rmSync(temp, { recursive: true, force: true });
    execFileSync(process.execPath, [
      join(repoRoot, 'node_modules/typescript/bin/tsc'),
      '-p',
      writeTsconfig('cli'),
      '--outDir',
      temp,
    ]);
    mkdirSync(join(temp, 'core/wasm'), { recursive: true });
    for (const file of readdirSync(wasmDir).filter((f) => f.endsWith('.js')))
      cpSync(join(wasmDir, file), join(temp, 'core/wasm', file));
    writeFileSync(join(temp, 'package.json'), '{ "type": "module" }\n');
    try {
      renameSync(temp, dir);
    } catch {
      rmSync(temp, { recursive: true, force: true }); // another test file built it first
    }
    for (const old of readdirSync(root))
      if (!old.includes('.') && join(root, old) !== dir) rmSync(join(root, old), { recursive: true, force: true });
  }
  return (built = script);
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `phasor ...args` in `cwd`. */
export function phasor(args: readonly string[], cwd = repoRoot): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(process.execPath, [cliScript(), ...args], { cwd, maxBuffer: 1 << 28 }, (error, stdout, stderr) => {
      const code = error ? ((error as { code?: number }).code ?? -1) : 0;
      resolve({ code: typeof code === 'number' ? code : -1, stdout, stderr });
    });
  });
}

/** Runs Python 3 with numpy (Debian's /usr/bin/python3, as the fixture scripts) on `code`, `input` on its stdin; returns its stdout. */
export function python(code: string, input = ''): string {
  return execFileSync('/usr/bin/python3', ['-c', code], { encoding: 'utf8', maxBuffer: 1 << 28, input });
}
