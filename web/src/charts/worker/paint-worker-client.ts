// The page's side of the paint worker (paint/paint-worker.ts): one worker per
// page, started as soon as the page opts in, to which each chart hands its data
// canvas. A page opts in with usePaintWorker() (the embed script and the
// explorer do; a bundler's user calls enablePaintWorker() from
// phasor/elements, since only some bundlers ship a worker file): until then,
// and wherever the worker cannot run (no Worker or OffscreenCanvas, a CSP
// that forbids it, a script on another origin, a crash), the charts paint on
// the page. A chart whose canvas the worker held gets a new canvas (lost())
// and draws again. Requests go to the worker at once, whatever the page's
// thread is doing; the worker draws only the newest of those waiting for a
// canvas and answers the others null (superseded).
import type { PaintReply, PaintRequest } from '../paint/paint-messages.js';
import type { Picture } from '../paint/picture.js';

/** A picture shown: the worker's drawing time, and when its frame was committed (the page's performance.now() time). */
export interface Painted {
  drawMs: number;
  shownAt: number;
}

type Answer = (painted: Painted | null) => void;

interface Slot {
  lost: () => void;
  /** Who waits for each request sent and not yet answered, by its seq. */
  waiting: Map<number, Answer>;
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
    this.slots.set(id, { lost, waiting: new Map() });
    this.post({ kind: 'attach', id, canvas: offscreen }, [offscreen]);
    return id;
  }

  detach(id: number): void {
    const slot = this.slots.get(id);
    if (!slot) return;
    this.slots.delete(id);
    for (const answer of slot.waiting.values()) answer(null);
    this.post({ kind: 'detach', id });
  }

  /** Draws `picture` on canvas `id`; resolves once shown, or with null when a newer picture replaced it. */
  paint(id: number, width: number, height: number, picture: Picture): Promise<Painted | null> {
    const slot = this.slots.get(id);
    if (!slot || this.failed) return Promise.resolve(null);
    const seq = ++this.lastSeq;
    const { copy, buffers } = movableCopy(picture);
    return new Promise((answer) => {
      slot.waiting.set(seq, answer);
      this.post({ kind: 'paint', id, seq, width, height, picture: copy }, buffers);
    });
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
    const answer = slot?.waiting.get(reply.seq);
    if (!slot || !answer) return;
    slot.waiting.delete(reply.seq);
    if (reply.kind === 'painted') answer({ drawMs: reply.drawMs, shownAt: reply.committedAt - performance.timeOrigin });
    else answer(null);
    if (reply.kind === 'failed') this.fail();
  }

  private fail(): void {
    if (this.failed) return;
    this.failed = true;
    this.worker.terminate();
    const slots = [...this.slots.values()];
    this.slots.clear();
    for (const slot of slots) {
      for (const answer of slot.waiting.values()) answer(null);
      slot.lost();
    }
  }
}

/**
 * The chart keeps its values (its read-outs and exports use them): the worker
 * gets a copy of just the numbers, moved rather than cloned (a view's whole
 * buffer would be cloned, and cloned again on arrival). An array that several
 * lines share is copied once.
 */
function movableCopy(picture: Picture): { copy: Picture; buffers: ArrayBuffer[] } {
  const copies = new Map<ArrayLike<number>, Float32Array | Float64Array>();
  const copyOf = <T extends ArrayLike<number>>(values: T): T => {
    let copy = copies.get(values);
    if (!copy) copies.set(values, (copy = values instanceof Float32Array ? values.slice() : Float64Array.from(values)));
    return copy as unknown as T;
  };
  let copy: Picture;
  if (picture.kind === 'matrix') {
    const cells = picture.matrix.cells;
    copy = {
      kind: 'matrix',
      matrix: {
        ...picture.matrix,
        cells:
          'diagonals' in cells
            ? { ...cells, diagonals: copyOf(cells.diagonals) }
            : { ...cells, values: copyOf(cells.values) },
      },
    };
  } else {
    copy = {
      ...picture,
      layers: picture.layers.map((layer) =>
        'band' in layer
          ? layer
          : {
              lines: {
                ...layer.lines,
                lines: layer.lines.lines.map((line) => ({
                  ...line,
                  y: copyOf(line.y),
                  xs: line.xs && copyOf(line.xs),
                })),
              },
            },
      ),
    };
  }
  return { copy, buffers: [...copies.values()].map((values) => values.buffer as ArrayBuffer) };
}

let start: (() => Worker) | null = null;
let client: PaintWorkerClient | null | undefined;

/** Lets the charts drawn from now on paint in the worker `startWorker` starts (at once). */
export function usePaintWorker(startWorker: () => Worker): void {
  start ??= startWorker;
  // Started now, not when the first chart draws: its script then loads while the page's own does, and the
  // first picture does not wait for it. In a task of its own (starting a worker takes a while on a phone); a
  // chart built before then starts it itself.
  setTimeout(paintWorker, 0);
}

/** The page's paint worker; null where charts paint on the page. */
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
