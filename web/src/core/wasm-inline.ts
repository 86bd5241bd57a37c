// The wasm bytes inside JavaScript modules (gzip, base64), so loading needs
// nothing from a bundler or server: esbuild, Rollup, Parcel, webpack, Vite's
// dev server, Node, workers, jsdom and happy-dom all just import a module.
// Each build is its own module, imported only when first used: bundlers that
// split code fetch the one a page needs. Over a gzip connection the inlined
// bytes cost what the .wasm file would (tools/build-wasm.mjs writes them).
import type { Kernels, ModuleName, WasmSource } from './load.js';

async function gzipBase64(module: ModuleName, kernels: Kernels): Promise<string> {
  if (module === 'phasor') {
    return (
      kernels === 'simd' ? await import('./wasm/phasor.inline.js') : await import('./wasm/phasor-scalar.inline.js')
    ).default;
  }
  return (
    kernels === 'simd'
      ? await import('./wasm/phasor-experiments.inline.js')
      : await import('./wasm/phasor-experiments-scalar.inline.js')
  ).default;
}

function decodeBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Gunzips with the platform's DecompressionStream, or with fflate where there is none (Safari before 16.4, Firefox before 113). */
export async function gunzip(bytes: Uint8Array): Promise<Uint8Array> {
  if (typeof DecompressionStream === 'function') {
    try {
      const input = new ReadableStream<BufferSource>({
        start(controller) {
          controller.enqueue(bytes as Uint8Array<ArrayBuffer>);
          controller.close();
        },
      });
      const reader = input.pipeThrough(new DecompressionStream('gzip')).getReader();
      const parts: Uint8Array[] = [];
      let length = 0;
      for (let r = await reader.read(); !r.done; r = await reader.read()) {
        parts.push(r.value);
        length += r.value.length;
      }
      const out = new Uint8Array(length);
      let at = 0;
      for (const part of parts) {
        out.set(part, at);
        at += part.length;
      }
      return out;
    } catch {
      // A DOM emulation's streams that do not fit the runtime's: use fflate.
    }
  }
  const { gunzipSync } = await import('fflate');
  return gunzipSync(bytes);
}

export const inlineSource: WasmSource = {
  name: 'inline',
  locate: async (module, kernels) => gunzip(decodeBase64(await gzipBase64(module, kernels))),
};
