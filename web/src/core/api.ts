// What both compute entries export besides createPhasor; they differ only in
// where the wasm comes from (index.ts: inlined; lean.ts: files next to the module).
export { Phasor, setDefaultLoadOptions } from './phasor.js';
export { supportsSimd, type LoadOptions, type WasmBytes } from './load.js';
export { VERSION } from './version.js';
export type * from './types.js';
export type * from './identify-types.js';
export { FREQUENCY_RECIPES, PRECISIONS } from './identify-types.js';
export { LAYOUTS, METRICS, ODD_WIDTHS, ORDERS, SPACINGS } from './types.js';
export { CONVENTION_NAMES } from './conventions.js';
export type { LimitName, WasmLimits } from './wasm-module.js';
export type * from './rope-types.js';
export type * from './attention-types.js';
export type * from './experiment-types.js';
export { PAIRINGS, ROPE_DIMS, ROPE_SCALING_TYPES } from './rope-types.js';
export { ATTENTION_KINDS } from './attention-types.js';
export { SHIFT_ENCODINGS } from './experiment-types.js';
export { ROPE_PRESET_NAMES, ROPE_PRESETS } from './rope-presets.js';
export type { RopePreset, RopePresetName } from './rope-presets.js';
export type { IdentifyRopeOptions, RopeCandidate, RopeIdentification, RopeNumbers } from './rope-identify-types.js';
export type {
  RopeBaseBoundOptions,
  RopeDecayOptions,
  RopeRandomScores,
  RopeRandomScoresOptions,
} from './rope-decay.js';
export type * from './rope-config-types.js';
export type { LayerTypeContext, RopeFamily } from './rope-config-families.js';
export { ROPE_FAMILIES } from './rope-config-families.js';
export type { AttentionPattern, AttentionPatternOptions } from './attention-patterns.js';
export type * from './window-types.js';
