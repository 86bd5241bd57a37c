// The identify row of the benchmark (issue 9: a 4096 × 1024 table answers
// within 1 s in Chromium): ph.identify on a fairseq table (split, geometric,
// rows from position 2) of that size, timed like the workloads, never a test.
import { measureAll, type Timing, type TimingOptions } from './measure.js';

export interface IdentifyRow {
  positions: number;
  dModel: number;
  timing: Timing;
  /** The convention identify answered, and whether it matched. */
  answer: string;
  match: boolean;
  targetMs: number;
}

export type IdentifyCall = (
  table: Float32Array,
  positions: number,
  dModel: number,
) => { match: boolean; candidates: { convention: string | null }[] };

export const IDENTIFY_TARGET_MS = 1000;

/** fairseq's forward rows (token r at position 2 + r), float32 as a model exports them. */
export function fairseqTable(positions: number, dModel: number): Float32Array {
  const h = dModel / 2;
  const table = new Float32Array(positions * dModel);
  for (let i = 0; i < h; i++) {
    const omega = Math.exp(-i * (Math.log(10000) / (h - 1)));
    for (let r = 0; r < positions; r++) {
      table[r * dModel + i] = Math.sin((r + 2) * omega);
      table[r * dModel + h + i] = Math.cos((r + 2) * omega);
    }
  }
  return table;
}

export function timeIdentify(call: IdentifyCall, quick: boolean, timing: TimingOptions): IdentifyRow {
  const [positions, dModel] = quick ? [64, 16] : [4096, 1024];
  const table = fairseqTable(positions, dModel);
  const result = call(table, positions, dModel);
  const t = measureAll([{ key: 'identify', call: () => call(table, positions, dModel).candidates }], timing).get(
    'identify',
  )!;
  return {
    positions,
    dModel,
    timing: t,
    answer: result.candidates[0]?.convention ?? 'none',
    match: result.match,
    targetMs: IDENTIFY_TARGET_MS,
  };
}

export function identifyLines(row: IdentifyRow | undefined): string[] {
  if (!row) return [];
  const met = row.timing.medianMs <= row.targetMs;
  return [
    `### identify: which convention is a ${row.positions.toLocaleString('en-US')} × ${row.dModel.toLocaleString('en-US')} table?`,
    '',
    `- phasor (wasm SIMD): median ${row.timing.medianMs.toPrecision(3)} ms (min ${row.timing.minMs.toPrecision(3)}, ${row.timing.runs} samples); ` +
      `answer ${row.answer}${row.match ? ' (match)' : ' (**no match**)'}; ${met ? 'met' : '**missed**'}: within ${row.targetMs} ms (issue 9 asks it of Chromium)`,
    '',
  ];
}
