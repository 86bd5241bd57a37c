// The marks of p and p + k on the heatmap (rows) and the distance matrix
// (row p, column p + k): a solid line for p, a dashed one for p + k, each
// labelled, drawn only where it falls inside the view.
import type { ScaleLinear } from 'd3-scale';
import { estimatedTextWidth } from './axis-units.js';
import { drawnAlready, setAttrs, setTexts } from './drawn.js';
import type { PlotBox } from './frame.js';
import { plotGroup } from './plot-group.js';

export interface PositionMark {
  /** The term the mark stands for ("p" or "p+k"). */
  term: 'p' | 'p+k';
  at: number;
  label: string;
}

/** p and p + k from the options (none without p; p + k only with k). */
export function markedPositions(o: { p: number | null; k: number | null }): PositionMark[] {
  if (o.p === null) return [];
  const marks: PositionMark[] = [{ term: 'p', at: o.p, label: `p = ${o.p}` }];
  if (o.k !== null && o.k !== 0) marks.push({ term: 'p+k', at: o.p + o.k, label: `p + k = ${o.p + o.k}` });
  return marks;
}

/**
 * Draws `marks` across the plot: 'h' as rows (scale: the vertical axis), 'v'
 * as columns (the horizontal one), a column's label at the bottom of the plot
 * or, with `labelsAtTop` (a row's label is down there), at the top.
 */
export function drawPositionMarks(
  svg: SVGSVGElement,
  box: PlotBox,
  scale: ScaleLinear<number, number>,
  along: 'h' | 'v',
  marks: readonly PositionMark[],
  labelsAtTop = false,
): void {
  const [lo, hi] = scale.domain();
  const shown = marks.filter((m) => m.at >= Math.min(lo, hi) && m.at < Math.max(lo, hi));
  if (drawnAlready(svg, `marks-${along}`, [box, shown, shown.map((m) => scale(m.at + 0.5)), labelsAtTop])) return;
  const g = plotGroup(svg, `marks-${along}`, box);
  const centre = (m: PositionMark) => scale(m.at + 0.5);
  const across = {
    x1: (m: PositionMark) => (along === 'h' ? 0 : centre(m)),
    x2: (m: PositionMark) => (along === 'h' ? box.width : centre(m)),
    y1: (m: PositionMark) => (along === 'h' ? centre(m) : 0),
    y2: (m: PositionMark) => (along === 'h' ? centre(m) : box.height),
  };
  // Each line over its halo, a wider line in the background colour (readable on any colour of the image).
  const lines = (layer: string) =>
    g
      .selectAll(`g.${layer}`)
      .data([0])
      .join('g')
      .call(setAttrs, { class: layer })
      .selectAll('line')
      .data(shown)
      .join('line');
  lines('halos').call(setAttrs, { class: (m) => (m.term === 'p' ? 'mark-halo' : 'mark-halo dashed'), ...across });
  lines('lines').call(setAttrs, { class: (m) => (m.term === 'p' ? 'mark-p' : 'mark-pk'), ...across });
  // Two marks closer than a label (its height on rows, about its width on columns): the later mark's label
  // goes on the far side of its line (below a row, right of a column), so the
  // two never overlap.
  const later =
    shown.length === 2 && Math.abs(centre(shown[0]) - centre(shown[1])) < (along === 'h' ? 16 : 90)
      ? centre(shown[0]) > centre(shown[1])
        ? shown[0]
        : shown[1]
      : null;
  // A column's label goes left of its line (the later one right of it), unless
  // that runs out of the plot: a column near the left edge puts it right, one
  // near the right edge left. Two labels then on the same side of close lines
  // take two lines of text, the later one above.
  const room = (m: PositionMark) => estimatedTextWidth(m.label) + 4;
  const atStart = (m: PositionMark) => (m === later ? centre(m) + room(m) <= box.width : centre(m) - room(m) < 0);
  const stacked = later !== null && atStart(shown[0]) === atStart(shown[1]);
  g.selectAll('text')
    .data(shown)
    .join('text')
    .call(setAttrs, {
      class: 'mark-label',
      'text-anchor': (m) => (along === 'v' && atStart(m) ? 'start' : 'end'),
      x: (m) => (along === 'h' ? box.width - 4 : centre(m) + (atStart(m) ? 4 : -4)),
      y: (m) => {
        if (along === 'h') return centre(m) + (m === later ? 12 : -4);
        const line = stacked && m === later ? 14 : 0;
        return labelsAtTop ? 14 + line : box.height - 6 - line;
      },
    })
    .call(setTexts, (m) => m.label);
}
