// The declarations of `phasor/embed` (dist/embed/phasor-embed.d.ts; the
// script itself is built by vite.embed.config.ts). Importing it defines the
// chart elements; the RoPE and attention ones are defined when one of them
// appears on the page. The classes are the embed's own copies of those in
// `phasor/elements`, with the same shape.
export * from '../elements/pe-charts.js';
