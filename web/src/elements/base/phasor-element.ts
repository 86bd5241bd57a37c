// Over 300 lines: this is the one class a page and a chart subclass see (its
// public and protected members, each documented); every job it does is a part
// of its own in this folder.
// What every phasor chart element shares, put together from parts that each
// do one job: attributes parsed into options (attributes/), the page's shared
// wasm instance (shared-core.ts), results kept until an option they depend on
// changes and heavy ones computed in slices (computed-data.ts), redraws
// batched to one per animation frame and charts out of sight caught up later
// (render-scheduler.ts), the width and pixel density (size-watcher.ts), the
// colours (theme-watcher.ts), a bad attribute shown as an error inside this
// element only (element-status.ts), the Save… menu (save-actions.ts) and the
// Play button (player.ts). A chart element says what it computes and how it
// draws it (compute, draw); every chart computes what it draws at the
// resolution it is drawn (the core's *Bins calls), which keeps an update
// within a frame.
import type { Phasor } from '../../core/index.js';
import type { CodeConfig } from '../../code/code-config.js';
import { chartPng, chartSvg, type ChartSurfaces } from '../../charts/chart-image.js';
import { collectPaints, type PendingPaint } from '../../charts/worker/pending-paints.js';
import { readAttributes, type AttributeSpec } from '../attributes/attributes.js';
import { ComputeCalls } from '../compute/compute-calls.js';
import { ComputePlace } from '../compute/compute-place.js';
import { computeWorker } from '../compute/compute-worker-client.js';
import { elementSheets } from '../styles.js';
import { ComputedData } from './computed-data.js';
import { columnsOf, toCsv, type CsvTable } from './csv-table.js';
import { ElementStatus, type ElementState } from './element-status.js';
import { RenderBudget } from './render-budget.js';
import { reportWhenShown, type RenderDetail } from './render-report.js';
import { RenderScheduler } from './render-scheduler.js';
import { Player } from './player.js';
import type { Parts } from './parts.js';
import { chartSaveMenu } from './save-actions.js';
import { coreFor, loadedCore, preloadCore } from './shared-core.js';
import { SizeWatcher } from './size-watcher.js';
import { ThemeWatcher } from './theme-watcher.js';
import type { Theme } from './theme.js';

export type { ElementState } from './element-status.js';
export type { RenderDetail } from './render-report.js';

// Server-side rendering imports the elements in Node, which has no HTMLElement:
// there the classes extend a stand-in and index.ts defines nothing.
const ElementBase: typeof HTMLElement = globalThis.HTMLElement ?? (class {} as unknown as typeof HTMLElement);

/**
 * O: the options the attributes give; D: what compute() returns (cached until
 * computeKey changes); S: what data() returns, the numbers drawn (D unless a
 * chart computes its window when it draws).
 */
export abstract class PhasorElement<O, D, S = D> extends ElementBase {
  /** The element's tag name, defined once here for every registry (registry.ts, the embed). */
  static readonly tag: string = '';

  /** What the chart shows, in a few words (chart.html's heading, the element reference). */
  static readonly title: string = '';

  /** The attributes this element reads, with their options and defaults. */
  static attributeSpecs: readonly AttributeSpec[] = [];

  /** true for charts that call the RoPE and attention API (the second wasm module, loaded on first use). */
  static needsExperiments = false;

  static get observedAttributes(): string[] {
    return [...this.attributeSpecs.map((s) => s.attribute), 'highlight', 'play'];
  }

  /** The terms this chart can highlight (the `highlight` attribute; see links.ts). */
  static highlightTerms: readonly string[] = [];

  /** The attributes the `play` attribute may animate. */
  static playable: readonly string[] = [];

  /** true for charts that draw coarser while a drawing would not fit a frame (see `coarseness`). */
  static progressive = false;

  /** How many times the chart has been drawn (tests and tools can wait on it). */
  renders = 0;

  protected readonly shadow: ShadowRoot;
  /** Holds the chart; hidden while an error is shown. */
  protected readonly content: HTMLDivElement;
  private readonly status: ElementStatus;
  private readonly player: Player;
  private readonly scheduler = new RenderScheduler(
    this,
    () => this.render(),
    () => this.renders > 0,
    () => this.computeAhead(),
  );
  private readonly size = new SizeWatcher(
    this,
    () => this.scheduleRender(),
    () => {
      if (this.renders === 0) this.reserveSpace(this.layoutWidth);
    },
  );
  private readonly theme = new ThemeWatcher(this, () => this.scheduleRender());
  private readonly results = new ComputedData<D>({
    done: () => this.scheduleRender(),
    failed: (error) => this.status.showError(error),
    busy: (running) => this.toggleAttribute('data-updating', running),
  });
  private readonly budget = new RenderBudget(() => this.scheduleRender());
  private readonly place = new ComputePlace();
  /** Whether compute() asks computeCalls (so may move to the compute worker). */
  private asksComputeCalls = false;
  /** The drawing under way: its coarseness, and the time of the part of it that scales with the pixels (noteScalableWork). */
  private drawing = { coarseness: 1, scalableMs: 0 };
  private current: O | null = null;
  private pointed: string | null = null;

  constructor() {
    super();
    this.shadow = this.attachShadow({ mode: 'open' });
    this.shadow.adoptedStyleSheets = [...elementSheets(), ...this.styleSheets()];
    this.content = document.createElement('div');
    this.content.className = 'content';
    this.status = new ElementStatus(this, this.content);
    this.player = new Player(this);
    const code = this.codeConfig !== PhasorElement.prototype.codeConfig;
    this.shadow.append(this.status.box, this.content, this.player.bar, chartSaveMenu(this, code));
    // A paint worker that held a canvas failed: the chart draws again, on the page.
    this.shadow.addEventListener('phasor-repaint', () => this.scheduleRender());
  }

  /**
   * The table (ph.encode's options) or RoPE cache the chart draws, for "Copy
   * as code"; charts without one keep this default and get no menu entry.
   */
  codeConfig(): CodeConfig | null {
    return null;
  }

  /** The table or cache now drawn, for "Copy as code" (null before the first drawing). */
  drawnCode(): CodeConfig | null {
    return this.current === null ? null : this.codeConfig();
  }

  /** The chart as a standalone SVG document (canvas layers embedded as PNG). */
  toSVG(): string {
    return chartSvg(this.imageSurfaces());
  }

  /** The chart as a PNG, axes and data, under any CSP (`complete` is always true; see charts/chart-image.ts). */
  toPNG(scale?: number): Promise<{ blob: Blob; complete: boolean }> {
    return chartPng(this.imageSurfaces(), scale);
  }

  /** The numbers behind the chart as CSV with a header row. */
  toCSV(): string {
    if (this.current === null) throw new Error(`${this.localName}: nothing drawn yet to save`);
    const table = this.csvTable(this.results.data as D);
    if (!table) throw new Error(`${this.localName}: nothing drawn yet to save`);
    return toCsv(table);
  }

  /** The chart's data as a table; subclasses with matrices or series override it. */
  protected csvTable(data: D): CsvTable | null {
    return columnsOf(data);
  }

  /**
   * Before the first drawing, each time the width is known: a chart whose
   * height follows from its width sizes its frame here, so the page around it
   * does not move when the drawing comes (the observer reports the width
   * before the frame is painted).
   */
  protected reserveSpace(_width: number): void {}

  /** Extra stylesheets of a subclass. */
  protected styleSheets(): CSSStyleSheet[] {
    return [];
  }

  connectedCallback(): void {
    if (!this.hasAttribute('data-state')) this.status.set('loading');
    preloadCore();
    this.size.connect();
    this.scheduler.connect();
    this.theme.connect();
    this.scheduleRender();
  }

  disconnectedCallback(): void {
    this.size.disconnect();
    this.scheduler.disconnect();
    this.theme.disconnect();
    this.results.cancel();
    this.budget.cancel();
    this.player.stop();
    this.removeAttribute('data-updating');
  }

  attributeChangedCallback(name: string): void {
    // A highlight changes marks only: no recomputation, no redraw of the data.
    if (name === 'highlight') {
      if (this.current !== null && this.results.ready) this.drawHighlight(this.highlight);
    } else if (name === 'play') this.player.configure(this.getAttribute('play'), this.chartClass.playable);
    else this.scheduleRender();
  }

  /** The term highlighted now (the `highlight` attribute), or null. */
  get highlight(): string | null {
    const term = this.getAttribute('highlight');
    return term && this.chartClass.highlightTerms.includes(term.split(':')[0]) ? term : null;
  }

  /** Draws the highlight of `term` (null: removes it); charts with terms override it. */
  protected drawHighlight(_term: string | null): void {}

  /**
   * Says which of the chart's terms the pointer or the keys are on (null:
   * none), as a bubbling `phasor-term` event, once per change: the page
   * highlights that term in its text (links.ts).
   */
  protected pointAt(term: string | null): void {
    if (term === this.pointed) return;
    this.pointed = term;
    this.dispatchEvent(new CustomEvent('phasor-term', { detail: { term }, bubbles: true, composed: true }));
  }

  /**
   * The options the attributes give now (throws an AttributeError when one is
   * invalid); ranges are the core's, so this is known once the wasm has loaded.
   */
  get options(): O {
    return readAttributes(this, this.chartClass.attributeSpecs) as O;
  }

  /** The numbers behind the chart now drawn (typed arrays and the options they came from), or null before the first render. */
  data(): S | null {
    return this.results.data as S | null;
  }

  /** The canvas and SVG layers the chart is drawn on, e.g. for PNG or SVG export. */
  get surfaces(): { canvases: HTMLCanvasElement[]; svgs: SVGSVGElement[] } {
    return {
      canvases: [...this.shadow.querySelectorAll('canvas')],
      svgs: [...this.shadow.querySelectorAll<SVGSVGElement>('svg.layer, svg.panel')],
    };
  }

  /** Asks for a redraw (render-scheduler.ts says when it comes). */
  scheduleRender(): void {
    this.scheduler.request();
  }

  /** The page's compute instance, once loaded (draw() may compute the window it shows with it). */
  protected get core(): Phasor {
    const phasor = loadedCore();
    if (!phasor) throw new Error('phasor: the WebAssembly core is not loaded yet');
    return phasor;
  }

  /**
   * The core's calls for one computation: on the page, or in the compute
   * worker once the page has one (enableComputeWorker) and this chart's
   * computations have proved heavy on this device, until they prove light
   * there (compute-place.ts). A
   * chart that uses them returns Parts whose steps return what they answer
   * (compute-calls.ts) and hands them to the Parts for the worker's time.
   */
  protected computeCalls(ph: Phasor): ComputeCalls {
    this.asksComputeCalls = true;
    return new ComputeCalls(ph, this.place.remote ? computeWorker(loadedCore) : null);
  }

  /**
   * Computes the chart's data from the options (called only when computeKey
   * changes); a heavy chart returns Parts, which run in slices between frames
   * or in the compute worker.
   */
  protected abstract compute(ph: Phasor, options: O): D | Parts<D>;

  /** The part of the options the computed data depends on. */
  protected abstract computeKey(options: O): unknown;

  /** Draws `data` at `width` CSS pixels. */
  protected abstract draw(data: D, options: O, width: number, theme: Theme): void;

  /**
   * Device pixels per value the drawing under way may use along the chart's
   * long axis (1, 2, 4 or 8): more than 1 when a full-resolution drawing
   * would not fit a frame on this device (render-budget.ts). Charts that
   * honour it set `static progressive` and say so in their caption.
   */
  protected get coarseness(): number {
    return this.drawing.coarseness;
  }

  /** A progressive chart's draw() reports the time of what a coarser drawing makes smaller (its values and their raster). */
  protected noteScalableWork(ms: number): void {
    this.drawing.scalableMs += ms;
  }

  /** The element's width in CSS px (size-watcher.ts). */
  protected get layoutWidth(): number {
    return this.size.cssWidth;
  }

  /** The options of the last successful render. */
  protected get drawnOptions(): O | null {
    return this.current;
  }

  /** The colours of the last successful render. */
  protected get drawnTheme(): Theme | null {
    return this.theme.drawn;
  }

  private get chartClass(): typeof PhasorElement {
    return this.constructor as typeof PhasorElement;
  }

  private imageSurfaces(): ChartSurfaces {
    return {
      content: this.content,
      ...this.surfaces,
      background: getComputedStyle(this).getPropertyValue('--_bg').trim() || '#ffffff',
    };
  }

  /** What the computed data is kept under (computeKey, as a string). */
  private resultsKey(options: O): string {
    return JSON.stringify(this.computeKey(options));
  }

  /**
   * Computes what the next render() draws, and keeps it for it; false when
   * there is nothing to compute now (kept already, the core not loaded, an
   * invalid option or a failed computation: render() then shows why).
   */
  private computeAhead(): boolean {
    const phasor = loadedCore();
    if (!phasor || (this.chartClass.needsExperiments && !phasor.hasExperiments)) return false;
    try {
      const options = this.options;
      return this.results.prepare(this.resultsKey(options), () => this.compute(phasor, options));
    } catch {
      return false;
    }
  }

  /** Draws now; returns when a paint worker's pictures are shown, if any were sent. */
  private render(): Promise<void> | undefined {
    this.scheduler.begin();
    // The wasm first: attribute ranges are the core's limits (core-limits.ts).
    const phasor = coreFor(this.chartClass.needsExperiments, this.scheduler, this.status);
    if (!phasor) return;
    let options: O;
    try {
      options = this.options;
    } catch (error) {
      this.status.showError(error);
      return;
    }
    let computeMs = 0;
    let computeWorkerMs = 0;
    let drawStarted = 0;
    let paints: PendingPaint[] = [];
    try {
      const key = this.resultsKey(options);
      const computed = this.results.get(key, () => this.compute(phasor, options));
      if (!computed) return;
      ({ computeMs, workerMs: computeWorkerMs } = computed);
      // Only a chart that asks computeCalls can move. (The first computation pays for the page's first use of
      // the code: it does not decide.)
      if (this.asksComputeCalls && this.renders > 0 && (computeMs > 0 || computeWorkerMs > 0)) {
        this.place.record(computeMs, computeWorkerMs);
        // (started before it is needed, the worker has its core by the first call)
        if (this.place.mayMove) computeWorker(loadedCore);
      }
      drawStarted = performance.now();
      this.current = options;
      this.status.hideError();
      if (this.layoutWidth <= 0) return; // not laid out yet: the ResizeObserver brings us back
      this.drawing = { coarseness: this.chartClass.progressive ? this.budget.next() : 1, scalableMs: 0 };
      paints = collectPaints(() => {
        this.draw(computed.data, options, this.layoutWidth, this.theme.current());
        this.drawHighlight(this.highlight);
      });
    } catch (error) {
      this.status.showError(error);
      return;
    }
    const drawMs = performance.now() - drawStarted;
    const { coarseness } = this.drawing;
    const resolution: Pick<RenderDetail, 'resolution'> = this.chartClass.progressive
      ? { resolution: coarseness > 1 ? 'coarse' : 'full' }
      : {};
    // The first drawing pays for the page's first use of the code (compilation): it does not set the budget.
    if (this.chartClass.progressive && this.renders > 0) this.budget.record(this.drawing.scalableMs, coarseness);
    return reportWhenShown(paints, { computeMs, drawMs, computeWorkerMs, ...resolution }, (detail) =>
      this.drawn(detail),
    );
  }

  /** The picture of a render is on the page. */
  private drawn(detail: RenderDetail): void {
    this.renders++;
    this.status.set('ready');
    this.dispatchEvent(new CustomEvent('phasor-render', { detail, bubbles: true, composed: true }));
  }
}
