// "Check your table": drop, choose or paste a table exported from a model
// (.npy, .safetensors, CSV, TSV, JSON); it is read in this page (nothing is
// uploaded), ph.identify says which convention it is, and the difference
// from the best candidate is drawn. A file the page cannot use gets one line
// saying why.
//
// The reading, identify and the difference run in a worker
// (check-table-worker.ts, check-table-work.ts), so no file holds the page;
// where there is no worker they run here, in the same code. Each request has
// an id, and only the newest one's reply is shown: a file chosen after
// another replaces it, however long the first takes. The root's
// data-pending counts the requests not yet answered (the tests wait on it).
import type { Identification, IdentifyCandidate } from '../src/core/index.js';
import { ROUNDING } from '../src/check/table-file.js';
import { DifferenceChart } from '../src/check/difference-chart.js';
import { encodeCall } from '../src/code/table-code.js';
import { exact, integer } from '../src/charts/format.js';
import { bestCandidate } from './check-table-best.js';
import { explorerLink } from './check-table-link.js';
import type { CheckReply, CheckRequest, Difference, TableFacts } from './check-table-work.js';
import './check-table.css';

/** A request before it is given its id. */
type Request = CheckRequest extends infer R ? (R extends CheckRequest ? Omit<R, 'id'> : never) : never;

/** Sends requests to the worker, or to the same work in this page when no worker can start. */
class CheckClient {
  private worker: Worker | null = null;
  private local: Promise<(request: CheckRequest) => void> | null = null;
  private last = 0;
  private readonly pending = new Map<number, CheckRequest>();

  constructor(
    private readonly receive: (reply: CheckReply, newest: boolean) => void,
    private readonly root: HTMLElement,
  ) {}

  send(request: Request): void {
    const full = { ...request, id: ++this.last } as CheckRequest;
    this.pending.set(full.id, full);
    this.root.dataset.pending = String(this.pending.size);
    this.post(full);
  }

  private post(request: CheckRequest): void {
    if (this.local) {
      void this.local.then((handle) => handle(request));
      return;
    }
    try {
      this.worker ??= this.startWorker();
      this.worker.postMessage(request);
    } catch {
      this.fallBack();
      this.post(request);
    }
  }

  private startWorker(): Worker {
    const worker = new Worker(new URL('./check-table-worker.ts', import.meta.url), { type: 'module' });
    worker.addEventListener('message', (event: MessageEvent<CheckReply>) => this.answer(event.data));
    // A worker that cannot start (no module workers, a policy that forbids it): the page does the work.
    worker.addEventListener('error', () => {
      this.fallBack();
      for (const request of this.pending.values()) this.post(request);
    });
    return worker;
  }

  private fallBack(): void {
    this.worker?.terminate();
    this.worker = null;
    this.local ??= Promise.all([import('./check-table-work.js'), import('../src/core/index.js')]).then(
      ([{ TableChecker }, { createPhasor }]) => {
        const checker = new TableChecker(
          () => createPhasor({ experiments: true }),
          (reply) => this.answer(reply),
        );
        return (request: CheckRequest) => void checker.handle(request);
      },
    );
  }

  private answer(reply: CheckReply): void {
    if (reply.type !== 'tensors') this.pending.delete(reply.id);
    this.root.dataset.pending = String(this.pending.size);
    this.receive(reply, reply.id === this.last);
  }
}

type Candidate = IdentifyCandidate;

const mount = document.getElementById('check-table-app');
if (mount) build(mount);

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className?: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

function build(root: HTMLElement): void {
  const drop = element('div', 'check-drop');
  drop.tabIndex = 0;
  drop.setAttribute('role', 'group');
  drop.setAttribute('aria-label', 'Drop a table file here, or paste one with Ctrl+V');
  const dropText = element('p', 'check-drop-text');
  dropText.append(
    'Drop a ',
    element('code', '', '.npy'),
    ', ',
    element('code', '', '.safetensors'),
    ', CSV, TSV or JSON file here, or ',
  );
  const chooser = element('input', 'check-file') as HTMLInputElement;
  chooser.type = 'file';
  chooser.id = 'check-file';
  chooser.accept = '.npy,.safetensors,.csv,.tsv,.txt,.json';
  chooser.setAttribute('aria-label', 'Choose a table file');
  dropText.append('choose one:');
  const privacy = element(
    'p',
    'check-note',
    'Read in this page: nothing is uploaded. A table of positions × dModel values, at most 2²⁶ (67,108,864); size-1 axes are dropped.',
  );
  drop.append(dropText, chooser, privacy);

  const paste = element('details', 'check-paste');
  const summary = element('summary', '', 'or paste numbers (CSV, TSV or JSON)');
  const textarea = element('textarea', 'check-text') as HTMLTextAreaElement;
  textarea.id = 'check-text';
  textarea.rows = 5;
  textarea.spellcheck = false;
  textarea.setAttribute('aria-label', 'Numbers to check: one row per line, or JSON');
  textarea.placeholder = '0, 1, 0, 1\n0.8414710, 0.5403023, 0.0099998, 0.9999500';
  const pasteButton = element('button', 'check-paste-button', 'Check these numbers');
  pasteButton.type = 'button';
  paste.append(summary, textarea, pasteButton);

  const tensorField = element('div', 'local-field check-tensor');
  tensorField.hidden = true;
  const tensorLabel = element('label', '', 'Tensor');
  tensorLabel.htmlFor = 'check-tensor';
  const tensorSelect = element('select') as HTMLSelectElement;
  tensorSelect.id = 'check-tensor';
  tensorField.append(tensorLabel, tensorSelect);

  const status = element('p', 'check-status');
  status.setAttribute('aria-live', 'polite');
  const error = element('p', 'check-error');
  error.setAttribute('role', 'alert');
  error.hidden = true;

  const result = element('div', 'check-result');
  result.hidden = true;
  const verdict = element('p', 'check-verdict');
  const differs = element('ul', 'check-differs');
  const fitted = element('p', 'check-fitted');
  const open = element('a', 'check-open', 'Open the explorer at these options');
  const openNote = element('span', 'check-open-note');
  const openLine = element('p', 'check-open-line');
  openLine.append(open, openNote);
  const candidates = element('table', 'check-candidates');
  const chart = new DifferenceChart();
  const figure = element('figure', 'chart check-difference');
  const caption = element('figcaption', 'check-difference-title');
  figure.append(caption, chart.host);
  result.append(verdict, differs, fitted, openLine, candidates, figure);

  root.append(drop, paste, tensorField, status, error, result);

  const fail = (message: string) => {
    error.textContent = message;
    error.hidden = false;
    result.hidden = true;
    status.textContent = '';
  };

  const client = new CheckClient((reply, newest) => {
    if (!newest || reply.type === 'superseded') return;
    if (reply.type === 'error') return fail(reply.message);
    if (reply.type === 'tensors') {
      tensorSelect.replaceChildren(
        ...reply.tensors.map(
          (t) =>
            new Option(
              `${t.name} (${t.dtype}, ${t.shape.join(' × ') || 'scalar'})`,
              t.name,
              false,
              t.name === reply.suggested,
            ),
        ),
      );
      tensorField.hidden = false;
      return;
    }
    show(reply.table, reply.found, reply.difference);
  }, root);

  /** A new request: what was shown for the last one goes, and says what is read now. */
  function request(what: string, message: Parameters<CheckClient['send']>[0]): void {
    error.hidden = true;
    status.textContent = what;
    client.send(message);
  }

  function show(table: TableFacts, found: Identification, difference: Difference | string | null): void {
    status.textContent = `${table.name}: ${integer(table.positions)} rows × ${integer(table.dModel)} columns.`;
    error.hidden = true;
    result.hidden = false;
    result.dataset.match = String(found.match);
    if (found.candidates.length === 0) {
      verdict.textContent = 'No match: no sinusoidal convention comes near this table.';
      differs.replaceChildren();
      fitted.textContent = '';
      openLine.hidden = true;
      candidates.replaceChildren();
      figure.hidden = true;
      return;
    }
    const { best, others } = bestCandidate(found);
    const name = best.convention ?? 'general options';
    const also = others.length ? ` (the same table as ${others.join(', ')})` : '';
    verdict.textContent = found.match
      ? `Match: ${name}${also}. It reproduces the table to float32 rounding (largest difference ${exact(best.maxError)}).`
      : `No match. Nearest: ${name}${also}, largest difference ${exact(best.maxError)} at row ${best.worstRow}, column ${best.worstColumn}.`;
    // A float16 or bfloat16 file cannot match to float32 rounding: say when the nearest candidate is within the file's own rounding.
    const stored = ROUNDING[table.dtype];
    const coarse =
      !found.match && stored > ROUNDING.float32 && best.maxError <= 2 * stored
        ? [
            `The file stores ${table.dtype}: its values are within ${exact(stored)} of the numbers it rounded, and this candidate is within ${exact(best.maxError)} of them, so it is this table up to ${table.dtype} rounding.`,
          ]
        : [];
    differs.replaceChildren(...[...coarse, ...best.differs, ...best.notes].map((line) => element('li', '', line)));
    fitted.replaceChildren('Fitted: ', element('code', '', encodeCall(best.options)));
    const link = explorerLink(best.options);
    open.href = link.href;
    openNote.textContent = link.left.length ? ` (the explorer has no control for ${link.left.join(', ')})` : '';
    openLine.hidden = false;
    showCandidates(found.candidates.slice(0, 6));
    figure.hidden = false;
    if (typeof difference === 'object' && difference !== null) {
      caption.textContent = `Your table − ${name}`;
      chart.show({ ...difference, positions: table.positions, dModel: table.dModel, label: name });
    } else {
      caption.textContent = `The difference cannot be drawn: ${difference}`;
    }
  }

  function showCandidates(list: Candidate[]): void {
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
    candidates.replaceChildren(caption, thead, tbody);
  }

  function readFile(file: File): void {
    tensorField.hidden = true;
    request(`Reading ${file.name}…`, { type: 'file', name: file.name, file });
  }

  function readText(text: string): void {
    tensorField.hidden = true;
    request('Reading the pasted numbers…', { type: 'text', name: 'pasted numbers', text });
  }

  tensorSelect.addEventListener('change', () =>
    request(`Reading tensor "${tensorSelect.value}"…`, { type: 'tensor', tensor: tensorSelect.value }),
  );
  chooser.addEventListener('change', () => {
    const file = chooser.files?.[0];
    if (file) readFile(file);
    chooser.value = '';
  });
  pasteButton.addEventListener('click', () => readText(textarea.value));
  drop.addEventListener('dragover', (event) => {
    event.preventDefault();
    drop.classList.add('over');
  });
  drop.addEventListener('dragleave', () => drop.classList.remove('over'));
  drop.addEventListener('drop', (event) => {
    event.preventDefault();
    drop.classList.remove('over');
    const file = event.dataTransfer?.files[0];
    if (file) readFile(file);
    else fail('Nothing to read: drop a file (.npy, .safetensors, CSV, TSV or JSON).');
  });
  drop.addEventListener('paste', (event) => {
    const file = event.clipboardData?.files[0];
    const text = event.clipboardData?.getData('text/plain');
    if (!file && !text) return;
    event.preventDefault();
    if (file) readFile(file);
    else readText(text!);
  });
}
