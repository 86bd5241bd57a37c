// What every peer of the benchmark provides: one function per workload that
// returns the workload's output as a typed array (so it is really computed).
import type { Workload } from '../workloads.js';

export type PeerId = 'phasor-simd' | 'phasor-scalar' | 'plain-ts' | 'plain-ts-hoisted' | 'tfjs-wasm' | 'fill-floor';

export interface Peer {
  id: PeerId;
  label: string;
  /** `rows` is the W5 input (count × d values); the other workloads ignore it. */
  run(workload: Workload, rows: Float32Array): Float32Array;
  /** How the W1/W3 tables come out: 'interleaved' (sin at 2i, cos at 2i+1; the default) or 'split'. */
  tableLayout?: 'interleaved' | 'split';
}

/** Peers in the order of the tables: phasor first, the floor last. */
export const PEER_ORDER: readonly PeerId[] = [
  'phasor-simd',
  'phasor-scalar',
  'plain-ts',
  'plain-ts-hoisted',
  'tfjs-wasm',
  'fill-floor',
];

export const PEER_LABELS: Readonly<Record<PeerId, string>> = {
  'phasor-simd': 'phasor (wasm SIMD)',
  'phasor-scalar': 'phasor (wasm scalar)',
  'plain-ts': 'plain TS',
  'plain-ts-hoisted': 'plain TS, div_term hoisted',
  'tfjs-wasm': 'TF.js wasm',
  'fill-floor': 'fill floor',
};
