// The page's side of the compute worker (compute-worker.ts): one per page,
// started when a chart first asks for a computation in it, after a page
// opted in (enableComputeWorker(), start-compute-worker.ts: the embed, the
// explorer and chart.html do). Where it cannot run (no Worker, a CSP that
// forbids it, a script on another origin, a core that failed to load, a
// crash), every call waiting for it and every later one runs on the page.
import type { Phasor } from '../../core/index.js';
import type { ComputeArgs, ComputeMethod, ComputeReply, ComputeRequest, ComputeResult } from './compute-messages.js';

interface Waiting {
  method: ComputeMethod;
  args: unknown[];
  resolve(reply: { result: unknown; ms: number }): void;
  reject(error: unknown): void;
}

/** The error the worker reported, of the class the core threw (the elements tell RangeError from the rest). */
function errorOf(name: string, message: string): Error {
  return name === 'RangeError'
    ? new RangeError(message)
    : name === 'TypeError'
      ? new TypeError(message)
      : new Error(message);
}

class ComputeWorkerClient {
  private readonly waiting = new Map<number, Waiting>();
  private lastSeq = 0;
  failed = false;

  constructor(
    private readonly worker: Worker,
    /** The page's core, for the calls a failed worker leaves. */
    private readonly page: () => Phasor | null,
  ) {
    worker.addEventListener('message', (event: MessageEvent<ComputeReply>) => this.receive(event.data));
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      this.fail();
    });
  }

  call<M extends ComputeMethod>(method: M, args: ComputeArgs<M>): Promise<{ result: ComputeResult<M>; ms: number }> {
    return new Promise((resolve, reject) => {
      if (this.failed) return this.onPage({ method, args, resolve, reject } as unknown as Waiting);
      const seq = ++this.lastSeq;
      const waiting = { method, args, resolve, reject } as unknown as Waiting;
      this.waiting.set(seq, waiting);
      try {
        this.worker.postMessage({ seq, method, args } satisfies ComputeRequest);
      } catch {
        this.fail(); // arguments the worker cannot be sent: this one, and the rest, on the page
      }
    });
  }

  private receive(reply: ComputeReply): void {
    if (reply.kind === 'ready') return;
    if (reply.kind === 'failed') return this.fail();
    const waiting = this.waiting.get(reply.seq);
    if (!waiting) return;
    this.waiting.delete(reply.seq);
    if (reply.kind === 'result') waiting.resolve({ result: reply.result, ms: reply.ms });
    else waiting.reject(errorOf(reply.name, reply.message));
  }

  /** Runs a call on the page's core (the worker failed), in a task of its own. */
  private onPage(waiting: Waiting): void {
    setTimeout(() => {
      const ph = this.page();
      if (!ph) return waiting.reject(new Error('phasor: the WebAssembly core is not loaded'));
      try {
        const call = ph[waiting.method] as (...a: unknown[]) => unknown;
        waiting.resolve({ result: call.apply(ph, waiting.args), ms: 0 });
      } catch (error) {
        waiting.reject(error);
      }
    }, 0);
  }

  private fail(): void {
    if (this.failed) return;
    this.failed = true;
    this.worker.terminate();
    const left = [...this.waiting.values()];
    this.waiting.clear();
    left.forEach((waiting) => this.onPage(waiting));
  }
}

let start: (() => Worker) | null = null;
let client: ComputeWorkerClient | null | undefined;

/** Lets the charts compute in the worker `startWorker` starts (when first asked). */
export function useComputeWorker(startWorker: () => Worker): void {
  start ??= startWorker;
}

/** The page's compute worker (started on first use); null where charts compute on the page. */
export function computeWorker(page: () => Phasor | null): ComputeWorkerClient | null {
  if (!start) return null;
  if (client === undefined) {
    client = null;
    if (typeof Worker === 'function') {
      try {
        client = new ComputeWorkerClient(start(), page);
      } catch {
        client = null; // e.g. a worker script on another origin than the page (a CDN)
      }
    }
  }
  return client?.failed ? null : client;
}

export type { ComputeWorkerClient };
