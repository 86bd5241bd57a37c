// The read-out of a chart frame, by pointer and keyboard: `show` gets a point
// in plot coordinates (CSS pixels) or null to hide. The frame becomes one tab
// stop; arrow keys move the point by `step()` (Shift: ×10), Home/End jump to
// the ends, Escape hides it. With a zoom window, + and − zoom around the
// point, 0 resets, PageUp/PageDown pan, and an arrow key at the edge pans.
//
// The tooltip is for the eyes; a screen reader hears the read-out from the
// frame's live region once the keyboard has stopped moving it (no chatter
// while a key repeats or a control is dragged).
import type { ChartFrame } from './frame.js';
import type { ZoomWindow } from './zoom.js';

export type Point = { x: number; y: number };

export interface Readout {
  frame: ChartFrame;
  show(point: Point | null): void;
  /** Pixels per arrow key press (one data cell). */
  step(): Point;
}

const SETTLE_MS = 500;

/** Shows the read-out again at the point it was at (after a redraw: it follows the pointer or the keys through zooms). */
export type RefreshReadout = () => void;

export function attachReadout(target: Readout, label: string, zoom?: ZoomWindow): RefreshReadout {
  const { frame } = target;
  let point: Point | null = null;
  let timer = 0;
  const update = (next: Point | null, spoken: boolean) => {
    point = next;
    target.show(point);
    clearTimeout(timer);
    if (!spoken) return;
    timer = window.setTimeout(() => {
      const tip = frame.tooltip.element;
      frame.announce(next && !tip.hidden ? [...tip.children].map((row) => row.textContent).join('; ') : '');
    }, SETTLE_MS);
  };
  frame.root.tabIndex = 0;
  frame.root.setAttribute('role', 'group');
  const keys = zoom
    ? ' Arrow keys read values; plus and minus zoom, 0 resets, Page Up and Page Down pan.'
    : ' Arrow keys read values.';
  frame.root.setAttribute('aria-label', `${label}.${keys}`);
  frame.front.addEventListener('pointermove', (event) => update(frame.plotPoint(event), false));
  frame.front.addEventListener('pointerdown', (event) => update(frame.plotPoint(event), false));
  frame.front.addEventListener('pointerleave', () => update(null, false));
  frame.root.addEventListener('blur', () => update(null, false));
  frame.root.addEventListener('keydown', (event) => {
    const { width, height } = frame.box;
    const s = target.step();
    const p = point ?? { x: width / 2, y: height / 2 };
    const big = event.shiftKey ? 10 : 1;
    const along = (dx: number, dy: number): Point | null => {
      const next = { x: p.x + dx * s.x * big, y: p.y + dy * s.y * big };
      // At the edge of a zoomable plot the view moves instead of the point.
      if (zoom && (next.x < 0 || next.x > width || next.y < 0 || next.y > height))
        zoom.panBy((dx || dy) * 0.25, dx ? 'x' : 'y');
      return { x: Math.min(width, Math.max(0, next.x)), y: Math.min(height, Math.max(0, next.y)) };
    };
    let next: Point | null = p;
    switch (event.key) {
      case 'ArrowLeft':
        next = along(-1, 0);
        break;
      case 'ArrowRight':
        next = along(1, 0);
        break;
      case 'ArrowUp':
        next = along(0, -1);
        break;
      case 'ArrowDown':
        next = along(0, 1);
        break;
      case 'Home':
        next = { x: 0, y: p.y };
        break;
      case 'End':
        next = { x: width, y: p.y };
        break;
      case 'Escape':
        next = null;
        break;
      default:
        if (!zoom || event.ctrlKey || event.metaKey || event.altKey) return;
        if (event.key === '+' || event.key === '=') zoom.zoomBy(2, p);
        else if (event.key === '-' || event.key === '_') zoom.zoomBy(0.5, p);
        else if (event.key === '0') zoom.reset();
        else if (event.key === 'PageDown') zoom.panBy(0.8);
        else if (event.key === 'PageUp') zoom.panBy(-0.8);
        else return;
    }
    event.preventDefault();
    update(next, true);
  });
  return () => target.show(point);
}
