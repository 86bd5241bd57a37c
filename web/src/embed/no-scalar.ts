// Stands in for the scalar build in the embed script, which ships only the
// SIMD build (every current browser has wasm SIMD) to stay small.
const createPhasorModule = (): Promise<never> =>
  Promise.reject(new Error('this browser lacks WebAssembly SIMD, which phasor-embed.js needs'));
export default createPhasorModule;
