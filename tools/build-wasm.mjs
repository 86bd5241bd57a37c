// Builds the wasm modules (SIMD and scalar, the core and the experiments)
// into build/core/wasm/ with Debian's Emscripten: the two CMake commands
// cpp/CMakeLists.txt documents, which also finish each glue for the
// TypeScript (tools/finish-wasm.mjs, run by CMake after linking).
import { forgetStaleCache } from './cmake-cache.mjs';
import { repoRoot, run } from './run.mjs';

const build = `${repoRoot}build/wasm`;
forgetStaleCache(build, `${repoRoot}cpp`); // a copied checkout's cache would write the wasm into the old folder

run('emcmake', ['cmake', '-S', `${repoRoot}cpp`, '-B', build, '-DCMAKE_BUILD_TYPE=Release', '--log-level=WARNING']);
run('cmake', ['--build', build, '-j', '2']);
