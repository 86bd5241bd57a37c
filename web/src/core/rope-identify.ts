// ph.identifyRope: which RoPE made this inverse-frequency vector or cos/sin
// cache? Candidates are fitted from the numbers (theta from the log-linear
// frequencies, a scaling from the ratio to the unscaled ones, the pairing from
// which columns repeat, the attention factor from the amplitude), then each is
// recomputed by the core (ropeFrequencies) and measured against the input, so
// a candidate's maxError is what its options really give.
import { readNumbers } from './caller-arrays.js';
import { fitFrequency, layoutOf } from './rope-cache-phases.js';
import { limitsOf } from './module-tables.js';
import { OptionReader } from './options.js';
import { ropeFrequencies } from './rope.js';
import { ROPE_PRESET_NAMES, ROPE_PRESETS, type RopePresetName } from './rope-presets.js';
import type { Pairing, RopeFrequencyOptions, RopeScaling } from './rope-types.js';
import type { ExperimentsWasm } from './wasm-module.js';

export interface IdentifyRopeOptions {
  /** transformers' inv_freq: ω_i for i < rotaryDim/2. */
  invFreq?: Float64Array | Float32Array | readonly number[];
  /** A cos cache, row-major, one row per position (width = its last dimension). */
  cos?: Float64Array | Float32Array | readonly number[];
  sin?: Float64Array | Float32Array | readonly number[];
  /** The position of each cache row; default 0, 1, …; two rows one position apart are needed to unwrap the phases. */
  positions?: Float64Array | readonly number[];
  /** Width of a cache row; default cos.length / positions.length. */
  width?: number;
  /** The attention head width, when known: rotaryDim < headDim is partial rotary. */
  headDim?: number;
}

export interface RopeCandidate {
  theta: number;
  /** The scaling, as ropeFrequencies takes it (undefined: none). */
  scaling?: RopeScaling;
  /** What cos and sin are multiplied by (measured from a cache; the scaling's default for inv_freq, which cannot show it). */
  attentionFactor: number;
  /** The cache's layout: 'half' = cat(freqs, freqs) (rotate_half), 'adjacent' = each repeated (GPT-J); undefined when it cannot tell (inv_freq, or one copy per pair). */
  pairing?: Pairing;
  rotaryDim: number;
  /** headDim given: the rotated fraction (transformers' partial_rotary_factor). */
  partialRotaryFactor?: number;
  /** A real model whose RoPE this is (rope-presets.ts). */
  preset?: RopePresetName;
  /** ropeFrequencies options that reproduce the candidate. */
  options: RopeFrequencyOptions;
  /** inv_freq: max relative error of ω; cache: max |cos, sin − candidate's|. */
  maxError: number;
  /** The error allowed for a match (float32 arithmetic). */
  tolerance: number;
  note?: string;
}

export interface RopeIdentification {
  match: boolean;
  candidates: RopeCandidate[];
  /** One sentence: the verdict, or what is nearest and how it differs. */
  message: string;
}

const REL_TOLERANCE = 4e-6; // float32 inv_freq as transformers computes it (pow in float32): ~1e-6
const LENGTHS = [256, 512, 1024, 2048, 4096, 8192, 16384, 32768, 65536, 131072, 262144];
const ROUND_BASES = [1e4, 5e5, 1e6, 1e5, 1e7, 5e6, 1e9, 5e4, 2e5];
const SIMPLER: Record<string, number> = {
  none: 0,
  linear: 1,
  ntk: 2,
  'dynamic-ntk': 2,
  llama3: 3,
  yarn: 4,
  longrope: 5,
};

/** A fitted number as its config would write it: 6 significant digits when within float32 rounding of them. */
const tidy = (x: number) => {
  const round = +x.toPrecision(6);
  return Math.abs(x / round - 1) < 2e-7 ? round : x;
};
/** theta itself when a round base is within `rel`, else the fitted value, tidied. */
const snap = (theta: number, rel = 1e-6) => ROUND_BASES.find((b) => Math.abs(theta / b - 1) < rel) ?? tidy(theta);

interface Fitted {
  theta: number;
  scaling?: RopeScaling;
  preset?: RopePresetName;
  note?: string;
}

/** Least squares of y on x: [intercept, slope]. */
function line(x: number[], y: number[]): [number, number] {
  const n = x.length;
  const mx = x.reduce((a, b) => a + b, 0) / n;
  const my = y.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (let k = 0; k < n; k++) [sxy, sxx] = [sxy + (x[k] - mx) * (y[k] - my), sxx + (x[k] - mx) ** 2];
  const slope = sxx > 0 ? sxy / sxx : 0;
  return [my - slope * mx, slope];
}

/** The candidates worth measuring for frequencies ω (rotary width 2·ω.length). */
function fits(omega: Float64Array): Fitted[] {
  const h = omega.length;
  const r = 2 * h;
  const idx = Array.from({ length: h }, (_, i) => i);
  const logs = Array.from(omega, (w) => Math.log(w));
  const out: Fitted[] = [];
  if (h < 2) return [{ theta: 10000, scaling: omega[0] === 1 ? undefined : { type: 'linear', factor: 1 / omega[0] } }];
  // default / linear / a changed base (NTK, dynamic NTK): log ω linear in i.
  const [a, b] = line(idx, logs);
  const thetaAll = Math.exp((-b * r) / 2);
  const factor = tidy(Math.exp(-a));
  const rounded = snap(thetaAll, 1e-4);
  out.push({ theta: rounded, ...(Math.abs(factor - 1) < 1e-6 ? {} : { scaling: { type: 'linear', factor } }) });
  if (rounded === thetaAll && thetaAll > 1e4) {
    const base = [...ROUND_BASES].filter((t) => t < thetaAll).sort((x, y) => y - x)[0] ?? 1e4;
    out.push({
      theta: base,
      scaling: { type: 'ntk', factor: (thetaAll / base) ** ((r - 2) / r) },
      note: `a base change from θ = ${base} (NTK or dynamic NTK at some length); θ' = ${thetaAll.toPrecision(8)} fits as well`,
    });
  }
  // Schemes that keep the fast pairs: θ from pair 1, the ratio to the unscaled ω shows the scheme.
  const theta = snap(omega[1] ** (-r / 2), 1e-4);
  const ratio = Array.from(omega, (w, i) => w * theta ** ((2 * i) / r));
  const least = Math.min(...ratio);
  const f = Math.abs(1 / least - Math.round(1 / least)) < 1e-4 ? Math.round(1 / least) : 1 / least;
  if (Math.abs(omega[0] - 1) < 1e-9 && f > 1 + 1e-9) {
    for (const L of LENGTHS) {
      out.push({ theta, scaling: { type: 'yarn', factor: f, originalLength: L } });
      out.push({ theta, scaling: { type: 'yarn', factor: f, originalLength: L, truncate: false } });
      for (const high of [4, 2, 8])
        out.push({
          theta,
          scaling: { type: 'llama3', factor: f, originalLength: L, lowFreqFactor: 1, highFreqFactor: high },
        });
    }
    // yarn without truncation: the ramp's start gives L directly (betaFast 32).
    const ramp = ratio.map((q) => (1 - q) / (1 - 1 / f));
    const mid = idx.filter((i) => ramp[i] > 1e-9 && ramp[i] < 1 - 1e-9);
    if (mid.length >= 2) {
      const [c0, c1] = line(
        mid,
        mid.map((i) => ramp[i]),
      );
      const low = -c0 / c1;
      const L = 2 * Math.PI * 32 * Math.exp((2 * low * Math.log(theta)) / r);
      out.push({ theta, scaling: { type: 'yarn', factor: f, originalLength: L, truncate: false } });
    }
  }
  // Per-pair factors: longrope (any vector fits; measured last).
  if (ratio.some((q) => Math.abs(q - ratio[0]) > 1e-6)) {
    const ext = ratio.map((q) => 1 / q);
    out.push({
      theta,
      scaling: { type: 'longrope', factor: 1, originalLength: 4096, shortFactor: ext, longFactor: ext },
      note: 'per-pair factors relative to θ: longrope fits any frequencies, so it explains little',
    });
  }
  return out;
}

/**
 * The presets' frequencies as candidates (short and long factors for longrope);
 * only scaled ones: unscaled θ = 1e4 is half the presets, naming one would mislead.
 */
function presetFits(): Fitted[] {
  const out: Fitted[] = [];
  for (const name of ROPE_PRESET_NAMES) {
    const p = ROPE_PRESETS[name];
    if (!p.scaling) continue;
    out.push({ theta: p.theta, scaling: p.scaling, preset: name });
    if (p.scaling?.type === 'longrope') {
      out.push({
        theta: p.theta,
        scaling: { ...p.scaling, sequenceLength: p.scaling.originalLength! + 1 },
        preset: name,
        note: 'the long factors (a call past originalLength)',
      });
    }
  }
  return out;
}

/** ω and the attention factor of a fitted candidate at rotary width r, or undefined when the core refuses it. */
function frequenciesOf(
  wasm: ExperimentsWasm,
  c: Fitted,
  r: number,
): { omega: Float64Array; attention: number } | undefined {
  const options: RopeFrequencyOptions = c.preset
    ? { preset: c.preset, dim: r, rotaryDim: r, ...(c.scaling ? { scaling: c.scaling } : {}) }
    : { dim: r, theta: c.theta, ...(c.scaling ? { scaling: c.scaling } : {}) };
  try {
    const f = ropeFrequencies(wasm, options);
    return { omega: f.frequencies, attention: f.attentionFactor };
  } catch {
    return undefined;
  }
}

function optionsOf(c: Fitted, r: number, attention: number | undefined): RopeFrequencyOptions {
  if (c.preset)
    return {
      preset: c.preset,
      ...(c.scaling?.sequenceLength ? { scaling: { sequenceLength: c.scaling.sequenceLength } as RopeScaling } : {}),
    };
  let scaling = c.scaling;
  // A cache's amplitude the scaling's default does not give: name it.
  if (attention !== undefined) {
    if (!scaling)
      scaling =
        attention === 1 ? undefined : { type: 'yarn', factor: 1, originalLength: 4096, attentionFactor: attention };
    else scaling = { ...scaling, attentionFactor: attention };
  }
  return { dim: r, theta: c.theta, ...(scaling ? { scaling } : {}) };
}

export function identifyRope(wasm: ExperimentsWasm, options: IdentifyRopeOptions): RopeIdentification {
  const fn = 'identifyRope';
  const o = new OptionReader(fn, options, ['invFreq', 'cos', 'sin', 'positions', 'width', 'headDim']);
  const max = limitsOf(wasm).maxRopeValues;
  const headDim = o.raw('headDim') === undefined ? undefined : o.number('headDim');
  if (o.raw('invFreq') !== undefined) {
    if (o.raw('cos') !== undefined || o.raw('sin') !== undefined)
      throw new TypeError(`phasor.${fn}: give either invFreq or cos and sin, not both`);
    const omega = readNumbers(fn, 'invFreq', o.raw('invFreq'), limitsOf(wasm).maxDModel / 2);
    if (omega.length === 0 || omega.some((w) => !(w > 0 && Number.isFinite(w)))) {
      throw new RangeError(`phasor.${fn}: invFreq must hold at least one finite frequency > 0`);
    }
    return rank(wasm, omega, headDim, (c, f) => {
      let worst = 0;
      for (let i = 0; i < omega.length; i++) worst = Math.max(worst, Math.abs(f.omega[i] / omega[i] - 1));
      return { maxError: worst, tolerance: REL_TOLERANCE, attention: f.attention, pairing: undefined };
    });
  }
  if (o.raw('cos') === undefined || o.raw('sin') === undefined)
    throw new TypeError(`phasor.${fn}: option 'invFreq', or 'cos' and 'sin', is required (numbers)`);
  const cos = readNumbers(fn, 'cos', o.raw('cos'), max);
  const sin = readNumbers(fn, 'sin', o.raw('sin'), max);
  if (cos.length !== sin.length || cos.length === 0)
    throw new RangeError(
      `phasor.${fn}: cos and sin must hold the same number of values, at least one; got ${cos.length} and ${sin.length}`,
    );
  const given = o.raw('positions') === undefined ? undefined : readNumbers(fn, 'positions', o.raw('positions'), max);
  const width = o.raw('width') !== undefined ? o.number('width') : given ? cos.length / given.length : NaN;
  if (!(Number.isInteger(width) && width >= 1 && cos.length % width === 0)) {
    throw new RangeError(
      `phasor.${fn}: width must be an integer ≥ 1 dividing cos.length (${cos.length}), or positions must say how many rows there are; got ${width}`,
    );
  }
  const rows = cos.length / width;
  const positions = given ?? Float64Array.from({ length: rows }, (_, k) => k);
  if (positions.length !== rows)
    throw new RangeError(
      `phasor.${fn}: positions.length (${positions.length}) must equal the number of rows (${rows})`,
    );
  const amplitude = Float64Array.from(cos, (c, j) => Math.hypot(c, sin[j]));
  const A = tidy(amplitude.reduce((a, b) => a + b, 0) / amplitude.length);
  const spread = amplitude.reduce((worst, v) => Math.max(worst, Math.abs(v - A)), 0);
  const layout = layoutOf(cos, rows, width, 4 * 2 ** -24 * A);
  const omega = Float64Array.from(layout.columns, (c) => fitFrequency(cos, sin, positions, width, c));
  const result = rank(wasm, omega, headDim, (c, f) => {
    // The candidate's cache, at the measured amplitude, against the given one.
    let worst = 0;
    let ratio = 0;
    for (let k = 0; k < rows; k++) {
      for (let q = 0; q < layout.columns.length; q++) {
        const angle = positions[k] * f.omega[q];
        const j = k * width + layout.columns[q];
        const err = Math.max(Math.abs(A * Math.cos(angle) - cos[j]), Math.abs(A * Math.sin(angle) - sin[j]));
        worst = Math.max(worst, err);
        ratio = Math.max(ratio, err / (A * (2 ** -22 + REL_TOLERANCE * Math.abs(angle))));
      }
    }
    return { maxError: worst, tolerance: worst / Math.max(ratio, 1e-300), attention: A, pairing: layout.pairing };
  });
  if (spread > 1e-3 * A) {
    return {
      ...result,
      match: false,
      message: `not a RoPE cos/sin cache: cos² + sin² varies by ${spread.toPrecision(3)} around ${A.toPrecision(6)} (a cache has one amplitude, the attention factor). ${result.message}`,
    };
  }
  return result;
}

type Measure = (
  c: Fitted,
  f: { omega: Float64Array; attention: number },
) => { maxError: number; tolerance: number; attention: number; pairing?: Pairing };

function rank(
  wasm: ExperimentsWasm,
  omega: Float64Array,
  headDim: number | undefined,
  measure: Measure,
): RopeIdentification {
  const r = 2 * omega.length;
  const candidates: RopeCandidate[] = [];
  for (const c of [...presetFits(), ...fits(omega)]) {
    if (c.preset && ROPE_PRESETS[c.preset].rotaryDim !== r) continue;
    const f = frequenciesOf(wasm, c, r);
    if (!f) continue;
    const m = measure(c, f);
    const cache = m.pairing !== undefined || m.attention !== f.attention;
    candidates.push({
      theta: c.theta,
      ...(c.scaling ? { scaling: c.scaling } : {}),
      attentionFactor: m.attention,
      ...(m.pairing ? { pairing: m.pairing } : {}),
      rotaryDim: r,
      ...(headDim ? { partialRotaryFactor: r / headDim } : {}),
      ...(c.preset ? { preset: c.preset } : {}),
      options: optionsOf(c, r, cache ? m.attention : undefined),
      maxError: m.maxError,
      tolerance: m.tolerance,
      ...(c.note ? { note: c.note } : {}),
    });
  }
  const fitsIt = (c: RopeCandidate) => c.maxError <= c.tolerance;
  // Matches first: a named model, then the simplest scheme; the rest by error.
  candidates.sort((x, y) => {
    if (fitsIt(x) !== fitsIt(y)) return fitsIt(x) ? -1 : 1;
    if (fitsIt(x)) {
      if (!!x.preset !== !!y.preset) return x.preset ? -1 : 1;
      const sx = SIMPLER[x.scaling?.type ?? 'none'];
      const sy = SIMPLER[y.scaling?.type ?? 'none'];
      if (sx !== sy) return sx - sy;
    }
    return x.maxError / x.tolerance - y.maxError / y.tolerance;
  });
  const best = candidates[0];
  // Fitted per-pair factors explain anything: a match only when they are a model's.
  const match = best !== undefined && fitsIt(best) && (best.scaling?.type !== 'longrope' || best.preset !== undefined);
  if (match && !best.scaling) {
    const same = ROPE_PRESET_NAMES.filter(
      (n) => !ROPE_PRESETS[n].scaling && ROPE_PRESETS[n].theta === best.theta && ROPE_PRESETS[n].rotaryDim === r,
    );
    if (same.length) best.note = `the unscaled RoPE of ${same.join(', ')}`;
  }
  const describe = (c: RopeCandidate) =>
    `${c.preset ? `preset '${c.preset}' (` : ''}${c.scaling ? `${c.scaling.type}` : 'no scaling'}, θ ${c.theta}${c.preset ? ')' : ''}, rotary width ${c.rotaryDim}${c.pairing ? `, ${c.pairing} layout` : ''}`;
  const message = match
    ? `${describe(best)}: max error ${best.maxError.toPrecision(2)} (allowed ${best.tolerance.toPrecision(2)})${best.note ? `; ${best.note}` : ''}`
    : best
      ? `no RoPE convention fits: the nearest is ${describe(best)}, max error ${best.maxError.toPrecision(2)} where ${best.tolerance.toPrecision(2)} is allowed${best.scaling?.type === 'longrope' && fitsIt(best) ? ' (only arbitrary per-pair factors fit: not a known scheme)' : ''}`
      : 'no RoPE convention fits';
  return { match, candidates, message };
}
