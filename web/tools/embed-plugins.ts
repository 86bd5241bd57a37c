// Vite plugins that make the embed script self-contained; used by
// vite.embed.config.ts (the build) and vite.config.ts (the dev server, so the
// example post works under `npm start` too).
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

const repoRoot = resolve(import.meta.dirname, '../..');

/** `virtual:phasor-wasm-gzip-base64`: the SIMD core wasm, gzipped, as a base64 string. */
export function inlineWasm(): Plugin {
  const id = 'virtual:phasor-wasm-gzip-base64';
  return {
    name: 'phasor-inline-wasm',
    resolveId: (source) => (source === id ? `\0${id}` : null),
    load(loadId) {
      if (loadId !== `\0${id}`) return null;
      const bytes = readFileSync(resolve(repoRoot, 'web/src/core/wasm/phasor.wasm'));
      return `export default ${JSON.stringify(gzipSync(bytes, { level: 9 }).toString('base64'))};`;
    },
  };
}

/**
 * The glue points at its .wasm with new URL("phasor.wasm", import.meta.url),
 * which a library build would inline a second time; the embed hands over the
 * core's bytes and the experiments' URL itself (web/src/embed/inline-wasm.ts),
 * so the glue's reference is dropped.
 */
export function dropGlueWasmUrl(): Plugin {
  const reference = /new URL\("(phasor(?:-experiments)?\.wasm)",import\.meta\.url\)\.toString\(\)/;
  return {
    name: 'phasor-drop-glue-wasm-url',
    apply: 'build',
    transform(code, id) {
      if (!/\/core\/wasm\/phasor(-experiments)?\.js$/.test(id)) return null;
      if (!reference.test(code)) this.error(`the Emscripten glue no longer matches ${reference}`);
      return code.replace(reference, '"$1"');
    },
  };
}

/** In development, the example post's ./phasor-embed.js is the embed entry's source, and its icon the explorer's. */
export function serveEmbedInDev(): Plugin {
  return {
    name: 'phasor-serve-embed-in-dev',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url?.startsWith('/examples/phasor-embed.js')) req.url = '/src/embed/phasor-embed.ts';
        if (req.url === '/examples/favicon.svg') req.url = '/explorer/favicon.svg';
        next();
      });
    },
  };
}
