// Installs what `npm start` and `npm test` need on a fresh clone, or stops
// with one line naming what is missing. Node modules from the lockfile;
// Emscripten, CMake, a C++ compiler, GoogleTest, SIMDe, clang's sanitizer
// runtimes and Chromium from Debian.
//   node web/tools/setup.mjs            what `npm start` needs
//   node web/tools/setup.mjs --browser  also what `npm test` needs
import { existsSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { has, repoRoot, run } from './run.mjs';

const forTests = process.argv.includes('--browser');

function nodeModulesStale() {
  const marker = `${repoRoot}node_modules/.package-lock.json`;
  if (!existsSync(marker)) return true;
  return statSync(`${repoRoot}package-lock.json`).mtimeMs > statSync(marker).mtimeMs;
}

function debianPackageInstalled(name) {
  const r = spawnSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8' });
  return r.status === 0 && r.stdout.includes('install ok installed');
}

// [what we need, how to tell it is there, the Debian package that provides it]
const needs = [
  ['Emscripten (emcc)', () => has('emcc'), 'emscripten'],
  ['CMake', () => has('cmake'), 'cmake'],
];
if (forTests) {
  needs.push(
    ['a C++ compiler (g++)', () => has('g++'), 'g++'],
    ['GoogleTest', () => debianPackageInstalled('libgtest-dev'), 'libgtest-dev'],
    ['Chromium', () => existsSync('/usr/bin/chromium'), 'chromium'],
    // Chromium's own recommends pull in udev, upower and other services; the
    // one recommend the charts need is a font with metrics for their labels.
    ['the Liberation fonts', () => debianPackageInstalled('fonts-liberation'), 'fonts-liberation'],
    // The native tests compile the wasm SIMD kernels through SIMDe's portable
    // wasm intrinsics; the sanitizer and fuzzer builds need clang's runtimes
    // (ASan, UBSan, libFuzzer), only a recommend of clang-14 (which Emscripten brings).
    ['SIMDe (simde/wasm/simd128.h)', () => debianPackageInstalled('libsimde-dev'), 'libsimde-dev'],
    ['clang++', () => has('clang++-14') || has('clang++'), 'clang-14'],
    ['the sanitizer and libFuzzer runtimes of clang', () => debianPackageInstalled('libclang-rt-14-dev'), 'libclang-rt-14-dev'],
  );
}

const missing = needs.filter(([, present]) => !present());
if (missing.length > 0) {
  const names = missing.map(([what]) => what).join(', ');
  const packages = missing.map(([, , pkg]) => pkg);
  const canInstall = process.getuid?.() === 0 && has('apt-get');
  if (!canInstall) {
    console.error(`phasor: missing ${names}; install the Debian packages: apt-get install ${packages.join(' ')}`);
    process.exit(1);
  }
  console.log(`phasor: installing ${names} (apt-get install ${packages.join(' ')})`);
  run('apt-get', ['update', '-qq'], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

if (nodeModulesStale()) {
  console.log('phasor: installing node modules (npm ci)');
  run('npm', ['ci', '--no-audit', '--no-fund'], { cwd: repoRoot });
}
