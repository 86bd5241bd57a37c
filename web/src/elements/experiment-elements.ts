// The RoPE and attention charts (the second wasm module), loaded by need.
/**
 * The RoPE and attention charts by the tag that asks for them, each from its
 * own module (a chunk of its own in the embed). The key only says when to
 * load; the element is defined under its own `tag` (a browser test checks
 * that the two agree).
 */
export const EXPERIMENT_ELEMENTS: Record<string, () => Promise<{ tag: string } & CustomElementConstructor>> = {
  'phasor-attention-offset': () => import('./attention-offset-element.js').then((m) => m.PhasorAttentionOffsetElement),
  'phasor-shift-fit': () => import('./shift-fit-element.js').then((m) => m.PhasorShiftFitElement),
  'phasor-base-length': () => import('./base-length-element.js').then((m) => m.PhasorBaseLengthElement),
  'phasor-embedding-scale': () => import('./embedding-scale-element.js').then((m) => m.PhasorEmbeddingScaleElement),
  'phasor-rope-scaling': () => import('./rope-scaling-element.js').then((m) => m.PhasorRopeScalingElement),
  'phasor-rope-decay': () => import('./rope-decay-element.js').then((m) => m.PhasorRopeDecayElement),
  'phasor-attention-patterns': () =>
    import('./attention-patterns-element.js').then((m) => m.PhasorAttentionPatternsElement),
};
