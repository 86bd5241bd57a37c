// Builds the core natively and runs its GoogleTest suite through CTest.
import { repoRoot, run } from './run.mjs';

const build = `${repoRoot}build/native`;
run('cmake', ['-S', repoRoot, '-B', build, '-DCMAKE_BUILD_TYPE=Release', '--log-level=WARNING']);
run('cmake', ['--build', build, '-j', '2']);
run('ctest', ['--test-dir', build, '--output-on-failure']);
