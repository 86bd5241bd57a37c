// The identifyRope rows of the benchmark (issue 32: a valid call at the
// documented maximum, 131072 positions × 128 = maxRopeValues, must answer
// within about a second): the cache of Llama 2's RoPE (theta 1e4) and of
// Qwen2.5's YaRN (theta 1e6, factor 4, L 32768) at that size, float32 as a
// model exports them, timed like the workloads, never a test.
import { measureAll, type Timing, type TimingOptions } from './measure.js';

export interface IdentifyRopeRow {
  name: string;
  positions: number;
  width: number;
  timing: Timing;
  /** What identifyRope answered, and whether it matched. */
  answer: string;
  match: boolean;
  targetMs: number;
}

/** transformers' cache layout: cat(freqs, freqs), `frequencies` and `attentionFactor` from ph.ropeFrequencies. */
export interface RopeCacheSpec {
  name: string;
  frequencies: Float64Array;
  attentionFactor: number;
}

export type IdentifyRopeCall = (
  cos: Float32Array,
  sin: Float32Array,
  width: number,
) => { match: boolean; candidates: { theta: number; scaling?: { type: string } }[] };

export const IDENTIFY_ROPE_TARGET_MS = 1000;

export function ropeCache(spec: RopeCacheSpec, positions: number): { cos: Float32Array; sin: Float32Array } {
  const h = spec.frequencies.length;
  const w = 2 * h;
  const cos = new Float32Array(positions * w);
  const sin = new Float32Array(positions * w);
  for (let p = 0; p < positions; p++)
    for (let i = 0; i < h; i++) {
      const angle = p * spec.frequencies[i];
      cos[p * w + i] = cos[p * w + h + i] = spec.attentionFactor * Math.cos(angle);
      sin[p * w + i] = sin[p * w + h + i] = spec.attentionFactor * Math.sin(angle);
    }
  return { cos, sin };
}

export function timeIdentifyRope(
  call: IdentifyRopeCall,
  specs: RopeCacheSpec[],
  quick: boolean,
  timing: TimingOptions,
): IdentifyRopeRow[] {
  const positions = quick ? 256 : 131072;
  return specs.map((spec) => {
    const width = 2 * spec.frequencies.length;
    const { cos, sin } = ropeCache(spec, positions);
    const result = call(cos, sin, width);
    const t = measureAll([{ key: spec.name, call: () => call(cos, sin, width).candidates }], timing).get(spec.name)!;
    const best = result.candidates[0];
    return {
      name: spec.name,
      positions,
      width,
      timing: t,
      answer: best ? `${best.scaling?.type ?? 'no scaling'}, θ ${best.theta}` : 'none',
      match: result.match,
      targetMs: IDENTIFY_ROPE_TARGET_MS,
    };
  });
}

export function identifyRopeLines(rows: IdentifyRopeRow[] | undefined): string[] {
  if (!rows?.length) return [];
  return [
    `### identifyRope: which RoPE is a ${rows[0].positions.toLocaleString('en-US')} × ${rows[0].width} cos/sin cache?`,
    '',
    ...rows.map((row) => {
      const met = row.timing.medianMs <= row.targetMs;
      return (
        `- ${row.name}, phasor (wasm SIMD): median ${row.timing.medianMs.toPrecision(3)} ms (min ${row.timing.minMs.toPrecision(3)}, ${row.timing.runs} samples); ` +
        `answer ${row.answer}${row.match ? ' (match)' : ' (**no match**)'}; ${met ? 'met' : '**missed**'}: within ${row.targetMs} ms (issue 32)`
      );
    }),
    '',
  ];
}
