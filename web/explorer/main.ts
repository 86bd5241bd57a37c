// The explorer: one page of charts that follow shared controls. The state
// lives in the URL (replaceState, so dragging does not fill the history);
// malformed parameters fall back to defaults with a visible notice.
import { ELEMENTS } from '../src/elements/registry.js';
import { defineAfterFirstPaint } from '../src/elements/deferred-definitions.js';
import { enablePaintWorker } from '../src/charts/worker/start-paint-worker.js';
import { enableComputeWorker } from '../src/elements/compute/start-compute-worker.js';
import type { RenderDetail } from '../src/elements/base/phasor-element.js';
import { createPhasor } from '../src/core/index.js';
import { applyAttributes, CHART_ATTRIBUTES } from './charts.js';
import { Controls } from './controls.js';
import { Players } from './play.js';
import { holdControls, restoreControls } from './held-controls.js';
import { holdFragmentInView } from './fragment.js';
import { showSectionsAfterFirstFrame } from './first-frame.js';
import { idle } from '../src/elements/base/idle.js';
import { setText } from '../src/charts/drawn.js';
import { linkTerms, type TermLinks } from '../src/elements/links.js';
import { DEFAULTS, parseQuery, reconcile, toQuery, withPreset, type ExplorerState } from './state.js';
// Formulas are typeset when the page is built (tools/katex-plugin.ts): only KaTeX's stylesheet ships.
import 'katex/dist/katex.min.css';
import 'virtual:katex-styles.css';
import './explorer.css';

// The parser's last task runs the page's module scripts and then
// DOMContentLoaded, where Chromium's form scan looks at every form control:
// the controls are out of the page until the first frame or, in the
// sections, until each section is laid out (held-controls.ts). The rest of
// this script runs in a task of its own, so that task does not carry both.
// The charts are defined, and so upgraded, after the first frame, one tag per
// task in the order of the page, as in the embed (registry.ts defines nothing
// on import): all of them in one task is a long task on a phone. The core
// starts loading before them (the status line's createPhasor below).
showSectionsAfterFirstFrame();
// (a term among the controls is linked to its chart once it is back in its section)
let links: TermLinks | null = null;
const sectionsHoldingControls = holdControls((fields) => fields.forEach((field) => links?.add(field)));
holdFragmentInView();
await new Promise((resolve) => setTimeout(resolve, 0));
enablePaintWorker();
enableComputeWorker();
// Terms of the text ↔ their charts, once every chart is defined (a term is tied to an upgraded chart);
// "pair" is the pair chosen in section 6.
defineAfterFirstPaint(Object.values(ELEMENTS), () => {
  links = linkTerms(document, { styles: false, resolve: (term) => (term === 'pair' ? `pair:${state.pair}` : term) });
});

const parsed = parseQuery(location.search);
let state: ExplorerState = reconcile(parsed.state);

const notice = document.getElementById('notice')!;
const noticeList = document.getElementById('notice-list')!;
function showNotice(lines: string[]): void {
  noticeList.replaceChildren(
    ...lines.map((line) => {
      const li = document.createElement('li');
      li.textContent = line;
      return li;
    }),
  );
  notice.hidden = lines.length === 0;
}
document.getElementById('notice-close')!.addEventListener('click', () => showNotice([]));
showNotice(parsed.problems);

const summary = document.getElementById('summary')!;
let urlTimer = 0;

function writeUrl(): void {
  urlTimer = 0;
  const url = `${location.pathname}${toQuery(state)}${location.hash}`;
  if (url !== `${location.pathname}${location.search}${location.hash}`) history.replaceState(null, '', url);
}

// The page's charts, found once: a drag applies the state every frame.
const charts = Object.entries(CHART_ATTRIBUTES).flatMap(([tag, attributes]) =>
  [...document.querySelectorAll(tag)].map((element) => ({ element, attributes, figure: element.closest('figure') })),
);

/** Applies the state to every chart; with `show`, the charts a control changed are outlined for a moment (which control drives what). */
function apply(show = false): void {
  for (const { element, attributes, figure } of charts) {
    if (applyAttributes(element, attributes(state)) && show) markDriven(figure);
  }
  controls.show(state);
  setText(summary, `d=${state.dModel} base=${state.base} N=${state.positions} p=${state.p} k=${state.k}`);
  // Chromium limits how often the URL may change; a short pause while dragging keeps well under it. And
  // replaceState takes about a millisecond: it runs in idle time, never in a frame that shows a drag.
  if (!urlTimer) urlTimer = window.setTimeout(() => idle(writeUrl), 120);
}

const driven = new Map<Element, number>();
function markDriven(figure: Element | null): void {
  if (!figure) return;
  // classList.add rewrites the attribute even when the class is there (a restyle every frame of a drag).
  if (!figure.classList.contains('driven')) figure.classList.add('driven');
  clearTimeout(driven.get(figure));
  driven.set(
    figure,
    window.setTimeout(() => figure.classList.remove('driven'), 700),
  );
}

const players = new Players(
  () => state,
  (patch) => {
    state = reconcile({ ...state, ...patch });
    apply();
  },
);

const controls = new Controls(
  () => state,
  (patch) => {
    // Dragging a value that is playing takes it back from the player.
    if ('p' in patch) players.stop('p');
    if ('k' in patch) players.stop('k');
    state = reconcile({ ...state, ...patch });
    apply(true);
  },
);

document.getElementById('reset')!.addEventListener('click', () => {
  state = { ...DEFAULTS };
  showNotice([]);
  apply();
  writeUrl();
});

const copy = document.getElementById('copy-link') as HTMLButtonElement;
copy.addEventListener('click', async () => {
  writeUrl();
  try {
    await navigator.clipboard.writeText(location.href);
    copy.textContent = 'Link copied';
  } catch {
    copy.textContent = 'Copy the address bar';
  }
  setTimeout(() => (copy.textContent = 'Copy link'), 2000);
});

// On narrow screens the controls fold into a bar at the top.
const panel = document.getElementById('controls')!;
const toggle = document.getElementById('controls-toggle') as HTMLButtonElement;
toggle.addEventListener('click', () => {
  const open = panel.classList.toggle('open');
  toggle.setAttribute('aria-expanded', String(open));
});

function loadQuery(): void {
  const again = parseQuery(location.search);
  state = reconcile(again.state);
  showNotice(again.problems);
  apply();
}
window.addEventListener('popstate', loadQuery);

// Links to preset views (the seed figures, large sizes) set their parameters
// on top of the current state and add a history entry, so Back returns to
// the previous view. (Opened in a new tab they are ordinary links.)
for (const link of document.querySelectorAll<HTMLAnchorElement>('a.preset')) {
  link.addEventListener('click', (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    state = reconcile(withPreset(state, new URL(link.href).searchParams));
    showNotice([]);
    history.pushState(null, '', `${location.pathname}${toQuery(state)}${location.hash}`);
    apply();
  });
}

// The status line: which kernels run, and how long the slowest chart's last
// update took. It is written once the charts have been quiet for a moment,
// not at each chart's render: a line of text at the page's foot, changed in
// every frame of a drag, would cost each of those frames a layout of the page.
const status = document.getElementById('status')!;
const timings = new Map<string, RenderDetail>();
const STATUS_QUIET_MS = 250;
let statusTimer = 0;
function showSlowest(): void {
  statusTimer = 0;
  const slowest = [...timings].sort((a, b) => b[1].computeMs + b[1].drawMs - (a[1].computeMs + a[1].drawMs))[0];
  if (!slowest) return;
  const [name, t] = slowest;
  setText(
    statusTiming,
    `slowest chart: ${name}, ${t.computeMs.toFixed(1)} ms compute + ${t.drawMs.toFixed(1)} ms draw`,
  );
}
document.addEventListener('phasor-render', (event) => {
  const target = event.target as Element;
  timings.set(target.localName.replace('phasor-', ''), (event as CustomEvent<RenderDetail>).detail);
  window.clearTimeout(statusTimer);
  statusTimer = window.setTimeout(showSlowest, STATUS_QUIET_MS);
});
const statusKernels = document.createElement('span');
const statusTiming = document.createElement('span');
status.append(statusKernels, ' · ', statusTiming);
// The core starts loading here, in a task of its own, so that decoding its
// inlined bytes does not lengthen this one; the charts share this instance.
setTimeout(() =>
  createPhasor().then(
    (ph) =>
      (statusKernels.textContent = ph.simd ? 'WebAssembly SIMD kernels' : 'WebAssembly scalar kernels (no SIMD here)'),
    (error: unknown) => (statusKernels.textContent = `WebAssembly failed to load: ${(error as Error).message}`),
  ),
);

// A display formula wider than its box scrolls sideways inside it (never
// wraps); then it is a tab stop, so the keyboard can scroll it too. All the
// boxes are measured before any is changed: a change between two
// measurements would make the second lay the page out again.
function markScrollable(boxes: readonly HTMLElement[]): void {
  const scrolls = boxes.map((box) => box.scrollWidth > box.clientWidth + 1);
  boxes.forEach((box, n) => {
    if (scrolls[n] && box.tabIndex !== 0) {
      box.tabIndex = 0;
      box.setAttribute('role', 'group');
      box.setAttribute('aria-label', 'formula (scrolls sideways)');
    } else if (!scrolls[n] && box.tabIndex === 0) {
      box.removeAttribute('tabindex');
      box.removeAttribute('role');
      box.removeAttribute('aria-label');
    }
  });
}
const formulas = [...document.querySelectorAll<HTMLElement>('.tex.display')];
const formulaSizes = new ResizeObserver((entries) => markScrollable(entries.map((e) => e.target as HTMLElement)));
for (const box of formulas) formulaSizes.observe(box);
// Sections out of sight are not rendered (content-visibility), so their
// formulas get no size from the observer until scrolled to, and their
// controls wait out of the page (held-controls.ts). Each section is laid
// out when the page is idle, section by section while the idle period has
// room for the longest section so far (all at once would be one long task at
// start-up, and a fixed margin lets a long section run past the idle period):
// its controls put back, its formulas measured, so each is a tab stop before
// it is seen.
// Then the page is marked data-sections-laid-out.
const sections = new Map<Element, HTMLElement[]>(
  [...document.querySelectorAll('.chart-section'), document.body].map((section) => [section, []]),
);
for (const box of formulas) sections.get(box.closest('.chart-section') ?? document.body)!.push(box);
const unmeasured = [...sections].filter(
  ([section, boxes]) => boxes.length > 0 || sectionsHoldingControls.includes(section),
);
function layOutSection([section, boxes]: [Element, HTMLElement[]]): void {
  const fields = restoreControls(section);
  if (boxes.length > 0) markScrollable(boxes);
  // (reading a size lays the section out, with its controls back in place)
  else if (fields.length > 0) void fields[0].offsetWidth;
}
let longestSection = 0;
const layOutWhenIdle = (): void => {
  if (unmeasured.length === 0) {
    document.documentElement.dataset.sectionsLaidOut = '';
    return;
  }
  requestIdleCallback((deadline) => {
    do {
      const started = performance.now();
      layOutSection(unmeasured.shift()!);
      longestSection = Math.max(longestSection, performance.now() - started);
    } while (unmeasured.length > 0 && deadline.timeRemaining() > longestSection);
    layOutWhenIdle();
  });
};
if (typeof requestIdleCallback === 'function') layOutWhenIdle();
else {
  unmeasured.splice(0).forEach(layOutSection);
  document.documentElement.dataset.sectionsLaidOut = '';
}

apply();
if (parsed.problems.length === 0) writeUrl();
