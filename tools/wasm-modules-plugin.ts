// Where Vite and Vitest find the wasm build: web/src/core imports its glue
// from ./wasm/ (as the published package has it, dist/core/wasm/), and the
// build writes it to build/core/wasm/ (cpp/CMakeLists.txt). This plugin maps
// the one onto the other, as tsconfig.json's rootDirs does for TypeScript:
// imports that land in web/src/core/wasm/, and the lean entry's
// `new URL('./wasm/….wasm', import.meta.url)`, which Node reads from disk.
import { dirname, relative, resolve, sep } from 'node:path';
import type { Plugin } from 'vite';

export function wasmModules(repoRoot: string): Plugin {
  const source = resolve(repoRoot, 'web/src/core/wasm');
  const built = resolve(repoRoot, 'build/core/wasm');
  const core = resolve(repoRoot, 'web/src/core');
  return {
    name: 'phasor-wasm-modules',
    enforce: 'pre',
    resolveId(id, importer) {
      if (!importer || !id.startsWith('.')) return null;
      const target = resolve(dirname(importer), id);
      return target.startsWith(source + sep) ? built + target.slice(source.length) : null;
    },
    transform(code, id) {
      if (!id.startsWith(core + sep) || !code.includes("new URL('./wasm/")) return null;
      const to = relative(dirname(id), built).split(sep).join('/');
      return { code: code.replaceAll("new URL('./wasm/", `new URL('${to}/`), map: null };
    },
  };
}
