// A CMake build folder remembers the source folder and the build folder it was
// configured for. A copied or moved checkout carries build/ along; CMake then
// refuses to run there ("CMakeCache.txt directory ... is different"), or, worse,
// keeps building the old folder's sources and writing into it. Each build
// script calls forgetStaleCache(buildDir) before configuring: when the cache
// names another place, the folder is removed and configured afresh.
import { existsSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { repoRoot } from './run.mjs';

function canonical(path) {
  const absolute = resolve(path);
  return existsSync(absolute) ? realpathSync(absolute) : absolute;
}

function cacheEntry(text, name) {
  return new RegExp(`^${name}:INTERNAL=(.*)$`, 'm').exec(text)?.[1];
}

/** Returns true when it removed buildDir because its cache belonged to another checkout. */
export function forgetStaleCache(buildDir, sourceDir = `${repoRoot}cpp`) {
  const cache = `${buildDir}/CMakeCache.txt`;
  if (!existsSync(cache)) return false;
  const text = readFileSync(cache, 'utf8');
  const source = cacheEntry(text, 'CMAKE_HOME_DIRECTORY');
  const configuredIn = cacheEntry(text, 'CMAKE_CACHEFILE_DIR');
  if (
    source !== undefined &&
    configuredIn !== undefined &&
    canonical(source) === canonical(sourceDir) &&
    canonical(configuredIn) === canonical(buildDir)
  ) {
    return false;
  }
  console.log(
    `phasor: ${relative(repoRoot, buildDir) || buildDir} was configured for ${source ?? 'an unknown folder'}; configuring it afresh`,
  );
  rmSync(buildDir, { recursive: true, force: true });
  return true;
}
