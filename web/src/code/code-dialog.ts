// The "Copy as code" dialog a chart opens from its Save… menu: the snippet in
// the framework chosen (remembered for the page), shown and copied to the
// clipboard. A modal <dialog>: focus stays in it, Escape closes it and focus
// returns to the menu button. Styles are a constructable sheet (strict CSP).
import { codeSnippet, FRAMEWORK_NAMES, FRAMEWORKS, type CodeConfig, type Framework } from './index.js';

const CSS = `
dialog.code {
  box-sizing: border-box;
  width: min(760px, calc(100vw - 24px));
  max-height: calc(100vh - 24px);
  padding: 14px 16px;
  border: 1px solid var(--_muted);
  border-radius: 8px;
  box-shadow: 0 8px 32px rgba(0, 0, 0, 0.35);
  background: var(--_bg);
  color: var(--_fg);
  font: 13px/1.45 var(--_font);
}
dialog.code::backdrop { background: rgba(0, 0, 0, 0.45); }
dialog.code h2 { margin: 0 0 8px; font-size: 15px; }
dialog.code .code-bar { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin-bottom: 8px; }
dialog.code .code-bar .spacer { flex: 1; }
dialog.code select, dialog.code button { font: inherit; color: var(--_fg); background: var(--_bg); border: 1px solid var(--_muted); border-radius: 4px; padding: 3px 10px; min-height: 28px; }
dialog.code button:hover { border-color: var(--_fg); }
dialog.code pre {
  margin: 0;
  padding: 10px 12px;
  max-height: 60vh;
  overflow: auto;
  border: 1px solid var(--_grid);
  border-radius: 6px;
  font: 12px/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  white-space: pre;
  tab-size: 4;
}
dialog.code .code-note { margin: 8px 0 0; color: var(--_muted); }
`;

let sheet: CSSStyleSheet | null = null;
export function codeDialogSheet(): CSSStyleSheet {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(CSS);
  }
  return sheet;
}

/** The framework last chosen on this page (PyTorch at first). */
let chosen: Framework = 'pytorch';

/** Opens the dialog for `config` inside `root` (a chart's shadow root); `returnFocus` gets focus back on close. */
export function openCodeDialog(
  root: ShadowRoot,
  config: CodeConfig,
  title: string,
  returnFocus: HTMLElement | null,
): HTMLDialogElement {
  root.querySelector('dialog.code')?.remove();
  const dialog = document.createElement('dialog');
  dialog.className = 'code';
  dialog.setAttribute('aria-labelledby', 'code-title');
  const heading = document.createElement('h2');
  heading.id = 'code-title';
  heading.textContent = `Copy as code: ${title}`;
  const bar = document.createElement('div');
  bar.className = 'code-bar';
  const label = document.createElement('label');
  label.textContent = 'Framework ';
  const select = document.createElement('select');
  select.className = 'code-framework';
  for (const f of FRAMEWORKS) select.append(new Option(FRAMEWORK_NAMES[f], f, false, f === chosen));
  label.append(select);
  const spacer = document.createElement('span');
  spacer.className = 'spacer';
  const copy = document.createElement('button');
  copy.type = 'button';
  copy.className = 'code-copy';
  copy.textContent = 'Copy';
  const close = document.createElement('button');
  close.type = 'button';
  close.textContent = 'Close';
  bar.append(label, spacer, copy, close);
  const pre = document.createElement('pre');
  const code = document.createElement('code');
  pre.append(code);
  pre.tabIndex = 0;
  pre.setAttribute('aria-label', 'The snippet');
  const note = document.createElement('p');
  note.className = 'code-note';
  note.setAttribute('role', 'status');
  note.textContent = 'float64 throughout, rounded once to float32: the numbers this chart draws.';
  dialog.append(heading, bar, pre, note);

  const show = () => {
    code.textContent = codeSnippet(config, select.value as Framework);
  };
  select.addEventListener('change', () => {
    chosen = select.value as Framework;
    show();
  });
  copy.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(code.textContent ?? '');
      note.textContent = `Copied the ${FRAMEWORK_NAMES[select.value as Framework]} snippet.`;
    } catch {
      // No clipboard permission (an iframe, an old browser): select the text for Ctrl+C.
      const range = document.createRange();
      range.selectNodeContents(code);
      const selection = getSelection();
      selection?.removeAllRanges();
      selection?.addRange(range);
      note.textContent = 'The clipboard is not available here: the snippet is selected, press Ctrl+C (⌘C).';
    }
  });
  close.addEventListener('click', () => dialog.close());
  dialog.addEventListener('close', () => {
    dialog.remove();
    returnFocus?.focus();
  });
  show();
  root.append(dialog);
  dialog.showModal();
  select.focus();
  return dialog;
}
