// Drawing primitives: typed arrays and d3 scales in, pixels out. Nothing here
// knows about wasm or about the charts that use it.
export * from './axes.js';
export * from './colour-lut.js';
export * from './colour-schemes.js';
export * from './format.js';
export * from './frame.js';
export * from './heatmap.js';
export * from './hidpi-canvas.js';
export * from './legend.js';
export * from './line-plot.js';
export * from './tooltip.js';
