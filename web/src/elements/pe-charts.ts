// The charts of the PE core (phasor.wasm), which every bundle defines at once.
// Registering a chart is its line here, or in experiment-charts.ts when it
// calls the RoPE and attention API (registry.ts reads both).
export * from './frequencies-element.js';
export * from './encoding-element.js';
export * from './heatmap-element.js';
export * from './dot-offset-element.js';
export * from './distance-element.js';
export * from './rotation-element.js';
