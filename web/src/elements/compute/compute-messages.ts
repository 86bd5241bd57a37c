// What the page and the compute worker (compute-worker.ts) say to each other:
// a call of one of the core's methods by name, and its result or error.
import type { Phasor } from '../../core/index.js';

/**
 * The core's methods a chart may have computed in the worker: the heavy
 * RoPE and attention experiments and what their charts combine with them.
 * Their results are plain objects of numbers and typed arrays (they cross
 * to the page by structured clone).
 */
export const COMPUTE_METHODS = [
  'scoreByOffset',
  'attentionPattern',
  'alibiSlopes',
  'positionResolution',
  'frequencies',
  'shiftFit',
  'sineCollision',
] as const satisfies readonly (keyof Phasor)[];

export type ComputeMethod = (typeof COMPUTE_METHODS)[number];
export type ComputeArgs<M extends ComputeMethod> = Parameters<Phasor[M]>;
export type ComputeResult<M extends ComputeMethod> = ReturnType<Phasor[M]>;

export interface ComputeRequest {
  seq: number;
  method: ComputeMethod;
  args: unknown[];
}

export type ComputeReply =
  /** The worker has loaded its core and answers. */
  | { kind: 'ready' }
  /** Request `seq` returned `result` in `ms` of the worker's time. */
  | { kind: 'result'; seq: number; result: unknown; ms: number }
  /** Request `seq` threw: the error's class (TypeError, RangeError or Error) and message, as the core wrote them. */
  | { kind: 'error'; seq: number; name: string; message: string; ms: number }
  /** The worker could not load its core: every call goes back to the page. */
  | { kind: 'failed'; message: string };
