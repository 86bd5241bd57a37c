// The speed targets of issue 5, checked against a run's ratios
// (phasor SIMD time ÷ peer time; below 1 means phasor is faster).
import type { PeerId } from './peers/peer.js';
import type { WorkloadId } from './workloads.js';

export interface TargetSpec {
  workload: WorkloadId;
  peer: PeerId;
  /** The ratio phasor ÷ peer must be at most this. */
  maxRatio: number;
  text: string;
  /** A stricter check than the issue asks (against the stronger plain loop). */
  extra?: boolean;
}

export interface TargetResult extends TargetSpec {
  ratio: number;
  met: boolean;
}

export const TARGETS: readonly TargetSpec[] = [
  { workload: 'W1', peer: 'plain-ts', maxRatio: 1 / 5, text: 'W1 at least 5× faster than plain TS' },
  { workload: 'W1', peer: 'fill-floor', maxRatio: 3, text: 'W1 within 3× of the fill floor' },
  { workload: 'W3', peer: 'plain-ts', maxRatio: 1 / 5, text: 'W3 at least 5× faster than plain TS' },
  { workload: 'W3', peer: 'fill-floor', maxRatio: 3, text: 'W3 within 3× of the fill floor' },
  { workload: 'W2', peer: 'plain-ts', maxRatio: 1 / 300, text: 'W2 at least 300× faster than plain TS' },
  {
    workload: 'W5',
    peer: 'plain-ts',
    maxRatio: 1 / 4,
    text: 'general pairwise kernel (W5) at least 4× faster than plain TS',
  },
  {
    workload: 'W1',
    peer: 'plain-ts-hoisted',
    maxRatio: 1 / 5,
    text: 'W1 at least 5× faster than plain TS with div_term hoisted',
    extra: true,
  },
  {
    workload: 'W3',
    peer: 'plain-ts-hoisted',
    maxRatio: 1 / 5,
    text: 'W3 at least 5× faster than plain TS with div_term hoisted',
    extra: true,
  },
];

export function checkTargets(ratios: Record<string, Partial<Record<PeerId, number>>>): TargetResult[] {
  return TARGETS.map((t) => {
    const ratio = ratios[t.workload]?.[t.peer] ?? NaN;
    return { ...t, ratio, met: ratio <= t.maxRatio };
  });
}
