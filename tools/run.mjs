// Runs a command with inherited output; exits the process with a clear line if it fails.
import { spawnSync } from 'node:child_process';

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.error || result.status !== 0) {
    const why = result.error ? result.error.message : `exit code ${result.status}`;
    console.error(`phasor: '${[command, ...args].join(' ')}' failed (${why})`);
    process.exit(1);
  }
}

export function has(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

// clang++ for the sanitizer and fuzzer builds: Debian's Emscripten brings clang-14.
export function clangxx() {
  return ['clang++-14', 'clang++'].find(has) ?? 'clang++';
}

export const repoRoot = new URL('../', import.meta.url).pathname;
