// A LinePanel outside a chart element (the sections that read a file or a
// config): a shadow root adopting the charts' stylesheets, so it looks like
// the charts around it and follows their light and dark colours; redrawn
// when its width or the colour scheme changes, and on show().
import { chartSheet, panelSheet } from '../src/charts/chart-styles.js';
import { attachReadout } from '../src/charts/readout.js';
import { LinePanel } from '../src/charts/line-panel.js';
import { codeDialogSheet } from '../src/code/code-dialog.js';
import { ThemeWatcher } from '../src/elements/base/theme-watcher.js';
import type { Theme } from '../src/elements/base/theme.js';

export class PanelHost {
  readonly host = document.createElement('div');
  readonly shadow: ShadowRoot;
  readonly panel = new LinePanel();
  private width = 0;
  private drawer: ((width: number, theme: Theme) => void) | null = null;
  private readonly theme: ThemeWatcher;

  constructor(className: string, readoutLabel: string) {
    this.host.className = className;
    this.shadow = this.host.attachShadow({ mode: 'open' });
    this.shadow.adoptedStyleSheets = [chartSheet(), panelSheet(), codeDialogSheet()];
    this.shadow.append(this.panel.root);
    attachReadout(this.panel, readoutLabel);
    this.theme = new ThemeWatcher(this.host, () => this.redraw());
    this.theme.connect();
    new ResizeObserver((entries) => {
      const w = Math.floor(entries[entries.length - 1].contentRect.width);
      if (w !== this.width) {
        this.width = w;
        this.redraw();
      }
    }).observe(this.host);
  }

  /** Draws with `drawer` now (when laid out) and on every later change of width or colours. */
  show(drawer: (width: number, theme: Theme) => void): void {
    this.drawer = drawer;
    this.redraw();
  }

  redraw(): void {
    if (this.drawer && this.width > 0) this.drawer(this.width, this.theme.current());
  }
}
