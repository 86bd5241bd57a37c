// The colours a chart is drawn in (theme.ts reads them from the element's
// custom properties), followed as they change: the system's light or dark
// scheme, and a page re-theming itself by the usual means (a class, style or
// data attribute on <html>, <body> or the chart element, or a stylesheet
// added, removed or edited in <head>). Reading the colours forces a style
// pass, which on a phone costs a frame's budget when the page has just
// changed: so they are read once, and again only after one of those changes,
// never on a timer.
import { readTheme, type Theme } from './theme.js';

/** What page changes re-theme a chart: one observer per page, shared by every watcher. */
const watchers = new Set<ThemeWatcher>();
let pageObserver: MutationObserver | null = null;

function observePage(): void {
  if (pageObserver || typeof MutationObserver !== 'function' || typeof document !== 'object') return;
  pageObserver = new MutationObserver(() => {
    for (const watcher of watchers) watcher.pageChanged();
  });
  const attributes = { attributes: true, attributeFilter: ['class', 'style', 'data-theme', 'data-color-scheme'] };
  pageObserver.observe(document.documentElement, attributes);
  if (document.body) pageObserver.observe(document.body, attributes);
  if (document.head) pageObserver.observe(document.head, { childList: true, subtree: true, characterData: true });
}

export class ThemeWatcher {
  private theme: Theme | null = null;
  private hostObserver: MutationObserver | null = null;
  private readonly darkQuery = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null;
  private readonly onSchemeChange = () => this.pageChanged();

  constructor(
    private readonly host: Element,
    private readonly changed: () => void,
  ) {}

  connect(): void {
    this.darkQuery?.addEventListener('change', this.onSchemeChange);
    watchers.add(this);
    observePage();
    if (typeof MutationObserver === 'function') {
      this.hostObserver ??= new MutationObserver(() => this.pageChanged());
      this.hostObserver.observe(this.host, { attributes: true, attributeFilter: ['class', 'style'] });
    }
  }

  disconnect(): void {
    this.darkQuery?.removeEventListener('change', this.onSchemeChange);
    watchers.delete(this);
    this.hostObserver?.disconnect();
    this.theme = null;
  }

  /** The colours to draw with: read once, then kept until the page changes in a way that may re-theme it. */
  current(): Theme {
    return (this.theme ??= readTheme(this.host));
  }

  /** The colours of the last drawing, or null. */
  get drawn(): Theme | null {
    return this.theme;
  }

  /** Something that may re-theme the chart changed: its next drawing reads the colours again. */
  pageChanged(): void {
    if (this.theme === null) return;
    this.theme = null;
    this.changed();
  }
}
