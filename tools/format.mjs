// The project's formatting: Prettier for TypeScript, JavaScript, CSS and
// HTML (.prettierrc.json), clang-format 14 for C++ (.clang-format).
//   node tools/format.mjs           rewrite every file in place
//   node tools/format.mjs --check   fail, naming the files, if any differs (npm test)
import { spawnSync } from 'node:child_process';
import { has, repoRoot } from './run.mjs';

const check = process.argv.includes('--check');
const tracked = (patterns) =>
  spawnSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '--', ...patterns], {
    cwd: repoRoot,
    encoding: 'utf8',
  })
    .stdout.split('\n')
    .filter(Boolean);

const cppFiles = tracked(['*.cpp', '*.hpp']);
const clangFormat = ['clang-format-14', 'clang-format'].find(has);
if (!clangFormat) {
  console.error('phasor: clang-format is missing; install the Debian package: apt-get install clang-format-14');
  process.exit(1);
}
const failures = [];
const cpp = spawnSync(clangFormat, [check ? '--dry-run' : '-i', '-Werror', ...cppFiles], {
  cwd: repoRoot,
  encoding: 'utf8',
});
if (cpp.status !== 0) {
  const files = [...new Set([...cpp.stderr.matchAll(/^(\S+?):\d+:\d+: error/gm)].map((m) => m[1]))];
  failures.push(`clang-format: ${files.length ? files.join(', ') : cpp.stderr.trim()}`);
}
const prettier = spawnSync(
  process.execPath,
  [
    `${repoRoot}node_modules/prettier/bin/prettier.cjs`,
    // --list-different names the files on stdout (a quieter log level would hide them).
    ...(check ? ['--list-different'] : ['--write', '--log-level', 'warn']),
    '.',
  ],
  { cwd: repoRoot, encoding: 'utf8' },
);
if (prettier.status !== 0)
  failures.push(`prettier: ${(prettier.stdout + prettier.stderr).trim().split('\n').join(', ')}`);
if (failures.length > 0) {
  console.error(
    `phasor: ${check ? 'not formatted (run node tools/format.mjs)' : 'formatting failed'}:\n  ${failures.join('\n  ')}`,
  );
  process.exit(1);
}
if (!check) console.log(`phasor: formatted ${cppFiles.length} C++ files and the web sources`);
