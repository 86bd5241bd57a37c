// The embed script carries the PE core's wasm inside itself, gzip-compressed
// and base64-encoded: a blogger hosts one file, a page under
// `default-src 'self'` needs no fetch of a data: URL, and the compressed bytes
// cost about what the .wasm would over a gzip connection. The RoPE and
// attention module stays a sibling file, fetched only by pages that use those
// charts.
import wasmGzipBase64 from 'virtual:phasor-wasm-gzip-base64';
import { setDefaultLoadOptions } from '../core/index.js';

async function gunzipBase64(base64: string): Promise<Uint8Array> {
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

setDefaultLoadOptions({
  kernels: 'simd',
  wasmBinary: gunzipBase64(wasmGzipBase64),
  // Concatenated so the bundler leaves it a URL next to this script instead of inlining it.
  experimentsWasmUrl: new URL('./' + 'phasor-experiments.wasm', import.meta.url),
});
