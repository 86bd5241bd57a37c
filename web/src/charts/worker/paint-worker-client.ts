// The page's side of the paint worker (paint-worker.ts): one worker per page,
// started by the first matrix chart, to which each chart hands its canvas.
// A page opts in with usePaintWorker() (the embed script and the explorer
// do; a bundler's user calls enablePaintWorker() from phasor/elements, since
// only some bundlers ship a worker file): until then, and wherever the worker
// cannot run (no Worker or OffscreenCanvas, a CSP that forbids it, a script
// on another origin, a crash), the charts paint on the page. A chart whose
// canvas the worker held gets a new canvas (lost()) and draws again. The
// newest picture wins: while a chart's frame is being drawn, only its latest
// request waits, and the ones it replaced are answered null.
import type { MatrixPaint } from '../paint/matrix-painter.js';
import type { PaintReply, PaintRequest } from '../paint/paint-messages.js';

type Answer = (drawMs: number | null) => void;

interface Slot {
  lost: () => void;
  busy: boolean;
  /** The request waiting for the one being drawn, and who waits for it. */
  next: { request: Extract<PaintRequest, { kind: 'paint' }>; answer: Answer } | null;
  answer: Answer | null;
}

/** Whether this browser can hand a canvas to a worker at all. */
function canOffload(): boolean {
  return (
    typeof Worker === 'function' &&
    typeof OffscreenCanvas === 'function' &&
    typeof HTMLCanvasElement === 'function' &&
    typeof HTMLCanvasElement.prototype.transferControlToOffscreen === 'function'
  );
}

class PaintWorkerClient {
  private readonly slots = new Map<number, Slot>();
  private lastId = 0;
  private lastSeq = 0;
  failed = false;

  constructor(private readonly worker: Worker) {
    worker.addEventListener('message', (event: MessageEvent<PaintReply>) => this.receive(event.data));
    // A worker that cannot start or has crashed: every chart goes back to the page.
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      this.fail();
    });
  }

  /** Hands `canvas` to the worker (it must not have a context yet); `lost` runs if the worker fails later. */
  attach(canvas: HTMLCanvasElement, lost: () => void): number {
    const offscreen = canvas.transferControlToOffscreen();
    const id = ++this.lastId;
    this.slots.set(id, { lost, busy: false, next: null, answer: null });
    this.post({ kind: 'attach', id, canvas: offscreen }, [offscreen]);
    return id;
  }

  detach(id: number): void {
    const slot = this.slots.get(id);
    if (!slot) return;
    this.slots.delete(id);
    slot.answer?.(null);
    slot.next?.answer(null);
    this.post({ kind: 'detach', id });
  }

  /** Draws `paint` on canvas `id`; resolves with the worker's drawing time once shown, or null when a newer picture replaced it. */
  paint(id: number, width: number, height: number, paint: MatrixPaint): Promise<number | null> {
    const slot = this.slots.get(id);
    if (!slot || this.failed) return Promise.resolve(null);
    const request = { kind: 'paint' as const, id, seq: ++this.lastSeq, width, height, paint };
    return new Promise((answer) => {
      if (slot.busy) {
        slot.next?.answer(null);
        slot.next = { request, answer };
        return;
      }
      this.send(slot, request, answer);
    });
  }

  private send(slot: Slot, request: Extract<PaintRequest, { kind: 'paint' }>, answer: Answer): void {
    slot.busy = true;
    slot.answer = answer;
    // The chart keeps its values (its read-outs and exports use them): the worker gets a copy of just
    // the cells, moved rather than cloned (a view's whole buffer would be cloned, and cloned again on arrival).
    const cells = request.paint.cells;
    const copy =
      'diagonals' in cells
        ? { ...cells, diagonals: cells.diagonals.slice() }
        : { ...cells, values: cells.values.slice() };
    const buffer = 'diagonals' in copy ? copy.diagonals.buffer : copy.values.buffer;
    this.post({ ...request, paint: { ...request.paint, cells: copy } }, [buffer]);
  }

  private post(request: PaintRequest, transfer: Transferable[] = []): void {
    try {
      this.worker.postMessage(request, transfer);
    } catch {
      this.fail();
    }
  }

  private receive(reply: PaintReply): void {
    if (reply.kind === 'ready') return;
    const slot = this.slots.get(reply.id);
    if (!slot) return;
    const answer = slot.answer;
    slot.busy = false;
    slot.answer = null;
    answer?.(reply.kind === 'painted' ? reply.drawMs : null);
    if (reply.kind === 'failed') {
      this.fail();
      return;
    }
    const next = slot.next;
    slot.next = null;
    if (next) this.send(slot, next.request, next.answer);
  }

  private fail(): void {
    if (this.failed) return;
    this.failed = true;
    this.worker.terminate();
    const slots = [...this.slots.values()];
    this.slots.clear();
    for (const slot of slots) {
      slot.answer?.(null);
      slot.next?.answer(null);
      slot.lost();
    }
  }
}

let start: (() => Worker) | null = null;
let client: PaintWorkerClient | null | undefined;

/** Lets the matrix charts drawn from now on paint in the worker `startWorker` starts (once, on first use). */
export function usePaintWorker(startWorker: () => Worker): void {
  start ??= startWorker;
}

/** The page's paint worker, started on first use; null where charts paint on the page. */
export function paintWorker(): PaintWorkerClient | null {
  if (!start) return null;
  if (client === undefined) {
    client = null;
    if (canOffload()) {
      try {
        client = new PaintWorkerClient(start());
      } catch {
        client = null; // e.g. a worker script on another origin than the page (a CDN)
      }
    }
  }
  return client?.failed ? null : client;
}

export type { PaintWorkerClient };
