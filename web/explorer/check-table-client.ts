// "Check your table"'s client (check-table.ts): sends each request to the
// worker (check-table-worker.ts), or to the same work in this page when no
// worker can start, gives it an id, and tells the page whether a reply is to
// the newest request: a file chosen after another replaces it, however long
// the first takes. The root's data-pending counts the requests not yet
// answered (the tests wait on it).
import type { CheckReply, CheckRequest } from './check-table-work.js';

/** A request before it is given its id. */
export type Request = CheckRequest extends infer R ? (R extends CheckRequest ? Omit<R, 'id'> : never) : never;

/** Sends requests to the worker, or to the same work in this page when no worker can start. */
export class CheckClient {
  private worker: Worker | null = null;
  private local: Promise<(request: CheckRequest) => void> | null = null;
  private last = 0;
  private readonly pending = new Map<number, CheckRequest>();

  constructor(
    private readonly receive: (reply: CheckReply, newest: boolean) => void,
    private readonly root: HTMLElement,
  ) {}

  send(request: Request): void {
    const full = { ...request, id: ++this.last } as CheckRequest;
    this.pending.set(full.id, full);
    this.root.dataset.pending = String(this.pending.size);
    this.post(full);
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
    worker.addEventListener('error', () => {
      this.fallBack();
      for (const request of this.pending.values()) this.post(request);
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
    if (reply.type !== 'tensors') this.pending.delete(reply.id);
    this.root.dataset.pending = String(this.pending.size);
    this.receive(reply, reply.id === this.last);
  }
}
