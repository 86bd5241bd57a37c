// Provided by the inlineWasm plugin (web/tools/embed-plugins.ts).
declare module 'virtual:phasor-wasm-gzip-base64' {
  const gzipBase64: string;
  export default gzipBase64;
}
