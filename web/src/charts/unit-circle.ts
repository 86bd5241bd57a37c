// Points on the unit circle (an SVG panel): spokes to labelled points, a ring
// marking where a rotation lands, an arc with an arrowhead for the rotation,
// and lines of notes underneath. Used by the rotation chart for one pair's
// phasor (cos across, sin up).
import { select } from 'd3-selection';
import { drawnAlready, setAttr, setText } from './drawn.js';
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

/** Draws `spec` into `svg`; returns its height. */
export function drawUnitCircle(svg: SVGSVGElement, spec: CircleSpec): number {
  const { width } = spec;
  // Room around the circle: 62 px each side for the point labels, 30 above
  // and below; the notes under it.
  const radius = Math.max(40, Math.min(150, width / 2 - 62));
  const cx = width / 2;
  const cy = radius + 30;
  const height = Math.round(cy + radius + 30 + 18 * spec.notes.length);
  setAttr(svg, 'width', String(width));
  setAttr(svg, 'height', String(height));
  setAttr(svg, 'viewBox', `0 0 ${width} ${height}`);
  const root = select(svg);
  const at = (cos: number, sin: number) => ({ x: cx + radius * cos, y: cy - radius * sin });
  const layer = (name: string) => root.selectAll<SVGGElement, number>(`g.${name}`).data([0]).join('g').attr('class', name);

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
      .attr('class', 'axis-line')
      .attr('x1', (d) => d[0])
      .attr('y1', (d) => d[1])
      .attr('x2', (d) => d[2])
      .attr('y2', (d) => d[3]);
    frame.selectAll('circle').data([radius]).join('circle').attr('class', 'unit').attr('cx', cx).attr('cy', cy).attr('r', (r) => r);
  }

  const { start, sweep } = spec.arc;
  const arcLayer = layer('rotation-arc');
  const steps = Math.max(2, Math.ceil(Math.abs(sweep) / 0.05));
  const points: string[] = [];
  for (let s = 0; s <= steps; s++) {
    const t = start + (sweep * s) / steps;
    points.push(`${(cx + radius * Math.cos(t)).toFixed(2)},${(cy - radius * Math.sin(t)).toFixed(2)}`);
  }
  arcLayer.selectAll('polyline').data(sweep !== 0 ? [points.join(' ')] : []).join('polyline').attr('class', 'arc').attr('points', (d) => d);
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
  arcLayer.selectAll('polygon').data(head.length ? [head] : []).join('polygon').attr('class', 'arrow').attr('points', (d) => d.map((q) => q.join(',')).join(' '));

  const spokes = layer('spokes');
  const placed = spec.points.map((p) => ({ ...p, ...at(p.cos, p.sin) }));
  spokes.selectAll('line').data(placed).join('line').attr('class', 'spoke').attr('stroke', (d) => d.colour).attr('x1', cx).attr('y1', cy).attr('x2', (d) => d.x).attr('y2', (d) => d.y);
  spokes.selectAll('circle.point').data(placed).join('circle').attr('class', 'point cursor-dot').attr('r', 6).attr('cx', (d) => d.x).attr('cy', (d) => d.y).attr('fill', (d) => d.colour);
  const ring = at(spec.ring.cos, spec.ring.sin);
  spokes.selectAll('circle.image-ring').data([ring]).join('circle').attr('class', 'image-ring').attr('r', 10).attr('cx', (d) => d.x).attr('cy', (d) => d.y);
  // Labels sit outside the circle along each point's radius, anchored away
  // from the centre; a label close to the one before moves a line further out.
  const labelAt = (point: { x: number; y: number }, extra: number) => {
    const ux = (point.x - cx) / radius;
    const uy = (point.y - cy) / radius;
    const r = radius + 16 + extra;
    return { x: cx + ux * r, y: cy + uy * r + 4, anchor: ux > 0.35 ? 'start' : ux < -0.35 ? 'end' : 'middle' };
  };
  const labels = placed.map((d, n) => {
    const close = n > 0 && Math.hypot(d.x - placed[n - 1].x, d.y - placed[n - 1].y) < 36;
    const at = labelAt(d, close ? 16 : 0);
    // Kept inside the drawing. The width of the 12 px label is estimated:
    // measuring with getBBox forced a layout in the middle of every frame of a drag.
    const w = estimatedTextWidth(d.label, 12);
    const left = at.anchor === 'start' ? at.x : at.anchor === 'end' ? at.x - w : at.x - w / 2;
    const shift = left < 2 ? 2 - left : left + w > width - 2 ? width - 2 - left - w : 0;
    return { ...d, ...at, x: at.x + shift };
  });
  spokes
    .selectAll<SVGTextElement, (typeof labels)[number]>('text.point-label')
    .data(labels)
    .join('text')
    .attr('class', 'point-label')
    // style, not the fill attribute: the stylesheet's text fill would win over an attribute
    .style('fill', (d) => d.colour)
    .attr('x', (d) => d.x)
    .attr('y', (d) => d.y)
    .attr('text-anchor', (d) => d.anchor)
    .each(function (d) {
      setText(this, d.label);
    });
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
