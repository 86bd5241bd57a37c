// The client of the checking worker (check-table-worker.ts) for "Check your
// table" and "Check your model": sends each request, or runs the same work in
// this page when no worker can start, gives it an id, and tells the page
// whether a reply is to the newest request: a file chosen after another
// replaces it, however long the first takes. The root's data-pending counts
// the requests not yet answered (the tests wait on it).
import type { IdentifyRopeOptions, RopeIdentification } from '../src/core/index.js';
import type { CheckReply, CheckRequest } from './check-table-work.js';

/** A request before it is given its id. */
export type Request = CheckRequest extends infer R ? (R extends CheckRequest ? Omit<R, 'id'> : never) : never;

/** A final reply (not the list of a .safetensors' tensors, which comes before its result). */
type Final = Exclude<CheckReply, { type: 'tensors' }>;

/** The error the core threw, with its own class (TypeError, RangeError) and message. */
function rebuild(message: string, name?: string): Error {
  const Kind = name === 'TypeError' ? TypeError : name === 'RangeError' ? RangeError : Error;
  return new Kind(message);
}

/** Sends requests to the worker, or to the same work in this page when no worker can start. */
export class CheckClient {
  private worker: Worker | null = null;
  private local: Promise<(request: CheckRequest) => void> | null = null;
  private last = 0;
  private readonly pending = new Map<number, { request: CheckRequest; done(reply: Final): void }>();

  constructor(
    private readonly receive: (reply: CheckReply, newest: boolean) => void = () => {},
    private readonly root?: HTMLElement,
  ) {}

  /** Sends a request; its final reply also comes back as the promise's value. */
  send(request: Request): Promise<Final> {
    const full = { ...request, id: ++this.last } as CheckRequest;
    return new Promise((done) => {
      this.pending.set(full.id, { request: full, done });
      this.count();
      this.post(full);
    });
  }

  /** ph.identifyRope on an input read in the page; rejects with the core's error. */
  async identifyRope(options: IdentifyRopeOptions): Promise<RopeIdentification> {
    const reply = await this.send({ type: 'identifyRope', options });
    if (reply.type === 'rope') return reply.found;
    throw rebuild(reply.type === 'error' ? reply.message : 'superseded', reply.type === 'error' ? reply.name : '');
  }

  private count(): void {
    if (this.root) this.root.dataset.pending = String(this.pending.size);
  }

  private post(request: CheckRequest): void {
    if (this.local) {
      void this.local.then((handle) => handle(request));
      return;
    }
    try {
      this.worker ??= this.startWorker();
      this.worker.postMessage(request);
    } catch {
      this.fallBack();
      this.post(request);
    }
  }

  private startWorker(): Worker {
    const worker = new Worker(new URL('./check-table-worker.ts', import.meta.url), { type: 'module' });
    worker.addEventListener('message', (event: MessageEvent<CheckReply>) => this.answer(event.data));
    // A worker that cannot start (no module workers, a policy that forbids it): the page does the work.
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      this.fallBack();
      for (const { request } of this.pending.values()) this.post(request);
    });
    return worker;
  }

  private fallBack(): void {
    this.worker?.terminate();
    this.worker = null;
    this.local ??= Promise.all([import('./check-table-work.js'), import('../src/core/index.js')]).then(
      ([{ TableChecker }, { createPhasor }]) => {
        const checker = new TableChecker(
          () => createPhasor({ experiments: true }),
          (reply) => this.answer(reply),
        );
        return (request: CheckRequest) => void checker.handle(request);
      },
    );
  }

  private answer(reply: CheckReply): void {
    const waiting = this.pending.get(reply.id);
    if (reply.type !== 'tensors') {
      this.pending.delete(reply.id);
      this.count();
    }
    this.receive(reply, reply.id === this.last);
    if (waiting && reply.type !== 'tensors') waiting.done(reply);
  }
}
