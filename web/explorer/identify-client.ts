// ph.identify and ph.identifyRope off the main thread: each call goes to
// identify-worker.ts and its result comes back (typed arrays and plain
// objects, copied by structured clone). Where no worker can start, the call
// runs here instead, as before.
import {
  createPhasor,
  type Identification,
  type IdentifyOptions,
  type IdentifyRopeOptions,
  type Phasor,
  type RopeIdentification,
} from '../src/core/index.js';

export type IdentifyRequest =
  | { id: number; method: 'identify'; options: IdentifyOptions }
  | { id: number; method: 'identifyRope'; options: IdentifyRopeOptions };

export type IdentifyResponse =
  | { id: number; result: Identification | RopeIdentification; error?: undefined }
  | { id: number; error: { name: string; message: string }; result?: undefined };

type Pending = { resolve(value: unknown): void; reject(error: Error): void; request: IdentifyRequest };

/** The error the core threw, with its own class (TypeError, RangeError) and message. */
function rebuild(error: { name: string; message: string }): Error {
  const Kind = error.name === 'TypeError' ? TypeError : error.name === 'RangeError' ? RangeError : Error;
  return new Kind(error.message);
}

export class IdentifyClient {
  private worker: Worker | null = null;
  private broken = false;
  private next = 0;
  private readonly pending = new Map<number, Pending>();
  private local: Promise<Phasor> | null = null;

  identify(options: IdentifyOptions): Promise<Identification> {
    return this.call({ id: this.next++, method: 'identify', options }) as Promise<Identification>;
  }

  identifyRope(options: IdentifyRopeOptions): Promise<RopeIdentification> {
    return this.call({ id: this.next++, method: 'identifyRope', options }) as Promise<RopeIdentification>;
  }

  private call(request: IdentifyRequest): Promise<unknown> {
    const worker = this.start();
    if (!worker) return this.here(request);
    return new Promise((resolve, reject) => {
      this.pending.set(request.id, { resolve, reject, request });
      worker.postMessage(request);
    });
  }

  private start(): Worker | null {
    if (this.broken) return null;
    if (this.worker) return this.worker;
    try {
      this.worker = new Worker(new URL('./identify-worker.ts', import.meta.url), { type: 'module' });
    } catch {
      this.broken = true;
      return null;
    }
    this.worker.addEventListener('message', (event: MessageEvent<IdentifyResponse>) => {
      const { id, result, error } = event.data;
      const p = this.pending.get(id);
      if (!p) return;
      this.pending.delete(id);
      if (error) p.reject(rebuild(error));
      else p.resolve(result);
    });
    // A worker that cannot load (blocked, or its module fails): the calls waiting, and the next ones, run here.
    this.worker.addEventListener('error', (event) => {
      event.preventDefault();
      this.broken = true;
      this.worker?.terminate();
      this.worker = null;
      const waiting = [...this.pending.values()];
      this.pending.clear();
      for (const p of waiting) this.here(p.request).then(p.resolve, p.reject);
    });
    return this.worker;
  }

  private async here(request: IdentifyRequest): Promise<unknown> {
    this.local ??= createPhasor({ experiments: true });
    const ph = await this.local;
    return request.method === 'identify' ? ph.identify(request.options) : ph.identifyRope(request.options);
  }
}
