// Packs phasor with `npm pack` (which runs prepack: the wasm and dist/ builds)
// and installs the tarball into a fresh consumer project, as a user would.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const repoRoot = new URL('../../../', import.meta.url).pathname;

export interface PackedConsumer {
  tarball: string;
  /** A project whose node_modules holds phasor installed from the tarball. */
  dir: string;
}

export function packAndInstall(name: string): PackedConsumer {
  const work = join(repoRoot, 'build', 'pack-test');
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  execFileSync('npm', ['pack', '--pack-destination', work, '--silent'], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] });
  const tarball = join(work, readdirSync(work).find((f) => f.endsWith('.tgz'))!);
  const dir = join(work, name);
  mkdirSync(dir);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `phasor-${name}`, private: true, type: 'module' }));
  // Its dependencies (d3 modules) come from the npm cache the repo's install filled.
  execFileSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--silent', tarball], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return { tarball, dir };
}

export function tarballFiles(tarball: string): string[] {
  return execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).trim().split('\n');
}
