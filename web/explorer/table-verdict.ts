// The verdict of ph.identify on a table, as "Check your table" shows it: the
// headline with the precision, identify's lines, the fitted options with a
// link into the explorer, the candidates, the precision chart (deviation
// against the row under its bound) and the heatmap of table − best candidate.
import type { Identification, IdentifyCandidate } from '../src/core/index.js';
import { DifferenceChart } from '../src/check/difference-chart.js';
import { encodeCall } from '../src/code/table-code.js';
import { exact } from '../src/charts/format.js';
import { bestCandidate } from './check-table-best.js';
import { explorerLink } from './check-table-link.js';
import type { Difference, TableFacts } from './check-table-work.js';
import { element } from './element.js';
import { PrecisionFigure, precisionWords } from './precision-figure.js';
import './verdict.css';

export class TableVerdict {
  readonly root = element('div', 'check-table-view');
  private readonly verdict = element('p', 'check-verdict');
  private readonly differs = element('ul', 'check-differs');
  private readonly fitted = element('p', 'check-fitted');
  private readonly open = element('a', 'check-open', 'Open the explorer at these options');
  private readonly openNote = element('span', 'check-open-note');
  private readonly openLine = element('p', 'check-open-line');
  private readonly candidates = element('table', 'check-candidates');
  private readonly chart = new DifferenceChart();
  private readonly figure = element('figure', 'chart check-difference');
  private readonly caption = element('figcaption', 'check-difference-title');
  private readonly precision = new PrecisionFigure();

  constructor() {
    this.openLine.append(this.open, this.openNote);
    this.figure.append(this.caption, this.chart.host);
    this.root.append(
      this.verdict,
      this.differs,
      this.fitted,
      this.openLine,
      this.candidates,
      this.precision.root,
      this.figure,
    );
  }

  /** Shows ph.identify's verdict on `table`, with the difference from the best candidate (or why it cannot be drawn). */
  show(table: TableFacts, found: Identification, difference: Difference | string | null): void {
    const { verdict, differs, fitted, open, openNote, openLine, figure, precision, caption, chart } = this;
    this.root.hidden = false;
    if (found.candidates.length === 0) {
      verdict.textContent = 'No match: no sinusoidal convention comes near this table.';
      differs.replaceChildren();
      fitted.textContent = '';
      openLine.hidden = true;
      this.candidates.replaceChildren();
      figure.hidden = true;
      precision.root.hidden = true;
      return;
    }
    const { best, others } = bestCandidate(found);
    const name = best.convention ?? 'general options';
    const also = others.length ? ` (the same table as ${others.join(', ')})` : '';
    verdict.textContent = found.match
      ? `Match: ${name}${also}, ${precisionWords(best.precision)}${best.exact ? '' : ' (not the exact table)'}: largest difference from the exact table ${exact(best.maxError)}, within the bound.`
      : `No match. Nearest: ${name}${also}, largest difference ${exact(best.maxError)} at row ${best.worstRow}, column ${best.worstColumn}.`;
    differs.replaceChildren(...[...best.differs, ...best.notes].map((line) => element('li', '', line)));
    fitted.replaceChildren('Fitted: ', element('code', '', encodeCall(best.options)));
    const link = explorerLink(best.options);
    open.href = link.href;
    openNote.textContent = link.left.length ? ` (the explorer has no control for ${link.left.join(', ')})` : '';
    openLine.hidden = false;
    this.showCandidates(found.candidates.slice(0, 6));
    precision.root.hidden = false;
    precision.show({
      x: Float64Array.from({ length: best.deviation.length }, (_, r) => r),
      deviation: best.deviation,
      bound: best.bound,
      precision: best.precision,
      xLabel: 'row r',
    });
    figure.hidden = false;
    if (typeof difference === 'object' && difference !== null) {
      caption.textContent = `Your table − ${name}`;
      chart.show({ ...difference, positions: table.positions, dModel: table.dModel, label: name });
    } else {
      caption.textContent = `The difference cannot be drawn: ${difference}`;
    }
  }

  private showCandidates(list: IdentifyCandidate[]): void {
    const head = element('tr');
    for (const h of ['candidate', 'largest difference', 'RMS', 'what differs']) {
      const th = element('th', '', h);
      th.scope = 'col';
      head.append(th);
    }
    const rows = list.map((c) => {
      const tr = element('tr');
      tr.append(
        element('td', '', c.convention ?? encodeCall(c.options)),
        element('td', 'number', exact(c.maxError)),
        element('td', 'number', exact(c.rmsError)),
        element('td', '', c.differs.join('; ') || '—'),
      );
      return tr;
    });
    const caption = element('caption', '', 'Candidates, best first');
    const thead = element('thead');
    thead.append(head);
    const tbody = element('tbody');
    tbody.append(...rows);
    this.candidates.replaceChildren(caption, thead, tbody);
  }
}
