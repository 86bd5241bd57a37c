// The page's side of the compute workers (compute-worker.ts): a few per page,
// started together when a chart first asks for a computation in one, after
// a page opted in (enableComputeWorker(), start-compute-worker.ts: the
// explorer and chart.html do). A call goes to the worker with the fewest
// calls waiting, so one chart's several calls (five shift fits, two walks
// per base, three panels) and different charts' calls run side by side
// rather than in one queue. Where a worker cannot run (no Worker, a CSP that
// forbids it, a script on another origin, a core that failed to load, a
// crash), every call waiting for it runs on the page, and the rest go to
// the workers still running; with none left, every later call runs on the page.
import type { Phasor } from '../../core/index.js';
import type { ComputeArgs, ComputeMethod, ComputeReply, ComputeRequest, ComputeResult } from './compute-messages.js';

/** A call's answer: its result, the worker's milliseconds, and which worker computed it (-1: the page). */
export interface ComputeAnswer<R> {
  result: R;
  ms: number;
  worker: number;
}

interface Waiting {
  method: ComputeMethod;
  args: unknown[];
  resolve(answer: ComputeAnswer<unknown>): void;
  reject(error: unknown): void;
}

/**
 * Workers started: one per core the page's thread leaves, at least two (the
 * page's thread mostly waits while they compute) and at most three (each
 * holds its own copy of the core).
 */
function poolSize(): number {
  const cores = typeof navigator === 'object' ? navigator.hardwareConcurrency : 0;
  return Math.min(3, Math.max(2, (cores || 2) - 1));
}

/** The error the worker reported, of the class the core threw (the elements tell RangeError from the rest). */
function errorOf(name: string, message: string): Error {
  return name === 'RangeError'
    ? new RangeError(message)
    : name === 'TypeError'
      ? new TypeError(message)
      : new Error(message);
}

/** Runs a call on the page's core (its worker failed), in a task of its own. */
function onPage(page: () => Phasor | null, waiting: Waiting): void {
  setTimeout(() => {
    const ph = page();
    if (!ph) return waiting.reject(new Error('phasor: the WebAssembly core is not loaded'));
    try {
      const call = ph[waiting.method] as (...a: unknown[]) => unknown;
      waiting.resolve({ result: call.apply(ph, waiting.args), ms: 0, worker: -1 });
    } catch (error) {
      waiting.reject(error);
    }
  }, 0);
}

/** One worker and the calls it has not answered yet. */
class WorkerConnection {
  readonly waiting = new Map<number, Waiting>();
  private lastSeq = 0;
  failed = false;

  constructor(
    private readonly worker: Worker,
    readonly index: number,
    private readonly page: () => Phasor | null,
  ) {
    worker.addEventListener('message', (event: MessageEvent<ComputeReply>) => this.receive(event.data));
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      this.fail();
    });
  }

  send(waiting: Waiting): void {
    const seq = ++this.lastSeq;
    this.waiting.set(seq, waiting);
    try {
      this.worker.postMessage({ seq, method: waiting.method, args: waiting.args } satisfies ComputeRequest);
    } catch {
      this.fail(); // arguments the worker cannot be sent: this one, and the rest it holds, on the page
    }
  }

  private receive(reply: ComputeReply): void {
    if (reply.kind === 'ready') return;
    if (reply.kind === 'failed') return this.fail();
    const waiting = this.waiting.get(reply.seq);
    if (!waiting) return;
    this.waiting.delete(reply.seq);
    if (reply.kind === 'result') waiting.resolve({ result: reply.result, ms: reply.ms, worker: this.index });
    else waiting.reject(errorOf(reply.name, reply.message));
  }

  private fail(): void {
    if (this.failed) return;
    this.failed = true;
    this.worker.terminate();
    const left = [...this.waiting.values()];
    this.waiting.clear();
    left.forEach((waiting) => onPage(this.page, waiting));
  }
}

class ComputeWorkerClient {
  constructor(
    private readonly connections: WorkerConnection[],
    private readonly page: () => Phasor | null,
  ) {}

  /** Whether every worker has failed (calls then run on the page). */
  get failed(): boolean {
    return this.connections.every((c) => c.failed);
  }

  call<M extends ComputeMethod>(method: M, args: ComputeArgs<M>): Promise<ComputeAnswer<ComputeResult<M>>> {
    return new Promise((resolve, reject) => {
      const waiting = { method, args, resolve, reject } as unknown as Waiting;
      // The running worker with the fewest calls waiting (the first of equals).
      let to: WorkerConnection | null = null;
      for (const c of this.connections) if (!c.failed && (to === null || c.waiting.size < to.waiting.size)) to = c;
      if (to) to.send(waiting);
      else onPage(this.page, waiting);
    });
  }
}

let start: (() => Worker) | null = null;
let client: ComputeWorkerClient | null | undefined;

/** Lets the charts compute in the workers `startWorker` starts (when first asked). */
export function useComputeWorker(startWorker: () => Worker): void {
  start ??= startWorker;
}

/**
 * `size` workers from `startWorker`, and the client that hands them calls;
 * null when none could start (e.g. a worker script on another origin than
 * the page, a CDN's).
 */
export function startComputeWorkers(
  startWorker: () => Worker,
  page: () => Phasor | null,
  size = poolSize(),
): ComputeWorkerClient | null {
  const connections: WorkerConnection[] = [];
  try {
    for (let i = 0; i < size; i++) connections.push(new WorkerConnection(startWorker(), i, page));
  } catch {
    // (the ones started before serve)
  }
  return connections.length > 0 ? new ComputeWorkerClient(connections, page) : null;
}

/** The page's compute workers (started on first use); null where charts compute on the page. */
export function computeWorker(page: () => Phasor | null): ComputeWorkerClient | null {
  if (!start) return null;
  if (client === undefined) client = typeof Worker === 'function' ? startComputeWorkers(start, page) : null;
  return client?.failed ? null : client;
}

export type { ComputeWorkerClient };
