// Builds the libFuzzer harness (tests/fuzz/fuzz_entry_points.cpp) with clang,
// AddressSanitizer and UndefinedBehaviorSanitizer into build/fuzz, and runs it
// over the committed seeds (tests/fuzz/corpus/) for a bounded time. A failed
// invariant or a sanitizer report stops it with the input saved in
// build/fuzz/artifacts/ (replay: build/fuzz/phasor_fuzz <file>).
//   node tools/fuzz.mjs            60 s, fixed seed (what npm test runs)
//   node tools/fuzz.mjs 600        longer, a new random seed each run (npm run fuzz -- 600)
import { mkdirSync } from 'node:fs';
import { forgetStaleCache } from './cmake-cache.mjs';
import { clangxx, repoRoot, run } from './run.mjs';

const given = process.argv[2];
const seconds = given === undefined ? 60 : Number(given);
if (!Number.isInteger(seconds) || seconds < 1) {
  console.error(`phasor: fuzz takes a number of seconds (a positive integer); got ${given}`);
  process.exit(1);
}
const build = `${repoRoot}build/fuzz`;
forgetStaleCache(build);
run('cmake', [
  '-S',
  `${repoRoot}cpp`,
  '-B',
  build,
  '-DCMAKE_BUILD_TYPE=Release',
  '--log-level=WARNING',
  `-DCMAKE_CXX_COMPILER=${clangxx()}`,
  '-DPHASOR_FUZZ=ON',
]);
run('cmake', ['--build', build, '-j', '2', '--target', 'phasor_fuzz']);

// New inputs go to build/fuzz/corpus (the first folder); the seeds are only read.
for (const folder of ['corpus', 'artifacts']) mkdirSync(`${build}/${folder}`, { recursive: true });
console.log(`phasor: fuzzing the entry points for ${seconds} s under ASan + UBSan`);
run(
  `${build}/phasor_fuzz`,
  [
    `${build}/corpus`,
    `${repoRoot}tests/fuzz/corpus`,
    `-max_total_time=${seconds}`,
    `-seed=${given === undefined ? 1 : 0}`, // 0: libFuzzer picks one
    '-timeout=30', // seconds for one input: the harness caps sizes, so this is a hang
    '-rss_limit_mb=2048',
    '-max_len=1024',
    '-print_final_stats=1',
    `-artifact_prefix=${build}/artifacts/`,
  ],
  {
    env: {
      ...process.env,
      ASAN_OPTIONS: 'detect_leaks=1:abort_on_error=1',
      UBSAN_OPTIONS: 'print_stacktrace=1:halt_on_error=1',
    },
  },
);
