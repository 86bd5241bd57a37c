// Installs what `npm start` and `npm test` need on a fresh clone, or stops
// with one line naming what is missing. Node modules from the lockfile;
// Emscripten, CMake, a C++ compiler, GoogleTest, SIMDe, clang's sanitizer
// runtimes and Chromium from Debian.
//   node tools/setup.mjs            what `npm start` needs
//   node tools/setup.mjs --browser  also what `npm test` needs
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
    // The fixture scripts and their tests run numpy under Debian's python3.
    ['numpy for /usr/bin/python3', () => debianPackageInstalled('python3-numpy'), 'python3-numpy'],
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
    // npm test checks the C++ formatting with the clang-format the style was written with.
    ['clang-format 14', () => has('clang-format-14'), 'clang-format-14'],
    [
      'the sanitizer and libFuzzer runtimes of clang',
      () => debianPackageInstalled('libclang-rt-14-dev'),
      'libclang-rt-14-dev',
    ],
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

// phasor is built and tested with Emscripten 3.1.6 (Debian 12's); another
// version may well work, so say what was found and carry on.
const TESTED_EMSCRIPTEN = '3.1.6';
const emccVersion = spawnSync('emcc', ['--version'], {
  encoding: 'utf8',
  env: { ...process.env, NODE_PATH: process.env.NODE_PATH ?? '/usr/share/nodejs' },
});
const foundEmscripten = /\b(\d+\.\d+\.\d+)\b/.exec(emccVersion.stdout ?? '')?.[1];
if (foundEmscripten !== TESTED_EMSCRIPTEN) {
  console.warn(
    `phasor: found Emscripten ${foundEmscripten ?? `of unknown version ('emcc --version' said: ${(emccVersion.stdout || emccVersion.stderr || String(emccVersion.error)).split('\n')[0]})`}; phasor is tested with ${TESTED_EMSCRIPTEN}, continuing with it`,
  );
}

if (nodeModulesStale()) {
  console.log('phasor: installing node modules (npm ci)');
  run('npm', ['ci', '--no-audit', '--no-fund'], { cwd: repoRoot });
}
