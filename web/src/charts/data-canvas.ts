// A chart's data layer (ChartFrame's canvas): its picture (paint/picture.ts)
// is drawn by the page's paint worker where one runs, the canvas handed over
// on the first layout, else on the page with the same painter. Axes, marks
// and read-outs stay in the frame's SVG layers on the page.
import type { ChartFrame } from './frame.js';
import { fitCanvas } from './hidpi-canvas.js';
import { PicturePainter, samePicture, type Picture } from './paint/picture.js';
import { paintWorker, type PaintWorkerClient } from './worker/paint-worker-client.js';
import { notePaint } from './worker/pending-paints.js';

/** A collected chart's canvas is let go in the worker too. */
const released = new FinalizationRegistry<{ client: PaintWorkerClient; id: number }>(({ client, id }) =>
  client.detach(id),
);

export class DataCanvas {
  private painter: PicturePainter | null = null;
  private context: CanvasRenderingContext2D | null = null;
  /** The paint worker holding the canvas, and the canvas's id there. */
  private worker: { client: PaintWorkerClient; id: number } | null = null;
  /** What the worker last drew, at which size: the same again (a mark moved, not the data) is not sent. */
  private sent: { picture: Picture; width: number; height: number } | null = null;
  /** The page's time for the last paint(): drawing here, or copying the picture to the worker. */
  paintMs = 0;

  /**
   * The canvas goes to the worker now, while it is out of the page: handed
   * over in the page, in a section that content-visibility skips, it lays
   * that section out, once per canvas, in the chart's first drawing.
   */
  constructor(private readonly frame: ChartFrame) {
    this.attach();
  }

  /** Sizes the canvas to the frame's plot box (after the frame's sizeLayers), handing it to the worker if not yet. */
  size(): void {
    const { box, canvas } = this.frame;
    if (!this.worker && !this.context) this.attach();
    if (this.worker) {
      canvas.style.setProperty('width', `${box.width}px`);
      canvas.style.setProperty('height', `${box.height}px`);
    } else {
      this.context = fitCanvas(canvas, box.width, box.height);
    }
  }

  /** Draws `picture` over the plot box (after size()). */
  paint(picture: Picture): void {
    const started = performance.now();
    const { box } = this.frame;
    if (this.worker) {
      const sent = this.sent;
      if (!sent || sent.width !== box.width || sent.height !== box.height || !samePicture(sent.picture, picture)) {
        this.sent = { picture, width: box.width, height: box.height };
        notePaint(this.worker.client.paint(this.worker.id, box.width, box.height, picture));
      }
    } else {
      // As the worker does: a picture replaces the last one whole.
      this.context!.clearRect(0, 0, box.width, box.height);
      this.painter ??= new PicturePainter();
      this.painter.paint(this.context!, picture);
    }
    this.paintMs = performance.now() - started;
  }

  /** Hands the canvas to the page's paint worker, if it has one. */
  private attach(): void {
    const client = paintWorker();
    if (!client) return;
    // The worker holds the canvas only weakly: a chart gone from the page is collected, and its canvas let go.
    const self = new WeakRef(this);
    this.worker = { client, id: client.attach(this.frame.canvas, () => self.deref()?.workerLost()) };
    released.register(this, this.worker);
  }

  /** The worker failed: a new canvas on the page, and the chart asked to draw again. */
  private workerLost(): void {
    this.worker = null;
    this.sent = null;
    this.frame.replaceCanvas();
    this.frame.root.dispatchEvent(new Event('phasor-repaint', { bubbles: true, composed: true }));
  }
}
