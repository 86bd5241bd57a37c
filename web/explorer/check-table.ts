// "Check your table": drop, choose or paste a table exported from a model
// (.npy, .safetensors, CSV, TSV, JSON), a RoPE cos/sin cache (one
// .safetensors with both, or two .npy files dropped together), an inv_freq
// vector or q/k rows after RoPE; it is read in this page (nothing is
// uploaded). ph.identify says which sinusoidal convention a table is,
// ph.identifyRope which RoPE made the rest, each with the precision it was
// made in; the deviation against position is drawn with the bound over it,
// and a table's difference from the best candidate as a heatmap. A file the
// page cannot use gets one line saying why.
import { createPhasor, type Identification, type Phasor, type RopeIdentification } from '../src/core/index.js';
import { readTableFile, readTableText, TableFileError, type TableSource } from '../src/check/index.js';
import { classifyInput, partnerKey, suggestTensor, type CheckInput } from '../src/check/check-input.js';
import { integer } from '../src/charts/format.js';
import { element } from './element.js';
import { IdentifyClient } from './identify-client.js';
import { ropeVerdictView } from './rope-verdict.js';
import { TableVerdict } from './table-verdict.js';
import './verdict.css';
import './check-table.css';

const mount = document.getElementById('check-table-app');
if (mount) build(mount);

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
  chooser.multiple = true;
  chooser.setAttribute('aria-label', 'Choose a table file');
  dropText.append('choose one:');
  const privacy = element(
    'p',
    'check-note',
    'Read in this page: nothing is uploaded. A table of positions × dModel values, at most 2²⁶ (67,108,864); size-1 axes are dropped. RoPE: a .safetensors with cos and sin, two .npy files named cos and sin (drop both), an inv_freq vector, or rotated q/k rows.',
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

  let source: Extract<TableSource, { kind: 'tensors' }> | null = null;
  let phasor: Promise<Phasor> | null = null;
  const identifier = new IdentifyClient();
  /** Counts the checks asked for: an answer to an older one is dropped. */
  let checks = 0;

  const fail = (message: string) => {
    checks++; // an answer still on its way is for what came before this refusal
    error.textContent = message;
    error.hidden = false;
    result.hidden = true;
    status.textContent = '';
  };
  const attempt = (fn: () => void) => {
    try {
      fn();
    } catch (e) {
      fail(
        e instanceof TableFileError || e instanceof RangeError || e instanceof TypeError
          ? e.message
          : `could not read it: ${(e as Error).message}`,
      );
    }
  };

  async function check(input: CheckInput): Promise<void> {
    status.textContent = `Checking ${describe(input)}…`;
    error.hidden = true;
    const asked = ++checks;
    if (input.kind !== 'table') return checkRope(input, asked);
    const { table } = input;
    // identify runs in the worker; the page draws the difference with encode (the core alone, loaded once).
    phasor ??= createPhasor();
    let ph: Phasor;
    let found: Identification;
    try {
      [ph, found] = await Promise.all([
        phasor,
        identifier.identify({ table: table.data, positions: table.positions, dModel: table.dModel }),
      ]);
    } catch (e) {
      if (asked !== checks) return;
      return fail(`${table.name}: ${(e as Error).message}`);
    }
    if (asked !== checks) return;
    status.textContent = `${describe(input)}.`;
    ropeSlot.replaceChildren();
    result.hidden = false;
    result.dataset.match = String(found.match);
    tableView.show(ph, table, found);
  }

  function describe(input: CheckInput): string {
    switch (input.kind) {
      case 'table':
        return `${input.table.name}: ${integer(input.table.positions)} rows × ${integer(input.table.dModel)} columns`;
      case 'invFreq':
        return `${input.name}: an inv_freq vector of ${integer(input.invFreq.length)} frequencies (${input.dtype})`;
      case 'cache':
        return `${input.name}: a RoPE cos/sin cache, ${integer(input.rows)} positions × ${integer(input.width)} (${input.dtype})`;
      case 'rotated':
        return `${input.name}: ${integer(input.rows)} rows after RoPE × ${integer(input.width)} (${input.dtype})`;
    }
  }

  async function checkRope(input: Exclude<CheckInput, { kind: 'table' }>, asked: number): Promise<void> {
    let found: RopeIdentification;
    try {
      found = await identifier.identifyRope(
        input.kind === 'invFreq'
          ? { invFreq: input.invFreq }
          : input.kind === 'cache'
            ? { cos: input.cos, sin: input.sin, width: input.width }
            : { rotated: input.rotated, ...(input.original ? { original: input.original } : {}), width: input.width },
      );
    } catch (e) {
      if (asked === checks) fail(`${input.name}: ${(e as Error).message}`);
      return;
    }
    // A later file was dropped meanwhile: its verdict is the one to show.
    if (asked !== checks) return;
    status.textContent = `${describe(input)}.`;
    tableView.root.hidden = true;
    result.hidden = false;
    result.dataset.match = String(found.match);
    ropeSlot.replaceChildren(ropeVerdictView(found, { kind: input.kind, name: input.name }));
  }

  /** Reads one file, or the two files of a cos/sin cache dropped together. */
  function readBytes(files: readonly { name: string; bytes: Uint8Array }[]): void {
    error.hidden = true;
    tensorField.hidden = true;
    source = null;
    attempt(() => {
      if (files.length > 2)
        throw new TableFileError(
          `${files.length} files: drop one, or the two files of a RoPE cos/sin cache (names with cos and sin)`,
        );
      const read = files.map((f) => ({ name: f.name, source: readTableFile(f.name, f.bytes) }));
      if (read.length === 2) {
        const tables = read.map(({ name, source }) => {
          if (source.kind !== 'table')
            throw new TableFileError(`${name}: drop a .safetensors alone (it may hold both cos and sin)`);
          return { key: name, table: source.table };
        });
        if (partnerKey(tables[0].key) !== tables[1].key)
          throw new TableFileError(
            `${files[0].name} and ${files[1].name}: two files are read as a RoPE cos/sin cache, named alike but for cos and sin (cos.npy, sin.npy)`,
          );
        const input = classifyInput(tables[0], [tables[1].key], () => tables[1].table);
        void check(input);
        return;
      }
      const one = read[0].source;
      if (one.kind === 'table') {
        void check(classifyInput({ key: read[0].name, table: one.table }, [], () => one.table));
        return;
      }
      source = one;
      const suggested = suggestTensor(
        one.tensors.map((t) => t.name),
        one.suggested,
      );
      tensorSelect.replaceChildren(
        ...one.tensors.map(
          (t) =>
            new Option(
              `${t.name} (${t.dtype}, ${t.shape.join(' × ') || 'scalar'})`,
              t.name,
              false,
              t.name === suggested,
            ),
        ),
      );
      tensorField.hidden = false;
      void check(tensorInput(one, suggested));
    });
  }

  /** Tensor `name` of a .safetensors, with its partner when it is half of a cos/sin cache (or rotated rows with their original). */
  function tensorInput(s: Extract<TableSource, { kind: 'tensors' }>, name: string): CheckInput {
    const names = s.tensors.map((t) => t.name);
    return classifyInput({ key: name, table: s.read(name) }, names, (key) => s.read(key));
  }

  async function readFiles(list: FileList | undefined | null): Promise<void> {
    const files = Array.from(list ?? []);
    if (files.length === 0) return fail('Nothing to read: drop a file (.npy, .safetensors, CSV, TSV or JSON).');
    status.textContent = `Reading ${files.map((f) => f.name).join(' and ')}…`;
    const read: { name: string; bytes: Uint8Array }[] = [];
    for (const f of files.slice(0, 3)) read.push({ name: f.name, bytes: new Uint8Array(await f.arrayBuffer()) });
    readBytes(read);
  }

  tensorSelect.addEventListener('change', () => {
    const s = source;
    if (!s) return;
    error.hidden = true;
    attempt(() => void check(tensorInput(s, tensorSelect.value)));
  });
  chooser.addEventListener('change', () => {
    if (chooser.files?.length) void readFiles(chooser.files);
    chooser.value = '';
  });
  pasteButton.addEventListener('click', () => {
    tensorField.hidden = true;
    attempt(() => void check({ kind: 'table', table: readTableText('pasted numbers', textarea.value) }));
  });
  drop.addEventListener('dragover', (event) => {
    event.preventDefault();
    drop.classList.add('over');
  });
  drop.addEventListener('dragleave', () => drop.classList.remove('over'));
  drop.addEventListener('drop', (event) => {
    event.preventDefault();
    drop.classList.remove('over');
    void readFiles(event.dataTransfer?.files);
  });
  drop.addEventListener('paste', (event) => {
    const file = event.clipboardData?.files[0];
    const text = event.clipboardData?.getData('text/plain');
    if (!file && !text) return;
    event.preventDefault();
    if (file) void readFiles(event.clipboardData?.files);
    else attempt(() => void check({ kind: 'table', table: readTableText('pasted numbers', text!) }));
  });
}
