// Float64 references for the property tests, written from the definitions,
// independent of the C++ core: the PE of "Attention Is All You Need" (and
// tensor2tensor's spacing), RoPE and its scalings as Hugging Face
// transformers' modeling_rope_utils.py computes them (the same formulas
// tests/fixtures/make_rope_fixtures.py transcribes in numpy), ALiBi's
// get_slopes (Press et al.), SplitMix64 + Box–Muller as random.hpp specifies
// the stream. Everything here is float64 JavaScript arithmetic.
import type { Layout, Metric, Pairing, RopeScaling, ShiftEncoding, Spacing } from '../../../web/src/core/index.js';

export const TWO_PI = 2 * Math.PI;

export function frequencies(dModel: number, base: number, spacing: Spacing = 'paper'): Float64Array {
  const h = dModel / 2;
  return Float64Array.from({ length: h }, (_, i) =>
    spacing === 'paper' ? base ** ((-2 * i) / dModel) : h > 1 ? base ** (-i / (h - 1)) : 1,
  );
}

/** PE(p): sin at the sin slot of pair i, cos at its cos slot. */
export function peRow(p: number, omega: Float64Array, layout: Layout = 'interleaved'): Float64Array {
  const h = omega.length;
  const row = new Float64Array(2 * h);
  for (let i = 0; i < h; i++) {
    const [s, c] = layout === 'interleaved' ? [2 * i, 2 * i + 1] : [i, h + i];
    row[s] = Math.sin(p * omega[i]);
    row[c] = Math.cos(p * omega[i]);
  }
  return row;
}

/** PE(p)·PE(p + k) = Σ_i cos(ω_i k). */
export function cosSum(k: number, omega: Float64Array): number {
  let sum = 0;
  for (const w of omega) sum += Math.cos(w * k);
  return sum;
}

/** metric(PE(p), PE(p + k)) from Σ cos: |PE|² = dModel/2. */
export function offsetMetric(k: number, omega: Float64Array, metric: Metric): number {
  const h = omega.length;
  const s = cosSum(k, omega);
  if (metric === 'dot') return s;
  if (metric === 'cosine') return s / h;
  return Math.sqrt(Math.max(0, 2 * (h - s)));
}

/** metric(x_i, x_j) in float64 over count rows of width dim. */
export function pairwise(rows: Float32Array, dim: number, metric: Metric): Float64Array {
  const n = rows.length / dim;
  const out = new Float64Array(n * n);
  const dot = (i: number, j: number) => {
    let s = 0;
    for (let t = 0; t < dim; t++) s += rows[i * dim + t] * rows[j * dim + t];
    return s;
  };
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      if (metric === 'dot') out[i * n + j] = dot(i, j);
      else if (metric === 'cosine') {
        const d = Math.sqrt(dot(i, i)) * Math.sqrt(dot(j, j));
        out[i * n + j] = d > 0 ? dot(i, j) / d : 0;
      } else {
        let s = 0;
        for (let t = 0; t < dim; t++) s += (rows[i * dim + t] - rows[j * dim + t]) ** 2;
        out[i * n + j] = Math.sqrt(s);
      }
    }
  }
  return out;
}

/** M_k: the 2 × 2 block [[cos ω_i k, sin ω_i k], [−sin, cos]] on (sin, cos) of each pair. */
export function rotationMatrix(omega: Float64Array, k: number, layout: Layout): Float64Array {
  const h = omega.length;
  const d = 2 * h;
  const m = new Float64Array(d * d);
  for (let i = 0; i < h; i++) {
    const [s, c] = layout === 'interleaved' ? [2 * i, 2 * i + 1] : [i, h + i];
    const cos = Math.cos(omega[i] * k);
    const sin = Math.sin(omega[i] * k);
    m[s * d + s] = cos;
    m[s * d + c] = sin;
    m[c * d + s] = -sin;
    m[c * d + c] = cos;
  }
  return m;
}

/** RoPE's ω_i after scaling and the factor cos and sin are multiplied by (transformers' formulas). */
/**
 * transformers' _compute_*_parameters in float64. `callLength`: max(positions) + 1 of a
 * rope() call, the length dynamic NTK and longrope run at when sequenceLength is absent
 * (ropeFrequencies and attention: none, so dynamic NTK changes nothing and longrope
 * takes its short factors).
 */
export function ropeFrequencies(
  dim: number,
  theta: number,
  s?: RopeScaling,
  callLength?: number,
): { omega: Float64Array; factor: number } {
  const invFreq = (t: number) => Float64Array.from({ length: dim / 2 }, (_, i) => 1 / t ** ((2 * i) / dim));
  const type = s?.type ?? 'none';
  if (!s || type === 'none') return { omega: invFreq(theta), factor: 1 };
  const L = s.originalLength ?? s.originalMaxPositionEmbeddings ?? s.maxPositionEmbeddings!;
  const factor = s.factor ?? s.maxPositionEmbeddings! / L;
  if (type === 'linear') return { omega: invFreq(theta).map((w) => w / factor), factor: 1 };
  if (type === 'ntk') return { omega: invFreq(theta * factor ** (dim / (dim - 2))), factor: 1 };
  const seqLength = s.sequenceLength ?? callLength;
  if (type === 'dynamic-ntk') {
    const seq = Math.max(seqLength ?? L, L);
    return { omega: invFreq(theta * ((factor * seq) / L - (factor - 1)) ** (dim / (dim - 2))), factor: 1 };
  }
  if (type === 'longrope') {
    const ext = seqLength !== undefined && seqLength > L ? s.longFactor! : s.shortFactor!;
    const attention = s.attentionFactor ?? (factor <= 1 ? 1 : Math.sqrt(1 + Math.log(factor) / Math.log(L)));
    return { omega: invFreq(theta).map((w, i) => w / Math.fround(ext[i])), factor: attention };
  }
  if (type === 'yarn') {
    const correction = (rotations: number) => (dim * Math.log(L / (rotations * TWO_PI))) / (2 * Math.log(theta));
    let low = correction(s.betaFast ?? 32);
    let high = correction(s.betaSlow ?? 1);
    if (s.truncate ?? true) {
      low = Math.floor(low);
      high = Math.ceil(high);
    }
    low = Math.max(low, 0);
    high = Math.min(high, dim - 1);
    if (low === high) high += 0.001;
    const omega = invFreq(theta).map((w, i) => {
      const ramp = Math.min(1, Math.max(0, (i - low) / (high - low)));
      return (w / factor) * ramp + w * (1 - ramp);
    });
    const mscale = (m: number) => (factor <= 1 ? 1 : 0.1 * m * Math.log(factor) + 1);
    const byDims = s.mscale && s.mscaleAllDim ? mscale(s.mscale) / mscale(s.mscaleAllDim) : mscale(1);
    return { omega, factor: s.attentionFactor ?? byDims };
  }
  // llama3
  const lowFreq = s.lowFreqFactor ?? 1;
  const highFreq = s.highFreqFactor ?? 4;
  const omega = invFreq(theta).map((w) => {
    const wavelength = TWO_PI / w;
    if (wavelength > L / lowFreq) return w / factor;
    if (wavelength < L / highFreq) return w;
    const smooth = (L / wavelength - lowFreq) / (highFreq - lowFreq);
    return ((1 - smooth) * w) / factor + smooth * w;
  });
  return { omega, factor: 1 };
}

/** One row turned by RoPE at position m: slot j's angle from the table layout, its partner from the pairing. */
export function ropeRow(
  x: ArrayLike<number>,
  m: number,
  omega: Float64Array,
  factor: number,
  pairing: Pairing,
  table: Pairing,
): Float64Array {
  const d = x.length;
  const h = d / 2;
  const out = new Float64Array(d);
  for (let j = 0; j < d; j++) {
    const angle = m * omega[table === 'adjacent' ? Math.floor(j / 2) : j % h];
    const c = factor * Math.cos(angle);
    const s = factor * Math.sin(angle);
    const turned = pairing === 'adjacent' ? (j % 2 === 0 ? -x[j + 1] : x[j - 1]) : j < h ? -x[j + h] : x[j - h];
    out[j] = x[j] * c + turned * s;
  }
  return out;
}

/** The feature of a `from`-layout row landing in slot j of the `to` layout (convert_llama_weights_to_hf's permute). */
export function pairingSource(j: number, dim: number, from: Pairing, to: Pairing): number {
  const h = dim / 2;
  if (from === to) return j;
  if (to === 'half') return j < h ? 2 * j : 2 * (j - h) + 1;
  return j % 2 === 0 ? j / 2 : h + (j - 1) / 2;
}

const MASK = (1n << 64n) - 1n;

/** random.hpp's stream: SplitMix64 from seed + stream·0xD1B54A32D192ED03, Box–Muller in pairs, float32(std·z). */
/**
 * random.hpp's stream from sample `first` on: a near start is drawn from the
 * beginning and dropped; a far one jumps the state, as SplitMix64's state
 * after n calls is its seed + n·γ.
 */
export function normalSamples(seed: number, stream: number, count: number, std: number, first = 0): Float32Array {
  return Float32Array.from(standardNormals(seed, stream, count, first), (z) => std * z);
}

/** The same stream's float64 normals before scaling: normalSamples' sample k is float32(std·z_k). */
export function standardNormals(seed: number, stream: number, count: number, first = 0): Float64Array {
  if (first <= 1000) return normalsFrom(seed, stream, first + count, 0n).slice(first);
  const odd = first % 2;
  return normalsFrom(seed, stream, odd + count, BigInt(first - odd)).slice(odd);
}

function normalsFrom(seed: number, stream: number, count: number, calls: bigint): Float64Array {
  let state = (BigInt(seed) + BigInt(stream) * 0xd1b54a32d192ed03n + calls * 0x9e3779b97f4a7c15n) & MASK;
  const next = () => {
    state = (state + 0x9e3779b97f4a7c15n) & MASK;
    let z = state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK;
    return z ^ (z >> 31n);
  };
  const uniform = () => (Number(next() >> 11n) + 0.5) * 2 ** -53;
  const out = new Float64Array(count);
  for (let k = 0; k < count; k += 2) {
    const u1 = uniform();
    const u2 = uniform();
    const r = Math.sqrt(-2 * Math.log(u1));
    out[k] = r * Math.cos(TWO_PI * u2);
    if (k + 1 < count) out[k + 1] = r * Math.sin(TWO_PI * u2);
  }
  return out;
}

/** ALiBi's get_slopes, as in Press et al.'s reference code. */
export function alibiSlopes(n: number): number[] {
  const powerOfTwo = (m: number) => {
    const start = 2 ** -(2 ** -(Math.log2(m) - 3));
    return Array.from({ length: m }, (_, i) => start * start ** i);
  };
  if (Number.isInteger(Math.log2(n))) return powerOfTwo(n);
  const closest = 2 ** Math.floor(Math.log2(n));
  return [
    ...powerOfTwo(closest),
    ...alibiSlopes(2 * closest)
      .filter((_, i) => i % 2 === 0)
      .slice(0, n - closest),
  ];
}

/** rows (count × a) times w (a × b), float64. */
export function matmul(
  rows: ArrayLike<number>,
  count: number,
  w: ArrayLike<number>,
  a: number,
  b: number,
): Float64Array {
  const out = new Float64Array(count * b);
  for (let r = 0; r < count; r++)
    for (let f = 0; f < b; f++) {
      let s = 0;
      for (let t = 0; t < a; t++) s += rows[r * a + t] * w[t * b + f];
      out[r * b + f] = s;
    }
  return out;
}

/** The frequencies of a shift-fit encoding (shift_fit.hpp's table). */
export function shiftFrequencies(encoding: ShiftEncoding, dModel: number, base: number): Float64Array {
  const h = dModel / 2;
  if (encoding === 'sine-only') return Float64Array.from({ length: dModel }, (_, j) => base ** (-j / dModel));
  const paper = frequencies(dModel, base);
  if (encoding !== 'linear-frequencies') return paper;
  const slowest = paper[h - 1];
  return Float64Array.from({ length: h }, (_, i) => (h === 1 ? 1 : 1 + ((slowest - 1) * i) / (h - 1)));
}

/** e(p) of a shift-fit encoding. */
export function shiftEncoding(encoding: ShiftEncoding, omega: Float64Array, p: number): Float64Array {
  if (encoding === 'sine-only') return omega.map((v) => Math.sin(v * p));
  const phase = encoding === 'quadratic-phase' ? p * p : encoding === 'log-phase' ? Math.log1p(p) : p;
  return peRow(phase, omega);
}

/** Σ_i x_i² in float64. */
export function squaredNorm(x: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < x.length; i++) s += x[i] * x[i];
  return s;
}
