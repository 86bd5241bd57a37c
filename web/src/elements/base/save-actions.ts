// What the Save… menu of a chart offers (save-menu.ts draws the menu): PNG,
// SVG and CSV downloads, and "Copy as code" for charts drawn from a table or
// a RoPE cache (its dialog's code is loaded on first use).
import type { CodeConfig } from '../../code/code-config.js';
import { saveMenu, type SaveAction } from './save-menu.js';

/** What the menu needs of a chart element. */
export interface SavableChart extends Pick<EventTarget, 'addEventListener'> {
  readonly localName: string;
  readonly shadowRoot: ShadowRoot | null;
  toPNG(): Promise<{ blob: Blob }>;
  toSVG(): string;
  toCSV(): string;
  /** The table or RoPE cache now drawn, for "Copy as code"; null when none. */
  drawnCode(): CodeConfig | null;
}

/** The Save… menu of `chart`; `code`: whether the chart can have a table or cache to copy. */
export function chartSaveMenu(chart: SavableChart, code: boolean): HTMLElement {
  const name = chart.localName;
  const actions: SaveAction[] = [
    {
      label: 'PNG',
      title: 'Save the chart as a PNG image',
      run: async () => download(`${name}.png`, (await chart.toPNG()).blob),
    },
    {
      label: 'SVG',
      title: 'Save the chart as an SVG image',
      run: () => download(`${name}.svg`, new Blob([chart.toSVG()], { type: 'image/svg+xml' })),
    },
    {
      label: 'CSV',
      title: 'Save the numbers behind the chart as CSV',
      run: () => download(`${name}.csv`, new Blob([chart.toCSV()], { type: 'text/csv' })),
    },
  ];
  if (code) {
    actions.push({
      label: 'Copy as code…',
      title: 'The table behind this chart as PyTorch, NumPy, JAX or TensorFlow code',
      run: () => showCode(chart),
    });
  }
  return saveMenu(actions);
}

/**
 * Opens the "Copy as code" dialog in the chart's shadow root; chosen before
 * the chart's first drawing (a chart out of sight waits), it opens once the
 * chart has drawn, with the table drawn.
 */
async function showCode(chart: SavableChart): Promise<void> {
  if (!chart.drawnCode()) await new Promise((drawn) => chart.addEventListener('phasor-render', drawn, { once: true }));
  const config = chart.drawnCode();
  const shadow = chart.shadowRoot;
  if (!config || !shadow) return;
  const { openCodeDialog, codeDialogSheet } = await import('../../code/code-dialog.js');
  if (!shadow.adoptedStyleSheets.includes(codeDialogSheet()))
    shadow.adoptedStyleSheets = [...shadow.adoptedStyleSheets, codeDialogSheet()];
  openCodeDialog(shadow, config, chart.localName, shadow.querySelector<HTMLElement>('.save-toggle'));
}

/** Hands `blob` to the browser as a download named `name`. */
export function download(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
