// The embed script carries its wasm inside itself (base64), so a blogger hosts
// one file, and a page under `default-src 'self'` needs no fetch of a data:
// URL: the bytes are decoded here and handed to the shared instance.
import wasmBase64 from 'virtual:phasor-wasm-base64';
import { setDefaultLoadOptions } from '../core/index.js';

function decodeBase64(base64: string): Uint8Array {
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

setDefaultLoadOptions({ kernels: 'simd', wasmBinary: decodeBase64(wasmBase64) });
