// The charts that call the RoPE and attention API (phasor-experiments.wasm,
// loaded on first use). The embed loads each one's module when its tag first
// appears on the page (web/src/embed/phasor-embed.ts). Registering a chart is
// its line here, or in pe-charts.ts (registry.ts reads both).
export * from './experiments/attention-offset-element.js';
export * from './experiments/shift-fit-element.js';
export * from './experiments/base-length-element.js';
export * from './experiments/embedding-scale-element.js';
export * from './experiments/rope-scaling-element.js';
export * from './experiments/rope-decay-element.js';
export * from './experiments/attention-patterns-element.js';
