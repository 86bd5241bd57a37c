// When a chart element redraws. On screen: in a microtask, so the changes of
// one event draw once and the frame about to be painted shows them; at most
// once per frame (a later change in the same frame waits for the next one);
// the first drawing in a task of its own, one chart at a time, each shown
// before the next starts (first-drawings.ts). Out of sight
// (IntersectionObserver): in an idle moment after the changes stop
// (catch-up.ts), so dragging a control pays only for the charts one can see.
// A catch-up computes what it draws in an idle moment before the one that
// draws it: on a phone, the two in one task can be a long task.
import { cancelCatchUp, catchUpLater } from './catch-up.js';
import { drawFirst } from './first-drawings.js';

export class RenderScheduler {
  private frameRequest = 0;
  /** A microtask or task render is queued. */
  private queued = false;
  /** Drawn since the last animation frame began: the next change waits for the next frame. */
  private drewThisFrame = false;
  /** A redraw is owed (set by request, cleared by begin). */
  private owed = false;
  /** false until the IntersectionObserver first says, so a page's start-up draws only what is seen at once. */
  private onScreen = false;
  private observer: IntersectionObserver | null = null;

  /**
   * @param host the element whose visibility decides
   * @param render draws now (it calls begin() first); may return a promise that settles once the picture is shown
   * @param hasDrawn whether the element has drawn once
   * @param prepare computes what the next render draws (kept for it); false when there was nothing to compute
   */
  constructor(
    private readonly host: Element,
    private readonly render: () => Promise<unknown> | void,
    private readonly hasDrawn: () => boolean,
    private readonly prepare: () => boolean,
  ) {}

  connect(): void {
    this.observer ??= new IntersectionObserver(
      (entries) => {
        const visible = entries[entries.length - 1].isIntersecting;
        if (visible === this.onScreen) return;
        this.onScreen = visible;
        if (visible && this.owed) this.request(); // catch up at once
      },
      { rootMargin: '0px' },
    );
    this.observer.observe(this.host);
  }

  disconnect(): void {
    this.observer?.disconnect();
    this.onScreen = false;
    cancelCatchUp(this);
    if (this.frameRequest) cancelAnimationFrame(this.frameRequest);
    this.frameRequest = 0;
  }

  /** Asks for a redraw (see the top of this file). */
  request(): void {
    if (!this.host.isConnected) return;
    this.owed = true;
    if (!this.onScreen) {
      catchUpLater(this);
      return;
    }
    cancelCatchUp(this);
    if (this.queued || this.frameRequest) return;
    const run = () => {
      this.queued = false;
      if (this.owed && this.host.isConnected) this.render();
    };
    if (!this.hasDrawn()) {
      this.queued = true;
      drawFirst(() => {
        this.queued = false;
        if (this.owed && this.host.isConnected) return this.render();
      });
      return;
    }
    if (this.drewThisFrame) {
      this.frameRequest = requestAnimationFrame(() => {
        this.frameRequest = 0;
        this.render();
      });
      return;
    }
    this.queued = true;
    queueMicrotask(run);
  }

  /** Called by catch-up.ts: the owed redraw of a chart out of sight; true when it only computed (call again to draw). */
  catchUp(): boolean {
    if (!this.owed || !this.host.isConnected) return false;
    if (this.prepare()) return true;
    this.render();
    return false;
  }

  /** A render starts: nothing is owed, and this frame has drawn. */
  begin(): void {
    this.owed = false;
    if (!this.drewThisFrame) {
      this.drewThisFrame = true;
      requestAnimationFrame(() => (this.drewThisFrame = false));
    }
  }
}
