// Points on the unit circle (an SVG panel): spokes to labelled points, a ring
// marking where a rotation lands, an arc with an arrowhead for the rotation,
// and lines of notes underneath. Used by the rotation chart for one pair's
// phasor (cos across, sin up).
import { select } from 'd3-selection';
import { drawnAlready, setAttr, setAttrs, setStyle, setText, setTexts } from './drawn.js';
import { estimatedTextWidth } from './axis-units.js';

export interface CirclePoint {
  cos: number;
  sin: number;
  colour: string;
  label: string;
}

export interface CircleSpec {
  width: number;
  points: CirclePoint[];
  /** A ring around this point (e.g. where the rotation lands). */
  ring: { cos: number; sin: number };
  /** The arc: from angle `start` (rad) through `sweep` (rad, whole turns removed). */
  arc: { start: number; sweep: number };
  notes: { text: string; className: string }[];
}

/** Widths (px) of each drawing's point labels, by text: measured once each (a page may set each chart's font). */
const measuredLabels = new WeakMap<SVGSVGElement, Map<string, number>>();

/** Draws `spec` into `svg`; returns its height. */
export function drawUnitCircle(svg: SVGSVGElement, spec: CircleSpec): number {
  const { width } = spec;
  // Room around the circle: 74 px each side for a point label (16 px out from
  // its point, "PE(p+k)" is about 54 px in 600 12px sans-serif), so that a
  // label beside the circle never has to be pushed back onto its point; 30
  // above and below; the notes under it.
  const radius = Math.max(40, Math.min(150, width / 2 - 74));
  const cx = width / 2;
  const cy = radius + 30;
  const height = Math.round(cy + radius + 30 + 18 * spec.notes.length);
  setAttr(svg, 'width', String(width));
  setAttr(svg, 'height', String(height));
  setAttr(svg, 'viewBox', `0 0 ${width} ${height}`);
  const root = select(svg);
  const at = (cos: number, sin: number) => ({ x: cx + radius * cos, y: cy - radius * sin });
  const layer = (name: string) =>
    root.selectAll<SVGGElement, number>(`g.${name}`).data([0]).join('g').call(setAttrs, { class: name });

  // The circle and its axes stay as they are while p, k or the pair change.
  if (!drawnAlready(svg, 'circle-frame', [cx, cy, radius])) {
    const frame = layer('circle-frame');
    frame
      .selectAll('line')
      .data([
        [cx - radius, cy, cx + radius, cy],
        [cx, cy - radius, cx, cy + radius],
      ])
      .join('line')
      .call(setAttrs, { class: 'axis-line', x1: (d) => d[0], y1: (d) => d[1], x2: (d) => d[2], y2: (d) => d[3] });
    frame
      .selectAll('circle')
      .data([radius])
      .join('circle')
      .call(setAttrs, { class: 'unit', cx, cy, r: (r) => r });
  }

  const { start, sweep } = spec.arc;
  const arcLayer = layer('rotation-arc');
  const steps = Math.max(2, Math.ceil(Math.abs(sweep) / 0.05));
  const points: string[] = [];
  for (let s = 0; s <= steps; s++) {
    const t = start + (sweep * s) / steps;
    points.push(`${(cx + radius * Math.cos(t)).toFixed(2)},${(cy - radius * Math.sin(t)).toFixed(2)}`);
  }
  arcLayer
    .selectAll('polyline')
    .data(sweep !== 0 ? [points.join(' ')] : [])
    .join('polyline')
    .call(setAttrs, { class: 'arc', points: (d) => d });
  // An arrowhead at the end of the arc, pointing along the rotation.
  const end = start + sweep;
  const dir = Math.sign(sweep);
  const tip = at(Math.cos(end), Math.sin(end));
  const tangent = { x: -Math.sin(end) * dir, y: -Math.cos(end) * dir };
  const normal = { x: Math.cos(end), y: -Math.sin(end) };
  const head =
    Math.abs(sweep) > 0.25
      ? [
          [tip.x + tangent.x * 2, tip.y + tangent.y * 2],
          [tip.x - tangent.x * 10 + normal.x * 5, tip.y - tangent.y * 10 + normal.y * 5],
          [tip.x - tangent.x * 10 - normal.x * 5, tip.y - tangent.y * 10 - normal.y * 5],
        ]
      : [];
  arcLayer
    .selectAll('polygon')
    .data(head.length ? [head] : [])
    .join('polygon')
    .call(setAttrs, { class: 'arrow', points: (d) => d.map((q) => q.join(',')).join(' ') });

  const spokes = layer('spokes');
  const placed = spec.points.map((p) => ({ ...p, ...at(p.cos, p.sin) }));
  spokes
    .selectAll('line')
    .data(placed)
    .join('line')
    .call(setAttrs, { class: 'spoke', stroke: (d) => d.colour, x1: cx, y1: cy, x2: (d) => d.x, y2: (d) => d.y });
  spokes
    .selectAll('circle.point')
    .data(placed)
    .join('circle')
    .call(setAttrs, { class: 'point cursor-dot', r: 6, cx: (d) => d.x, cy: (d) => d.y, fill: (d) => d.colour });
  const ring = at(spec.ring.cos, spec.ring.sin);
  spokes
    .selectAll('circle.image-ring')
    .data([ring])
    .join('circle')
    .call(setAttrs, { class: 'image-ring', r: 10, cx: (d) => d.x, cy: (d) => d.y });
  // Labels sit outside the circle along each point's radius, anchored away
  // from the centre. A label whose point is close to the one before goes
  // beside that one's label: a line further from the horizontal axis at the
  // sides of the circle, to its right at the top and bottom (where the one
  // before moves left).
  const labelAt = (point: { x: number; y: number }) => {
    const ux = (point.x - cx) / radius;
    const uy = (point.y - cy) / radius;
    const r = radius + 16;
    return { x: cx + ux * r, y: cy + uy * r + 4, anchor: ux > 0.35 ? 'start' : ux < -0.35 ? 'end' : 'middle' };
  };
  const widths = measuredLabels.get(svg) ?? new Map<string, number>();
  measuredLabels.set(svg, widths);
  const place = () => {
    const labels = placed.map((d) => ({ ...d, ...labelAt(d) }));
    for (let n = 1; n < labels.length; n++) {
      if (Math.hypot(placed[n].x - placed[n - 1].x, placed[n].y - placed[n - 1].y) >= 36) continue;
      const [before, label] = [labels[n - 1], labels[n]];
      if (before.anchor === 'middle') {
        Object.assign(before, { x: before.x - 4, anchor: 'end' });
        Object.assign(label, { x: before.x + 8, y: before.y, anchor: 'start' });
      } else {
        Object.assign(label, { x: before.x, y: before.y + (placed[n].y < cy ? -15 : 15), anchor: before.anchor });
      }
    }
    // Kept inside the drawing, with the label's measured width (estimated until it is measured).
    return labels.map((d) => {
      const w = widths.get(d.label) ?? estimatedTextWidth(d.label, 12);
      const left = d.anchor === 'start' ? d.x : d.anchor === 'end' ? d.x - w : d.x - w / 2;
      const shift = left < 2 ? 2 - left : left + w > width - 2 ? width - 2 - left - w : 0;
      return { ...d, x: d.x + shift };
    });
  };
  const texts = spokes
    .selectAll<SVGTextElement, ReturnType<typeof place>[number]>('text.point-label')
    .data(place())
    .join('text')
    .call(setAttrs, { class: 'point-label', x: (d) => d.x, y: (d) => d.y, 'text-anchor': (d) => d.anchor })
    // style, not the fill attribute: the stylesheet's text fill would win over an attribute
    .each(function (d) {
      setStyle(this, 'fill', d.colour);
    })
    .call(setTexts, (d) => d.label);
  // The labels are a few constant strings ("PE(p)", "PE(p+k)"): each is measured
  // once, a layout on its first draw only (measuring in every frame of a drag
  // cost a layout each), and the labels are placed again with the true widths.
  let measured = false;
  texts.each(function (d) {
    if (widths.has(d.label)) return;
    const w = this.getComputedTextLength?.() ?? 0; // 0 where nothing is laid out (a hidden chart, a DOM without layout)
    if (w > 0) {
      widths.set(d.label, w);
      measured = true;
    }
  });
  if (measured) texts.data(place()).call(setAttrs, { x: (d) => d.x });
  layer('angle')
    .selectAll<SVGTextElement, CircleSpec['notes'][number]>('text')
    .data(spec.notes)
    .join((enter) => enter.append('text').attr('text-anchor', 'middle'))
    // Each note written only where it changed (the angle moves with p; the axes note stays).
    .each(function (d, n) {
      setAttr(this, 'class', d.className);
      setAttr(this, 'x', String(cx));
      setAttr(this, 'y', String(height - 6 - 18 * (spec.notes.length - 1 - n)));
      setText(this, d.text);
    });
  return height;
}
