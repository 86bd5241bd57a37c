// What every phasor chart element shares: a shadow root with adopted
// stylesheets, attributes parsed into options (a bad one shows a short error
// in this element only), one wasm instance per page loaded by the first
// element that renders, results cached until an option they depend on
// changes, redraws batched to one per animation frame, the width followed
// with a ResizeObserver, and a pointer and keyboard read-out.
//
// Charts on screen redraw in the next animation frame; charts scrolled out of
// sight catch up after the changes stop, one per idle moment (catch-up.ts),
// so dragging a control on a page of large charts only pays for the ones the
// reader can see. Every chart computes what it draws at the resolution it is
// drawn (the core's *Bins calls), which keeps an update within a frame.
import { createPhasor, type Phasor } from '../core/index.js';
import type { CodeConfig } from '../code/code-config.js';
import { readAttributes, type AttributeSpec } from './attributes.js';
import { useLimits } from './core-limits.js';
import { cancelCatchUp, catchUpLater } from './catch-up.js';
import { chartPng, chartSvg, columnsOf, download, toCsv, type CsvTable } from './export.js';
import { Parts, PartsJob } from './parts.js';
import { Player } from './player.js';
import { saveMenu, type SaveAction } from './save-menu.js';
import { baseSheet } from './styles.js';
import { readTheme, type Theme } from './theme.js';

let phasor: Phasor | null = null;
let loading: Promise<Phasor> | null = null;

/** The page's shared compute instance; loads the wasm on first use. */
function loadPhasor(): Promise<Phasor> {
  loading ??= createPhasor().then(
    (ph) => {
      useLimits(ph.limits); // attribute ranges are the core's
      return (phasor = ph);
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

export type ElementState = 'loading' | 'ready' | 'error';

export interface RenderDetail {
  /** Milliseconds spent computing (0 when the cached result was reused) and drawing. */
  computeMs: number;
  drawMs: number;
}

// Server-side rendering imports the elements in Node, which has no HTMLElement:
// there the classes extend a stand-in and index.ts defines nothing.
const ElementBase: typeof HTMLElement = globalThis.HTMLElement ?? (class {} as unknown as typeof HTMLElement);

/**
 * O: the options the attributes give; D: what compute() returns (cached until
 * computeKey changes); S: what data() returns, the numbers drawn (D unless a
 * chart computes its window when it draws).
 */
export abstract class PhasorElement<O, D, S = D> extends ElementBase {
  /** The element's tag name, defined once here for every registry (elements/index.ts, the embed). */
  static readonly tag: string = '';

  /** The attributes this element reads, with their options and defaults. */
  static attributeSpecs: readonly AttributeSpec[] = [];

  /** true for charts that call the RoPE and attention API (the second wasm module, loaded on first use). */
  static needsExperiments = false;

  static get observedAttributes(): string[] {
    return [...this.attributeSpecs.map((s) => s.attribute), 'highlight', 'play'];
  }

  /** The terms this chart can highlight (the `highlight` attribute; see highlight.ts). */
  static highlightTerms: readonly string[] = [];

  /** The attributes the `play` attribute may animate. */
  static playable: readonly string[] = [];

  /** How many times the chart has been drawn (tests and tools can wait on it). */
  renders = 0;

  protected readonly shadow: ShadowRoot;
  /** The play button of the `play` attribute (player.ts). */
  private readonly player: Player;
  /** Holds the chart; hidden while an error is shown. */
  protected readonly content: HTMLDivElement;
  private readonly errorBox: HTMLParagraphElement;
  private frameRequest = 0;
  /** A microtask render is queued. */
  private queued = false;
  /** Drawn since the last animation frame began: the next change waits for the next frame. */
  private drewThisFrame = false;
  /** A redraw is owed (set by scheduleRender, cleared by render). */
  private dirty = false;
  /** Whether the element is on the screen; false until the IntersectionObserver first says, so a page's start-up draws only what is seen at once. */
  private onScreen = false;
  private visibilityObserver: IntersectionObserver | null = null;
  private width = 0;
  private cached: { key: string; data: D } | null = null;
  /** A computation running in slices (compute() returned Parts). */
  private job: PartsJob<D> | null = null;
  private current: O | null = null;
  private currentTheme: Theme | null = null;
  private resizeObserver: ResizeObserver | null = null;
  private readonly darkQuery = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null;
  private readonly onSchemeChange = () => {
    this.currentTheme = null;
    this.scheduleRender();
  };
  private themeTimer = 0;
  private ratioQuery: MediaQueryList | null = null;
  /** Redraws for the new pixel density when the page moves to another screen or is zoomed. */
  private readonly onRatioChange = () => {
    this.watchRatio();
    this.scheduleRender();
  };

  constructor() {
    super();
    this.shadow = this.attachShadow({ mode: 'open' });
    this.shadow.adoptedStyleSheets = [baseSheet(), ...this.styleSheets()];
    this.errorBox = document.createElement('p');
    this.errorBox.className = 'error';
    this.errorBox.setAttribute('role', 'alert');
    this.errorBox.hidden = true;
    this.content = document.createElement('div');
    this.content.className = 'content';
    this.player = new Player(this);
    this.shadow.append(this.errorBox, this.content, this.player.bar, this.saveBar());
  }

  /** Save as PNG, SVG or CSV, and copy as code where the chart has a table or RoPE cache (one menu button); hidden by the no-export attribute. */
  private saveBar(): HTMLElement {
    const actions: SaveAction[] = [
      {
        label: 'PNG',
        title: 'Save the chart as a PNG image',
        run: async () => download(`${this.localName}.png`, (await this.toPNG()).blob),
      },
      {
        label: 'SVG',
        title: 'Save the chart as an SVG image',
        run: () => download(`${this.localName}.svg`, new Blob([this.toSVG()], { type: 'image/svg+xml' })),
      },
      {
        label: 'CSV',
        title: 'Save the numbers behind the chart as CSV',
        run: () => download(`${this.localName}.csv`, new Blob([this.toCSV()], { type: 'text/csv' })),
      },
    ];
    if (this.codeConfig !== PhasorElement.prototype.codeConfig) {
      actions.push({
        label: 'Copy as code…',
        title: 'The table behind this chart as PyTorch, NumPy, JAX or TensorFlow code',
        run: () => this.showCode(),
      });
    }
    return saveMenu(actions);
  }

  /**
   * The table (ph.encode's options) or RoPE cache the chart draws, for "Copy
   * as code"; charts without one keep this default and get no menu entry.
   */
  codeConfig(): CodeConfig | null {
    return null;
  }

  /** Opens the "Copy as code" dialog (its code is loaded on first use). */
  private async showCode(): Promise<void> {
    const config = this.current === null ? null : this.codeConfig();
    if (!config) return;
    const { openCodeDialog, codeDialogSheet } = await import('../code/code-dialog.js');
    if (!this.shadow.adoptedStyleSheets.includes(codeDialogSheet()))
      this.shadow.adoptedStyleSheets = [...this.shadow.adoptedStyleSheets, codeDialogSheet()];
    openCodeDialog(this.shadow, config, this.localName, this.shadow.querySelector<HTMLElement>('.save-toggle'));
  }

  /** The chart as a standalone SVG document (canvas layers embedded as PNG). */
  toSVG(): string {
    return chartSvg(this as PhasorElement<unknown, unknown>);
  }

  /** The chart as a PNG, axes and data, under any CSP (`complete` is always true; see export.ts). */
  toPNG(scale?: number): Promise<{ blob: Blob; complete: boolean }> {
    return chartPng(this as PhasorElement<unknown, unknown>, scale);
  }

  /** The numbers behind the chart as CSV with a header row. */
  toCSV(): string {
    if (this.current === null) throw new Error(`${this.localName}: nothing drawn yet to save`);
    const table = this.csvTable(this.cached?.data as D);
    if (!table) throw new Error(`${this.localName}: nothing drawn yet to save`);
    return toCsv(table);
  }

  /** The chart's data as a table; subclasses with matrices or series override it. */
  protected csvTable(data: D): CsvTable | null {
    return columnsOf(data);
  }

  /** Extra stylesheets of a subclass. */
  protected styleSheets(): CSSStyleSheet[] {
    return [];
  }

  connectedCallback(): void {
    if (!this.hasAttribute('data-state')) this.setState('loading');
    this.resizeObserver ??= new ResizeObserver((entries) => {
      const width = Math.floor(entries[entries.length - 1].contentRect.width);
      if (width !== this.width) {
        this.width = width;
        this.scheduleRender();
      }
    });
    this.resizeObserver.observe(this);
    this.visibilityObserver ??= new IntersectionObserver(
      (entries) => {
        const visible = entries[entries.length - 1].isIntersecting;
        if (visible === this.onScreen) return;
        this.onScreen = visible;
        if (visible && this.dirty) this.scheduleRender(); // catch up at once
      },
      { rootMargin: '0px' },
    );
    this.visibilityObserver.observe(this);
    this.darkQuery?.addEventListener('change', this.onSchemeChange);
    this.watchRatio();
    this.scheduleRender();
  }

  private watchRatio(): void {
    this.ratioQuery?.removeEventListener('change', this.onRatioChange);
    if (typeof matchMedia !== 'function') return;
    this.ratioQuery = matchMedia(`(resolution: ${window.devicePixelRatio || 1}dppx)`);
    this.ratioQuery.addEventListener('change', this.onRatioChange);
  }

  disconnectedCallback(): void {
    this.resizeObserver?.disconnect();
    this.visibilityObserver?.disconnect();
    this.onScreen = false;
    cancelCatchUp(this);
    this.darkQuery?.removeEventListener('change', this.onSchemeChange);
    this.ratioQuery?.removeEventListener('change', this.onRatioChange);
    clearTimeout(this.themeTimer);
    this.currentTheme = null;
    this.job?.cancel();
    this.job = null;
    this.player.stop();
    this.removeAttribute('data-updating');
    this.ratioQuery = null;
    if (this.frameRequest) cancelAnimationFrame(this.frameRequest);
    this.frameRequest = 0;
  }

  attributeChangedCallback(name: string): void {
    // A highlight changes marks only: no recomputation, no redraw of the data.
    if (name === 'highlight') this.refreshHighlight();
    else if (name === 'play')
      this.player.configure(this.getAttribute('play'), (this.constructor as typeof PhasorElement).playable);
    else this.scheduleRender();
  }

  /** The term highlighted now (the `highlight` attribute), or null. */
  get highlight(): string | null {
    const term = this.getAttribute('highlight');
    return term && (this.constructor as typeof PhasorElement).highlightTerms.includes(term.split(':')[0]) ? term : null;
  }

  /** Draws the highlight of `term` (null: removes it); charts with terms override it. */
  protected drawHighlight(_term: string | null): void {}

  private refreshHighlight(): void {
    if (this.current !== null && this.cached) this.drawHighlight(this.highlight);
  }

  /**
   * Says which of the chart's terms the pointer or the keys are on (null:
   * none), as a bubbling `phasor-term` event, once per change: the page
   * highlights that term in its text (highlight.ts).
   */
  protected pointAt(term: string | null): void {
    if (term === this.pointed) return;
    this.pointed = term;
    this.dispatchEvent(new CustomEvent('phasor-term', { detail: { term }, bubbles: true, composed: true }));
  }
  private pointed: string | null = null;

  /**
   * The options the attributes give now (throws an AttributeError when one is
   * invalid); ranges are the core's, so this is known once the wasm has loaded.
   */
  get options(): O {
    return readAttributes(this, (this.constructor as typeof PhasorElement).attributeSpecs) as O;
  }

  /** The numbers behind the chart now drawn (typed arrays and the options they came from), or null before the first render. */
  data(): S | null {
    return (this.cached?.data ?? null) as S | null;
  }

  /** The canvas and SVG layers the chart is drawn on, e.g. for PNG or SVG export. */
  get surfaces(): { canvases: HTMLCanvasElement[]; svgs: SVGSVGElement[] } {
    return {
      canvases: [...this.shadow.querySelectorAll('canvas')],
      svgs: [...this.shadow.querySelectorAll<SVGSVGElement>('svg.layer, svg.panel')],
    };
  }

  /**
   * Asks for a redraw. On screen: in a microtask, so the changes of one event
   * draw once and the frame about to be painted shows them; at most once per
   * frame (a later change in the same frame waits for the next one); the
   * first drawing in a task. Out of sight: in an idle moment after the
   * changes stop (catch-up.ts).
   */
  scheduleRender(): void {
    if (!this.isConnected) return;
    this.dirty = true;
    if (!this.onScreen) {
      catchUpLater(this);
      return;
    }
    cancelCatchUp(this);
    if (this.queued || this.frameRequest) return;
    const run = () => {
      this.queued = false;
      if (this.dirty && this.isConnected) this.render();
    };
    // Until it has drawn, a chart draws in a task of its own: the charts on
    // screen at start-up then draw one per task, not all in the task that
    // loaded the wasm, or all in one frame (37 ms here, traced).
    if (this.renders === 0) {
      this.queued = true;
      setTimeout(run, 0);
      return;
    }
    if (this.drewThisFrame) {
      this.frameRequest = requestAnimationFrame(() => {
        this.frameRequest = 0;
        this.render();
      });
      return;
    }
    this.queued = true;
    queueMicrotask(run);
  }

  /** Called by catch-up.ts: the owed redraw of a chart out of sight. */
  catchUp(): void {
    if (this.dirty && this.isConnected) this.render();
  }

  /** The page's compute instance, once loaded (draw() may compute the window it shows with it). */
  protected get core(): Phasor {
    if (!phasor) throw new Error('phasor: the WebAssembly core is not loaded yet');
    return phasor;
  }

  /**
   * Computes the chart's data from the options (called only when computeKey
   * changes); a heavy chart returns Parts, which run in slices between frames.
   */
  protected abstract compute(ph: Phasor, options: O): D | Parts<D>;

  /** The part of the options the computed data depends on. */
  protected abstract computeKey(options: O): unknown;

  /** Draws `data` at `width` CSS pixels. */
  protected abstract draw(data: D, options: O, width: number, theme: Theme): void;

  /**
   * The element's width in CSS px, as the ResizeObserver last reported it:
   * reading it forces no layout in the middle of a frame's changes. Measured
   * once when the observer has not reported yet.
   */
  protected get layoutWidth(): number {
    if (this.width <= 0 && this.isConnected) this.width = Math.floor(this.getBoundingClientRect().width);
    return this.width;
  }

  /** The options of the last successful render. */
  protected get drawnOptions(): O | null {
    return this.current;
  }

  /** The colours of the last successful render. */
  protected get drawnTheme(): Theme | null {
    return this.currentTheme;
  }

  private render(): void {
    this.dirty = false;
    if (!this.drewThisFrame) {
      this.drewThisFrame = true;
      requestAnimationFrame(() => (this.drewThisFrame = false));
    }
    // The wasm first: attribute ranges are the core's limits (core-limits.ts).
    if (!phasor) {
      loadPhasor().then(
        () => this.scheduleRender(),
        (error: unknown) =>
          this.showError(new Error(`could not load the WebAssembly core (${(error as Error).message})`)),
      );
      return;
    }
    if ((this.constructor as typeof PhasorElement).needsExperiments && !phasor.hasExperiments) {
      phasor.loadExperiments().then(
        () => this.scheduleRender(),
        (error: unknown) =>
          this.showError(new Error(`could not load the experiments module (${(error as Error).message})`)),
      );
      return;
    }
    let options: O;
    try {
      options = this.options;
    } catch (error) {
      this.showError(error);
      return;
    }
    const started = performance.now();
    let computeMs = 0;
    try {
      const key = JSON.stringify(this.computeKey(options));
      if (!this.cached || this.cached.key !== key) {
        // A computation in slices finishes first; then the newest options win.
        if (this.job) return;
        const data = this.compute(phasor, options);
        if (data instanceof Parts) {
          if (!this.startJob(key, data)) return;
        } else {
          this.cached = { key, data };
        }
        computeMs = performance.now() - started;
      }
      this.current = options;
      this.hideError();
      // A chart in a section the page does not render yet (content-visibility:
      // auto) gets no size from the ResizeObserver; asking for it lays out
      // just that section, so an off-screen chart still catches up.
      if (this.layoutWidth <= 0) return; // not laid out yet: the ResizeObserver brings us back
      // Reading the colours forces a style and layout pass: done once, then
      // checked again when the page is quiet (the page may re-theme at any time).
      this.currentTheme ??= readTheme(this);
      this.draw(this.cached!.data, options, this.width, this.currentTheme);
      this.drawHighlight(this.highlight);
      this.recheckThemeLater();
    } catch (error) {
      this.showError(error);
      return;
    }
    this.renders++;
    this.setState('ready');
    const detail: RenderDetail = { computeMs, drawMs: performance.now() - started - computeMs };
    this.dispatchEvent(new CustomEvent('phasor-render', { detail, bubbles: true, composed: true }));
  }

  /** Starts computing in slices; true when the first slice finished it (then this.cached holds the data). */
  private startJob(key: string, parts: Parts<D>): boolean {
    let running = false;
    const job: PartsJob<D> = new PartsJob<D>(
      key,
      parts,
      (data) => {
        this.cached = { key, data };
        if (!running || this.job !== job) return;
        this.job = null;
        this.removeAttribute('data-updating');
        this.scheduleRender();
      },
      (error) => {
        this.job = null;
        this.removeAttribute('data-updating');
        this.showError(error);
      },
    );
    if (job.start()) return this.cached?.key === key;
    running = true;
    this.job = job;
    this.setAttribute('data-updating', '');
    return false;
  }

  private recheckThemeLater(): void {
    clearTimeout(this.themeTimer);
    this.themeTimer = window.setTimeout(() => {
      if (!this.isConnected || !this.currentTheme) return;
      const now = readTheme(this);
      if (JSON.stringify(now) === JSON.stringify(this.currentTheme)) return;
      this.currentTheme = now;
      this.scheduleRender();
    }, 500);
  }

  private showError(error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    this.errorBox.textContent = `${this.localName}: ${message}`;
    this.errorBox.hidden = false;
    this.content.hidden = true;
    this.setState('error');
    this.dispatchEvent(new CustomEvent('phasor-error', { detail: { message }, bubbles: true, composed: true }));
  }

  private hideError(): void {
    if (this.errorBox.hidden) return;
    this.errorBox.hidden = true;
    this.errorBox.textContent = '';
    this.content.hidden = false;
  }

  private setState(state: ElementState): void {
    if (this.getAttribute('data-state') !== state) this.setAttribute('data-state', state);
  }
}
