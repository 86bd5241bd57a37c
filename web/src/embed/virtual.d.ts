// Provided by the inlineWasm plugin of vite.embed.config.ts.
declare module 'virtual:phasor-wasm-base64' {
  const base64: string;
  export default base64;
}
