// Text and charts pointing at each other. A term of the prose or of a formula
// marked data-link="name" (p, p+k, k, pair, omega, lambda, mk, or "pair:3"
// for one pair) is tied to a chart: the element named by its data-for (an
// id), else the chart of its section (or [data-link-scope] / article).
// Hovering or focusing the term sets the chart's `highlight` attribute, and
// the chart outlines that thing; hovering a curve, cell or block of the chart
// (its phasor-term event) lights up the same term in the text.
//
// Terms in running text become one tab stop each; symbols inside typeset
// formulas (hidden from screen readers, which read the MathML) answer to the
// pointer only. A screen reader hears, politely and once the focus settles,
// what was highlighted; hovering says nothing.
import { parseTerm } from '../charts/highlight-layer.js';

export interface LinkOptions {
  /** Turns a term's name into the chart's highlight value (e.g. "pair" → "pair:5"); default: as written. */
  resolve?: (term: string, chart: Element) => string;
  /** A polite live region for announcements (default: one made at the end of body). */
  live?: HTMLElement;
  /** Adds default styles for .term and .term-on to the document (default true; a page with its own passes false). */
  styles?: boolean;
}

const TERM_CSS = `
.term { text-decoration: underline dotted; text-decoration-thickness: 2px; text-underline-offset: 3px; cursor: help; border-radius: 3px; }
.term:focus-visible { outline: 2px solid currentColor; outline-offset: 1px; }
.term.term-on { background: #fff1a8; color: #1f2328; box-shadow: 0 0 0 2px #fff1a8; }
@media (prefers-color-scheme: dark) { .term.term-on { background: #4d3d00; color: #e6edf3; box-shadow: 0 0 0 2px #4d3d00; } }
`;
let termSheet: CSSStyleSheet | null = null;

function addTermStyles(doc: Document): void {
  if (!termSheet) {
    termSheet = new CSSStyleSheet();
    termSheet.replaceSync(TERM_CSS);
  }
  if (!doc.adoptedStyleSheets.includes(termSheet)) doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, termSheet];
}

/** Terms that name the same thing: a chart pointing at a pair lights up ω_i and λ_i too. */
const ALIASES: Record<string, readonly string[]> = {
  pair: ['pair', 'omega', 'lambda'],
  omega: ['omega', 'pair'],
  lambda: ['lambda', 'pair'],
};
const SETTLE_MS = 400;
const SCOPES = '[data-link-scope], section, article';

function isChart(el: Element | null): el is HTMLElement & { highlight: string | null } {
  return !!el && el.localName.startsWith('phasor-') && 'highlight' in el;
}

/** The chart a term points at, or null. */
export function chartOf(term: Element): HTMLElement | null {
  const id = term.getAttribute('data-for');
  if (id) {
    const el = term.ownerDocument.getElementById(id);
    return isChart(el) ? el : null;
  }
  // The first chart of the term's scope, found without listing the whole scope (a page wires hundreds of terms).
  for (const el of term.closest(SCOPES)?.getElementsByTagName('*') ?? []) if (isChart(el)) return el;
  return null;
}

/** The terms linkTerms wired. */
export interface TermLinks {
  /** Wires the terms under `scope` (and `scope` itself, when it is one) that were not in the page before. */
  add(scope: Element): void;
  /** Unwires every term. */
  remove(): void;
}

/** Wires every [data-link] under `root`. */
export function linkTerms(root: Document | HTMLElement = document, options: LinkOptions = {}): TermLinks {
  const doc = root instanceof Document ? root : root.ownerDocument;
  const live = options.live ?? makeLiveRegion(doc);
  const resolve = options.resolve ?? ((term: string) => term);
  if (options.styles !== false) addTermStyles(doc);
  let timer = 0;
  const cleanups: (() => void)[] = [];

  /** Whether the text's term `link` names the chart's `term` (a pair's ω_i and λ_i answer to "pair:3"). */
  const names = (link: string, term: string) => {
    const [name, index] = parseTerm(term);
    return link === term || (index !== null || !term.includes(':') ? (ALIASES[name] ?? [name]).includes(link) : false);
  };
  /**
   * Each chart's wired terms: lighting a term looks at that chart's terms
   * only. A hover moves from term to term many times a second, and finding
   * the terms in the page each time (every [data-link], and each one's chart)
   * took longer than the chart's own read-out.
   */
  const termsOfChart = new Map<Element, HTMLElement[]>();

  const light = (chart: Element, term: string | null) => {
    for (const t of termsOfChart.get(chart) ?? []) {
      const lit = term !== null && t.isConnected && names(t.dataset.link!, term);
      if (t.classList.contains('term-on') !== lit) t.classList.toggle('term-on', lit);
    }
  };

  const wire = (term: HTMLElement) => {
    const chart = chartOf(term);
    if (!chart) return;
    const terms = termsOfChart.get(chart);
    if (terms) terms.push(term);
    else termsOfChart.set(chart, [term]);
    term.classList.add('term');
    // Inside a formula's visual part (aria-hidden) a tab stop would be unreachable by name: pointer only.
    const focusable = !term.closest('[aria-hidden="true"]') && term.tabIndex < 0;
    if (focusable) {
      term.tabIndex = 0;
      if (!term.hasAttribute('aria-describedby')) term.setAttribute('aria-description', 'highlights it in the chart');
    }
    const on = (spoken: boolean) => {
      const value = resolve(term.dataset.link!, chart);
      chart.setAttribute('highlight', value);
      light(chart, value);
      clearTimeout(timer);
      if (spoken)
        timer = window.setTimeout(
          () => (live.textContent = `${term.textContent?.trim() ?? ''}: highlighted in the chart`),
          SETTLE_MS,
        );
    };
    const off = () => {
      clearTimeout(timer);
      if (chart.getAttribute('highlight') === resolve(term.dataset.link!, chart)) chart.removeAttribute('highlight');
      light(chart, null);
    };
    const enter = () => on(false);
    const focus = () => on(true);
    term.addEventListener('pointerenter', enter);
    term.addEventListener('pointerleave', off);
    term.addEventListener('focus', focus);
    term.addEventListener('blur', off);
    cleanups.push(() => {
      term.removeEventListener('pointerenter', enter);
      term.removeEventListener('pointerleave', off);
      term.removeEventListener('focus', focus);
      term.removeEventListener('blur', off);
    });
  };
  for (const term of root.querySelectorAll<HTMLElement>('[data-link]')) wire(term);

  // Chart → text: the term under the pointer (or the keyboard read-out) lights up in the text.
  const onTerm = (event: Event) => {
    const chart = event.target as Element;
    if (isChart(chart)) light(chart, (event as CustomEvent<{ term: string | null }>).detail.term);
  };
  root.addEventListener('phasor-term', onTerm);
  cleanups.push(() => root.removeEventListener('phasor-term', onTerm));
  return {
    add: (scope) => {
      if (scope instanceof HTMLElement && scope.matches('[data-link]')) wire(scope);
      for (const term of scope.querySelectorAll<HTMLElement>('[data-link]')) wire(term);
    },
    remove: () => {
      cleanups.forEach((f) => f());
      termsOfChart.clear();
    },
  };
}

function makeLiveRegion(doc: Document): HTMLElement {
  const existing = doc.getElementById('phasor-link-status');
  if (existing) return existing;
  const live = doc.createElement('div');
  live.id = 'phasor-link-status';
  live.setAttribute('role', 'status');
  live.setAttribute('aria-live', 'polite');
  // Visually hidden, through the CSSOM (no style attribute: strict CSP).
  for (const [k, v] of Object.entries({
    position: 'absolute',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    'white-space': 'nowrap',
  }))
    live.style.setProperty(k, v);
  doc.body.append(live);
  return live;
}
