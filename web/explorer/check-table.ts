// "Check your table": drop, choose or paste a table exported from a model
// (.npy, .safetensors, CSV, TSV, JSON), a RoPE cos/sin cache (one
// .safetensors with both, or two .npy files dropped together), an inv_freq
// vector or q/k rows after RoPE; it is read in this page's worker (nothing is
// uploaded; check-table-work.ts, or the page itself where no worker starts),
// in pieces, its shape checked before its cells. ph.identify says which
// sinusoidal convention a table is, ph.identifyRope which RoPE made the rest,
// each with the precision it was made in; the deviation against position is
// drawn with the bound over it, and a table's difference from the best
// candidate as a heatmap. A file the page cannot use gets one line saying why.
import { integer } from '../src/charts/format.js';
import { CheckClient, type Request } from './check-table-client.js';
import type { RopeFacts } from './check-table-work.js';
import { dropZone } from './drop-zone.js';
import { element } from './element.js';
import { idle } from '../src/elements/base/idle.js';
import { ropeVerdictView } from './rope-verdict.js';
import { TableVerdict } from './table-verdict.js';
import './verdict.css';
import './check-table.css';

// Built when the page is first idle, not in the explorer's start-up task, which is long enough on a phone.
const mount = document.getElementById('check-table-app');
if (mount) idle(() => build(mount));

function build(root: HTMLElement): void {
  const drop = dropZone('check-drop', 'Drop a table file here, or paste one with Ctrl+V', (files) => readFiles(files));
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
  chooser.multiple = true;
  chooser.setAttribute('aria-label', 'Choose a table file');
  dropText.append('choose one:');
  const privacy = element(
    'p',
    'check-note',
    'Read in this page: nothing is uploaded. A table of positions × dModel values, as large as ph.identify takes (a larger one is refused from its shape); size-1 axes are dropped. RoPE: a .safetensors with cos and sin, two .npy files named cos and sin (drop both), an inv_freq vector, or rotated q/k rows.',
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
  // The RoPE verdict comes first, so that the first .check-verdict of the result is the one shown.
  const ropeSlot = element('div', 'check-rope');
  const tableView = new TableVerdict();
  result.append(ropeSlot, tableView.root);

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
    if (reply.type === 'input') return; // asked for by "Check your model" only
    error.hidden = true;
    result.hidden = false;
    result.dataset.match = String(reply.found.match);
    if (reply.type === 'result') {
      const { table } = reply;
      status.textContent = `${table.name}: ${integer(table.positions)} rows × ${integer(table.dModel)} columns.`;
      ropeSlot.replaceChildren();
      tableView.show(table, reply.found, reply.difference);
    } else if (reply.input) {
      status.textContent = `${describe(reply.input)}.`;
      tableView.root.hidden = true;
      ropeSlot.replaceChildren(ropeVerdictView(reply.found, { kind: reply.input.kind, name: reply.input.name }));
    }
  }, root);

  /** A new request: what was shown for the last one goes, and the status says what is read now. */
  function request(what: string, message: Request): void {
    error.hidden = true;
    status.textContent = what;
    void client.send(message);
  }

  function describe(input: RopeFacts): string {
    switch (input.kind) {
      case 'invFreq':
        return `${input.name}: an inv_freq vector of ${integer(input.width)} frequencies (${input.dtype})`;
      case 'cache':
        return `${input.name}: a RoPE cos/sin cache, ${integer(input.rows)} positions × ${integer(input.width)} (${input.dtype})`;
      case 'rotated':
        return `${input.name}: ${integer(input.rows)} rows after RoPE × ${integer(input.width)} (${input.dtype})`;
    }
  }

  /** One file, or the two files of a cos/sin cache dropped together. */
  function readFiles(list: FileList | readonly File[] | undefined | null): void {
    const files = Array.from(list ?? []);
    tensorField.hidden = true;
    if (files.length === 0) return fail('Nothing to read: drop a file (.npy, .safetensors, CSV, TSV or JSON).');
    request(`Reading ${files.map((f) => f.name).join(' and ')}…`, {
      type: 'files',
      files: files.slice(0, 3).map((file) => ({ name: file.name, file })),
    });
  }

  function readText(text: string): void {
    tensorField.hidden = true;
    request('Reading the pasted numbers…', { type: 'text', name: 'pasted numbers', text });
  }

  tensorSelect.addEventListener('change', () =>
    request(`Reading tensor "${tensorSelect.value}"…`, { type: 'tensor', tensor: tensorSelect.value }),
  );
  chooser.addEventListener('change', () => {
    if (chooser.files?.length) readFiles(chooser.files);
    chooser.value = '';
  });
  pasteButton.addEventListener('click', () => readText(textarea.value));
  drop.addEventListener('paste', (event) => {
    const file = event.clipboardData?.files[0];
    const text = event.clipboardData?.getData('text/plain');
    if (!file && !text) return;
    event.preventDefault();
    if (file) readFiles(event.clipboardData?.files);
    else readText(text!);
  });
}
