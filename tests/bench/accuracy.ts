// The accuracy half of the benchmark: a float64 reference for each workload,
// computed here in plain JavaScript (Math.sin/Math.cos are float64) straight
// from the definitions, and the "naive float32" formula as the tutorials run
// it in torch/numpy float32 (Math.fround after every operation).
import { BASE, type Workload } from './workloads.js';

const f32 = Math.fround;

/** PE in float64: sin(p·ω_i) at 2i, cos at 2i+1, ω_i = base^(−2i/d). */
export function referenceTable(n: number, d: number): Float64Array {
  const out = new Float64Array(n * d);
  for (let i = 0; i < d / 2; i++) {
    const omega = Math.pow(BASE, (-2 * i) / d);
    for (let p = 0; p < n; p++) {
      out[p * d + 2 * i] = Math.sin(p * omega);
      out[p * d + 2 * i + 1] = Math.cos(p * omega);
    }
  }
  return out;
}

/**
 * The tutorials' formula in float32: div_term = exp(arange(0, d, 2) · (−ln(base)/d))
 * and the phase position · div_term are rounded to float32 before sin/cos, the
 * way torch and numpy float32 evaluate them. The phase rounding is the error.
 */
export function naiveFloat32Table(n: number, d: number): Float32Array {
  const scale = f32(-Math.log(BASE) / d);
  const out = new Float32Array(n * d);
  for (let i = 0; i < d / 2; i++) {
    const divTerm = f32(Math.exp(f32(2 * i * scale)));
    for (let p = 0; p < n; p++) {
      const angle = f32(p * divTerm);
      out[p * d + 2 * i] = Math.sin(angle);
      out[p * d + 2 * i + 1] = Math.cos(angle);
    }
  }
  return out;
}

/** All n × n Euclidean distances between rows, summed in float64. */
export function referenceDistances(rows: ArrayLike<number>, n: number, d: number): Float64Array {
  const out = new Float64Array(n * n);
  for (let p = 0; p < n; p++) {
    for (let q = p + 1; q < n; q++) {
      let sum = 0;
      for (let t = 0; t < d; t++) {
        const diff = rows[p * d + t] - rows[q * d + t];
        sum += diff * diff;
      }
      out[p * n + q] = out[q * n + p] = Math.sqrt(sum);
    }
  }
  return out;
}

/** The seeds' broadcast distance in float32: every difference, square and sum rounded. */
export function naiveFloat32Distances(rows: Float32Array, n: number, d: number): Float32Array {
  const out = new Float32Array(n * n);
  for (let p = 0; p < n; p++) {
    for (let q = p + 1; q < n; q++) {
      let sum = 0;
      for (let t = 0; t < d; t++) {
        const diff = f32(rows[p * d + t] - rows[q * d + t]);
        sum = f32(sum + f32(diff * diff));
      }
      out[p * n + q] = out[q * n + p] = Math.sqrt(sum);
    }
  }
  return out;
}

/** Row 0 of a table dotted with rows 0..n−1; float32 sums when `float32Sums`. */
export function dotsWithRow0(table: ArrayLike<number>, n: number, d: number, float32Sums: boolean): Float64Array {
  const out = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    let sum = 0;
    for (let t = 0; t < d; t++) {
      sum = float32Sums ? f32(sum + f32(table[t] * table[k * d + t])) : sum + table[t] * table[k * d + t];
    }
    out[k] = sum;
  }
  return out;
}

/** An interleaved table (sin at 2i, cos at 2i+1) rearranged to the split layout (sines, then cosines). */
export function toSplitLayout(table: Float64Array, n: number, d: number): Float64Array {
  const out = new Float64Array(table.length);
  for (let p = 0; p < n; p++) {
    for (let i = 0; i < d / 2; i++) {
      out[p * d + i] = table[p * d + 2 * i];
      out[p * d + d / 2 + i] = table[p * d + 2 * i + 1];
    }
  }
  return out;
}

export function maxAbsError(got: ArrayLike<number>, reference: ArrayLike<number>): number {
  if (got.length !== reference.length) {
    throw new Error(`bench: output has ${got.length} values, the reference ${reference.length}`);
  }
  let max = 0;
  for (let i = 0; i < got.length; i++) {
    const e = Math.abs(got[i] - reference[i]);
    if (Number.isNaN(e)) return Infinity; // a NaN output is as wrong as it gets
    if (e > max) max = e;
  }
  return max;
}

/** The float64 reference output of a workload, and what the naive float32 formula gives. */
export function referenceAndNaive(
  w: Workload,
  rows: Float32Array,
): { reference: Float64Array; naive: ArrayLike<number> } {
  switch (w.id) {
    case 'W1':
    case 'W3':
      return { reference: referenceTable(w.n, w.d), naive: naiveFloat32Table(w.n, w.d) };
    case 'W2':
      return {
        reference: referenceDistances(referenceTable(w.n, w.d), w.n, w.d),
        naive: naiveFloat32Distances(naiveFloat32Table(w.n, w.d), w.n, w.d),
      };
    case 'W4':
      return {
        reference: dotsWithRow0(referenceTable(w.n, w.d), w.n, w.d, false),
        naive: dotsWithRow0(naiveFloat32Table(w.n, w.d), w.n, w.d, true),
      };
    case 'W5':
      // Arbitrary rows have no "formula": the naive column is the float32 broadcast.
      return { reference: referenceDistances(rows, w.n, w.d), naive: naiveFloat32Distances(rows, w.n, w.d) };
  }
}
