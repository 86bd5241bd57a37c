// What the page and the paint worker (paint-worker.ts) say to each other.
import type { Picture } from './picture.js';

export type PaintRequest =
  /** A canvas of the page, handed over (transferControlToOffscreen): the worker draws on it from now on. */
  | { kind: 'attach'; id: number; canvas: OffscreenCanvas }
  /** Draw `picture` on canvas `id`, sized `width` × `height` CSS px at its ratio of device px per CSS px. */
  | { kind: 'paint'; id: number; seq: number; width: number; height: number; picture: Picture }
  /** The chart is gone: forget its canvas. */
  | { kind: 'detach'; id: number };

export type PaintReply =
  /** The worker has loaded and answers. */
  | { kind: 'ready' }
  /**
   * Request `seq` of canvas `id` is drawn, in `drawMs` of the worker's time,
   * and its frame committed by `committedAt` (ms since the epoch's origin:
   * performance.timeOrigin + performance.now(), comparable across threads).
   */
  | { kind: 'painted'; id: number; seq: number; drawMs: number; committedAt: number }
  /** Request `seq` was not drawn: a newer one for the same canvas came before the worker got to it. */
  | { kind: 'superseded'; id: number; seq: number }
  | { kind: 'failed'; id: number; seq: number; message: string };
