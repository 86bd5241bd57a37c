// Wheel, drag and pinch on a chart with d3-zoom, driving a ZoomWindow
// (zoom.ts). d3-zoom's transform lives in "world" pixels, the plot drawn at
// the base window; the ZoomWindow's view (data units) is the truth, and the
// transform is derived from it whenever it changes elsewhere (sync).
import { select } from 'd3-selection';
import { zoom, zoomIdentity, type D3ZoomEvent, type ZoomTransform } from 'd3-zoom';
import type { Range, View, ZoomModel } from './zoom-model.js';

export function attachGestures(target: SVGSVGElement, model: ZoomModel, focused: () => boolean): { sync(): void } {
  let silent = false;
  const axis = model.axes === 'x' ? 'x' : 'y';
  // Base data value ↔ world pixels. d3-zoom reads the pointer in the target's
  // coordinates, where the plot box starts at (box.left, box.top), not at 0.
  const pixels = (a: 'x' | 'y') => (a === 'x' ? model.box.width : model.box.height);
  const start = (a: 'x' | 'y') => (a === 'x' ? model.box.left : model.box.top);
  const toWorld = (a: 'x' | 'y', v: number) =>
    start(a) + ((v - model.base[a][0]) / (model.base[a][1] - model.base[a][0])) * pixels(a);
  const fromWorld = (a: 'x' | 'y', w: number) =>
    model.base[a][0] + ((w - start(a)) / pixels(a)) * (model.base[a][1] - model.base[a][0]);
  const viewOf = (t: ZoomTransform): View => {
    const { left, top, width, height } = model.box;
    const x: Range =
      model.axes === 'y' ? model.current.x : [fromWorld('x', t.invertX(left)), fromWorld('x', t.invertX(left + width))];
    const y: Range =
      model.axes === 'x' ? model.current.y : [fromWorld('y', t.invertY(top)), fromWorld('y', t.invertY(top + height))];
    return { x, y };
  };

  const behaviour = zoom<SVGSVGElement, unknown>()
    .filter((event: Event) => {
      if (event.type === 'wheel') {
        const wheel = event as WheelEvent;
        return wheel.ctrlKey || wheel.metaKey || focused();
      }
      return !(event as MouseEvent).ctrlKey && !(event as MouseEvent).button;
    })
    .on('zoom', (event: D3ZoomEvent<SVGSVGElement, unknown>) => {
      if (!silent) model.setView(viewOf(event.transform));
    });
  select(target).call(behaviour).on('dblclick.zoom', null);

  return {
    /** Sets the extents for the current box and limits, and the transform that shows the current view. */
    sync(): void {
      const { box, limits } = model;
      const baseSpan = model.base[axis][1] - model.base[axis][0];
      // The axis that does not zoom is left free (its transform is never read).
      const lo = (a: 'x' | 'y') => (model.axes === a || model.axes === 'xy' ? toWorld(a, limits.lo) : -Infinity);
      const hi = (a: 'x' | 'y') => (model.axes === a || model.axes === 'xy' ? toWorld(a, limits.hi) : Infinity);
      behaviour
        .extent([
          [box.left, box.top],
          [box.left + box.width, box.top + box.height],
        ])
        .scaleExtent([baseSpan / (limits.hi - limits.lo), baseSpan / Math.max(limits.minSpan, 1e-9)])
        .translateExtent([
          [lo('x'), lo('y')],
          [hi('x'), hi('y')],
        ]);
      const view = model.current;
      const k = baseSpan / (view[axis][1] - view[axis][0]);
      // Screen = k · world + t, with the view's start at the box's edge.
      const tx = model.axes === 'y' ? 0 : box.left - k * toWorld('x', view.x[0]);
      const ty = model.axes === 'x' ? 0 : box.top - k * toWorld('y', view.y[0]);
      silent = true;
      try {
        select(target).call(behaviour.transform, zoomIdentity.translate(tx, ty).scale(k));
      } finally {
        silent = false;
      }
    },
  };
}
