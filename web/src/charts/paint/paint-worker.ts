// The paint worker: the charts' data canvases, handed over by the page
// (paint-worker-client.ts), are drawn here, so a drag's frame on the page
// holds no raster work. The page computes the values (the core's exact
// numbers, which its read-outs and exports need too) and sends a copy as a
// picture; this worker only colours, scales and strokes them (picture.ts), and
// says when the frame that shows them is committed.
import type { PaintReply, PaintRequest } from './paint-messages.js';
import { PicturePainter, pictureRatio } from './picture.js';

interface Target {
  canvas: OffscreenCanvas;
  painter: PicturePainter;
}

/** The worker's global scope, as much of it as this file uses (the page's TypeScript lib has no worker types). */
const scope = globalThis as unknown as {
  postMessage(message: PaintReply): void;
  onmessage: ((event: MessageEvent<PaintRequest>) => void) | null;
  requestAnimationFrame?: (callback: () => void) => number;
};
const targets = new Map<number, Target>();

const reply = (message: PaintReply) => scope.postMessage(message);

/** Runs `then` once the frame drawn in this task is committed (the next animation frame where a worker has them). */
const afterCommit = (then: () => void) =>
  typeof scope.requestAnimationFrame === 'function' ? scope.requestAnimationFrame(then) : setTimeout(then, 0);

/** The newest request of each canvas not drawn yet: requests that arrive together are drawn once, the newest. */
const newest = new Map<number, Extract<PaintRequest, { kind: 'paint' }>>();
let drawing = false;

scope.onmessage = (event: MessageEvent<PaintRequest>) => {
  const request = event.data;
  if (request.kind === 'attach') {
    targets.set(request.id, { canvas: request.canvas, painter: new PicturePainter() });
    // A canvas's first drawing sets up its 2D context and backing store, the
    // most of a first picture's time here: done now, while the page is still
    // computing that picture. (Clearing a new canvas changes no pixel.)
    request.canvas.getContext('2d')?.clearRect(0, 0, 1, 1);
    return;
  }
  if (request.kind === 'detach') {
    targets.delete(request.id);
    newest.delete(request.id);
    return;
  }
  const older = newest.get(request.id);
  if (older) reply({ kind: 'superseded', id: older.id, seq: older.seq });
  newest.set(request.id, request);
  // After the messages already queued (a task of its own): those would replace this one.
  if (!drawing) {
    drawing = true;
    setTimeout(drawNewest, 0);
  }
};

function drawNewest(): void {
  drawing = false;
  const requests = [...newest.values()];
  newest.clear();
  for (const request of requests) draw(request);
}

function draw(request: Extract<PaintRequest, { kind: 'paint' }>): void {
  const target = targets.get(request.id);
  if (!target) return;
  const started = performance.now();
  try {
    const { canvas, painter } = target;
    const { width, height, picture } = request;
    const ratio = pictureRatio(picture);
    const deviceWidth = Math.max(1, Math.round(width * ratio));
    const deviceHeight = Math.max(1, Math.round(height * ratio));
    if (canvas.width !== deviceWidth) canvas.width = deviceWidth;
    if (canvas.height !== deviceHeight) canvas.height = deviceHeight;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2D context on the OffscreenCanvas');
    ctx.setTransform(deviceWidth / width, 0, 0, deviceHeight / height, 0, 0);
    ctx.clearRect(0, 0, width, height);
    painter.paint(ctx, picture);
    const drawMs = performance.now() - started;
    afterCommit(() =>
      reply({
        kind: 'painted',
        id: request.id,
        seq: request.seq,
        drawMs,
        committedAt: performance.timeOrigin + performance.now(),
      }),
    );
  } catch (error) {
    reply({ kind: 'failed', id: request.id, seq: request.seq, message: (error as Error).message });
  }
}
reply({ kind: 'ready' });
