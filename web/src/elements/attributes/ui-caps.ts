// Attribute ranges that are the charts' own choices, narrower than what the
// core accepts (ph.limits bounds the rest, through core-limits.ts). A cap
// with a reason says it; the others are where a chart's axes, legend and
// read-outs were laid out to stop.

/** A chart's base or θ (the core takes up to ph.limits.maxBase). */
export const CHART_MAX_BASE = 1e15;

/** Largest table a chart element computes for its CSV or a dense view (positions × d-model values): 64 MB of float32. */
export const MAX_CELLS = 1 << 24;

/** Positions a table chart spans before any zoom (zooming reaches every position the core accepts). */
export const TABLE_POSITIONS = 1 << 24;

/** Dimensions the encoding chart draws at once, each with its legend entry. */
export const MOST_DIMENSIONS = 12;

/** Curves overlaid on one chart (the dot product's starting positions, the attention anchors): one colour each in either palette (Set2 has 8). */
export const MOST_CURVES = 8;

/** The distance matrix's n: its CSV is the n × n matrix, at most MAX_CELLS values. */
export const DISTANCE_POSITIONS = 4096;

/** The rotation chart's d-model: its CSV is the whole d × d matrix M_k. */
export const ROTATION_D_MODEL = 2048;

/** Positions the rotation chart checks M_k over (a few milliseconds at a time). */
export const ROTATION_POSITIONS = 1 << 20;

/** Offsets on the dot-product chart before any zoom. */
export const DOT_MAX_OFFSET = 1 << 20;

/** Bases the base chart compares, a row and a colour each. */
export const MOST_BASES = 6;

/** The base chart's min-offset, and the length it may mark. */
export const BASE_MIN_OFFSET = 1 << 20;
export const BASE_MARKED_LENGTH = 2 ** 30;

/** The shift-fit chart's stride between fitted positions. */
export const SHIFT_FIT_STRIDE = 1 << 20;

/** The attention patterns' d-model (the core takes up to ph.limits.maxAttentionWidth). */
export const PATTERNS_D_MODEL = 1024;

/** The RoPE scaling and decay charts' rotary width. */
export const ROPE_DIM = 4096;

/** The decay chart's longest distance (the core takes up to ph.limits.maxRopeDecayDistance). */
export const DECAY_MAX_DISTANCE = 1 << 16;

/** A scaling's training length in the RoPE charts. */
export const ORIGINAL_LENGTH = 2 ** 30;

/** Multiply-adds the decay chart's measured curves may take a redraw: samples are cut on long axes to stay within it. */
export const DECAY_MEASURED_WORK = 2 ** 22;
