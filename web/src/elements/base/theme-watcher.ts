// The colours a chart is drawn in (theme.ts reads them from the element's
// custom properties), followed as they change: the system's light or dark
// scheme at once, anything else (a page re-theming itself) when the page is
// quiet. Reading them forces a style pass, so it happens once a drawing, not
// once a frame.
import { readTheme, type Theme } from './theme.js';

const RECHECK_MS = 500;

export class ThemeWatcher {
  private theme: Theme | null = null;
  private timer = 0;
  private readonly darkQuery = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null;
  private readonly onSchemeChange = () => {
    this.theme = null;
    this.changed();
  };

  constructor(
    private readonly host: Element,
    private readonly changed: () => void,
  ) {}

  connect(): void {
    this.darkQuery?.addEventListener('change', this.onSchemeChange);
  }

  disconnect(): void {
    this.darkQuery?.removeEventListener('change', this.onSchemeChange);
    clearTimeout(this.timer);
    this.theme = null;
  }

  /** The colours to draw with: read once, then kept until they change. */
  current(): Theme {
    return (this.theme ??= readTheme(this.host));
  }

  /** The colours of the last drawing, or null. */
  get drawn(): Theme | null {
    return this.theme;
  }

  /** Reads the colours again once the page is quiet, and asks for a redraw if they changed. */
  recheckLater(): void {
    clearTimeout(this.timer);
    this.timer = window.setTimeout(() => {
      if (!this.host.isConnected || !this.theme) return;
      const now = readTheme(this.host);
      if (JSON.stringify(now) === JSON.stringify(this.theme)) return;
      this.theme = now;
      this.changed();
    }, RECHECK_MS);
  }
}
