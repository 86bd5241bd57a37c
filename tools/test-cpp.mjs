// Builds the core natively and runs its GoogleTest suite through CTest, twice:
//   build/native       the default compiler (g++); the core calls the scalar
//                      kernels, as the wasm build without SIMD does.
//   build/native-asan  clang with AddressSanitizer and UndefinedBehaviorSanitizer,
//                      any report fails the run; the core calls the SIMD kernels
//                      (through SIMDe), as the wasm SIMD build does.
// Both compile every kernel, so the SIMD-vs-scalar tests run in both.
//   node tools/test-cpp.mjs                   both
//   node tools/test-cpp.mjs --no-sanitizers   build/native only (the fault script)
import { forgetStaleCache } from './cmake-cache.mjs';
import { clangxx, repoRoot, run } from './run.mjs';

const sanitizers = !process.argv.includes('--no-sanitizers');

function buildAndTest(name, options, env = process.env) {
  const build = `${repoRoot}build/${name}`;
  forgetStaleCache(build);
  run('cmake', ['-S', `${repoRoot}cpp`, '-B', build, '-DCMAKE_BUILD_TYPE=Release', '--log-level=WARNING', ...options], {
    env,
  });
  run('cmake', ['--build', build, '-j', '2'], { env });
  run('ctest', ['--test-dir', build, '--output-on-failure', '-j', '2'], { env });
}

buildAndTest('native', []);
if (sanitizers) {
  console.log(
    'phasor: GoogleTest again under AddressSanitizer + UndefinedBehaviorSanitizer, SIMD kernels through SIMDe',
  );
  buildAndTest(
    'native-asan',
    [`-DCMAKE_CXX_COMPILER=${clangxx()}`, '-DPHASOR_SANITIZE=ON', '-DPHASOR_CALL_SIMD_KERNELS=ON'],
    {
      ...process.env,
      ASAN_OPTIONS: 'detect_leaks=1:abort_on_error=1:strict_string_checks=1:detect_stack_use_after_return=1',
      UBSAN_OPTIONS: 'print_stacktrace=1:halt_on_error=1',
    },
  );
}
