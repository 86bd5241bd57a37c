// A compute worker: the core (with the experiments module) in a Worker, so
// the heaviest charts' computations (RoPE and attention scores by offset, the
// closest pairs of a base, the shift fits, the attention patterns) leave the
// page's thread free for input and drawing; the page starts two or three.
// The page sends a call of the core's method by name
// (compute-worker-client.ts); the worker runs it on the same wasm the page
// would and sends the result back, its arrays moved, not copied. Numbers are
// the page's to the bit: the same code on the same inputs.
import { createPhasor, type Phasor } from '../../core/index.js';
import { COMPUTE_METHODS, type ComputeReply, type ComputeRequest } from './compute-messages.js';

/** The worker's global scope, as much of it as this file uses (the page's TypeScript lib has no worker types). */
const scope = globalThis as unknown as {
  postMessage(message: ComputeReply, transfer?: Transferable[]): void;
  onmessage: ((event: MessageEvent<ComputeRequest>) => void) | null;
};

const core: Promise<Phasor> = createPhasor({ experiments: true });
core.then(
  () => scope.postMessage({ kind: 'ready' }),
  (error: unknown) => scope.postMessage({ kind: 'failed', message: (error as Error).message }),
);

const allowed = new Set<string>(COMPUTE_METHODS);

scope.onmessage = (event: MessageEvent<ComputeRequest>) => {
  const { seq, method, args } = event.data;
  // (a core that failed to load has said so: the page computes these itself)
  core.then(
    (ph) => {
      const started = performance.now();
      try {
        if (!allowed.has(method)) throw new Error(`phasor: ${String(method)} is not computed in the worker`);
        const call = ph[method] as (...a: unknown[]) => unknown;
        const result = call.apply(ph, args);
        scope.postMessage({ kind: 'result', seq, result, ms: performance.now() - started }, ownBuffers(result));
      } catch (error) {
        const e = error as Error;
        scope.postMessage({
          kind: 'error',
          seq,
          name: e?.name ?? 'Error',
          message: e?.message ?? String(error),
          ms: performance.now() - started,
        });
      }
    },
    () => undefined,
  );
};

/** The buffers of the result's typed arrays that each hold one whole array: moved to the page (the rest are copied). */
function ownBuffers(value: unknown, found = new Set<ArrayBuffer>()): ArrayBuffer[] {
  if (ArrayBuffer.isView(value)) {
    const buffer = value.buffer;
    if (buffer instanceof ArrayBuffer && value.byteOffset === 0 && value.byteLength === buffer.byteLength)
      found.add(buffer);
  } else if (value !== null && typeof value === 'object') {
    for (const item of Object.values(value)) ownBuffers(item, found);
  }
  return [...found];
}
