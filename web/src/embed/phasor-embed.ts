// phasor-embed.js: one static file that defines every phasor chart element
// with the wasm inside. Import order matters: the wasm is registered before
// the elements module defines (and so may start rendering) the elements.
import './inline-wasm.js';

export * from '../elements/index.js';
