// What every phasor chart element shares: a shadow root with adopted
// stylesheets, attributes parsed into options (a bad one shows a short error
// in this element only), one wasm instance per page loaded by the first
// element that renders, results cached until an option they depend on
// changes, redraws batched to one per animation frame, the width followed
// with a ResizeObserver, and a pointer and keyboard read-out.
//
// Charts on screen redraw in the next animation frame; charts scrolled out of
// sight catch up a moment after the changes stop, so dragging a control on a
// page of large charts only pays for the ones the reader can see.
import { createPhasor, type Phasor } from '../core/index.js';
import type { ChartFrame } from '../charts/frame.js';
import { readAttributes, type AttributeSpec } from './attributes.js';
import { useLimits } from './core-limits.js';
import { chartPng, chartSvg, columnsOf, download, toCsv, type CsvTable } from './export.js';
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

export abstract class PhasorElement<O, D> extends ElementBase {
  /** The attributes this element reads, with their options and defaults. */
  static attributeSpecs: readonly AttributeSpec[] = [];

  /** true for charts that call the RoPE and attention API (the second wasm module, loaded on first use). */
  static needsExperiments = false;

  static get observedAttributes(): string[] {
    return this.attributeSpecs.map((s) => s.attribute);
  }

  /** How many times the chart has been drawn (tests and tools can wait on it). */
  renders = 0;

  protected readonly shadow: ShadowRoot;
  /** Holds the chart; hidden while an error is shown. */
  protected readonly content: HTMLDivElement;
  private readonly errorBox: HTMLParagraphElement;
  private frameRequest = 0;
  private idleTimer = 0;
  /** Whether the element is on (or near) the screen; assumed until the IntersectionObserver says otherwise. */
  private onScreen = true;
  private visibilityObserver: IntersectionObserver | null = null;
  private width = 0;
  private cached: { key: string; data: D } | null = null;
  private current: O | null = null;
  private currentTheme: Theme | null = null;
  private resizeObserver: ResizeObserver | null = null;
  private readonly darkQuery = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null;
  private readonly onSchemeChange = () => this.scheduleRender();
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
    this.shadow.append(this.errorBox, this.content, this.saveBar());
  }

  /** Save as PNG, SVG or CSV; hidden by the no-export attribute. */
  private saveBar(): HTMLElement {
    const bar = document.createElement('div');
    bar.className = 'save';
    bar.setAttribute('role', 'toolbar');
    bar.setAttribute('aria-label', 'Save this chart');
    const actions: [string, string, () => Promise<void> | void][] = [
      ['PNG', 'Save the chart as a PNG image', async () => download(`${this.localName}.png`, (await this.toPNG()).blob)],
      ['SVG', 'Save the chart as an SVG image', () => download(`${this.localName}.svg`, new Blob([this.toSVG()], { type: 'image/svg+xml' }))],
      ['CSV', 'Save the numbers behind the chart as CSV', () => download(`${this.localName}.csv`, new Blob([this.toCSV()], { type: 'text/csv' }))],
    ];
    for (const [label, title, action] of actions) {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = label;
      button.title = title;
      button.addEventListener('click', () => void action());
      bar.append(button);
    }
    return bar;
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
    const data = this.data();
    const table = data === null ? null : this.csvTable(data);
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
        if (visible && this.idleTimer) this.scheduleRender(); // catch up at once
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
    clearTimeout(this.idleTimer);
    this.idleTimer = 0;
    this.darkQuery?.removeEventListener('change', this.onSchemeChange);
    this.ratioQuery?.removeEventListener('change', this.onRatioChange);
    this.ratioQuery = null;
    if (this.frameRequest) cancelAnimationFrame(this.frameRequest);
    this.frameRequest = 0;
  }

  attributeChangedCallback(): void {
    this.scheduleRender();
  }

  /**
   * The options the attributes give now (throws an AttributeError when one is
   * invalid); ranges are the core's, so this is known once the wasm has loaded.
   */
  get options(): O {
    return readAttributes(this, (this.constructor as typeof PhasorElement).attributeSpecs) as O;
  }

  /** The numbers behind the chart now drawn (typed arrays and the options they came from), or null before the first render. */
  data(): D | null {
    return this.cached?.data ?? null;
  }

  /** The canvas and SVG layers the chart is drawn on, e.g. for PNG or SVG export. */
  get surfaces(): { canvases: HTMLCanvasElement[]; svgs: SVGSVGElement[] } {
    return {
      canvases: [...this.shadow.querySelectorAll('canvas')],
      svgs: [...this.shadow.querySelectorAll<SVGSVGElement>('svg.layer, svg.panel')],
    };
  }

  /**
   * Asks for a redraw: in the next animation frame when on screen (many
   * changes in one frame draw once), else 250 ms after the last change.
   */
  scheduleRender(): void {
    if (!this.isConnected) return;
    if (!this.onScreen) {
      clearTimeout(this.idleTimer);
      this.idleTimer = window.setTimeout(() => {
        this.idleTimer = 0;
        this.render();
      }, 250);
      return;
    }
    clearTimeout(this.idleTimer);
    this.idleTimer = 0;
    if (this.frameRequest) return;
    this.frameRequest = requestAnimationFrame(() => {
      this.frameRequest = 0;
      this.render();
    });
  }

  /** Computes the chart's data from the options (called only when computeKey changes). */
  protected abstract compute(ph: Phasor, options: O): D;

  /** The part of the options the computed data depends on. */
  protected abstract computeKey(options: O): unknown;

  /** Draws `data` at `width` CSS pixels. */
  protected abstract draw(data: D, options: O, width: number, theme: Theme): void;

  /** The options of the last successful render. */
  protected get drawnOptions(): O | null {
    return this.current;
  }

  /** The colours of the last successful render. */
  protected get drawnTheme(): Theme | null {
    return this.currentTheme;
  }

  private render(): void {
    // The wasm first: attribute ranges are the core's limits (core-limits.ts).
    if (!phasor) {
      loadPhasor().then(
        () => this.scheduleRender(),
        (error: unknown) => this.showError(new Error(`could not load the WebAssembly core (${(error as Error).message})`)),
      );
      return;
    }
    if ((this.constructor as typeof PhasorElement).needsExperiments && !phasor.hasExperiments) {
      phasor.loadExperiments().then(
        () => this.scheduleRender(),
        (error: unknown) => this.showError(new Error(`could not load the experiments module (${(error as Error).message})`)),
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
        this.cached = null;
        this.cached = { key, data: this.compute(phasor, options) };
        computeMs = performance.now() - started;
      }
      this.current = options;
      this.hideError();
      if (this.width <= 0) return; // not laid out yet: the ResizeObserver brings us back
      this.currentTheme = readTheme(this);
      this.draw(this.cached.data, options, this.width, this.currentTheme);
    } catch (error) {
      this.showError(error);
      return;
    }
    this.renders++;
    this.setState('ready');
    const detail: RenderDetail = { computeMs, drawMs: performance.now() - started - computeMs };
    this.dispatchEvent(new CustomEvent('phasor-render', { detail, bubbles: true, composed: true }));
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

  /**
   * Wires a pointer and keyboard read-out onto a chart frame: `show` gets the
   * point in plot coordinates (CSS pixels) or null to hide. Arrow keys move
   * the point by `step()` pixels (one data cell), Home/End jump to the ends,
   * Escape hides it.
   */
  protected attachReadout(
    frame: ChartFrame,
    show: (point: { x: number; y: number } | null) => void,
    step: () => { x: number; y: number },
    label: string,
  ): void {
    let point: { x: number; y: number } | null = null;
    const update = (next: { x: number; y: number } | null) => {
      point = next;
      show(point);
    };
    frame.root.tabIndex = 0;
    frame.root.setAttribute('role', 'group');
    frame.root.setAttribute('aria-label', `${label}. Use the arrow keys to read values.`);
    frame.front.addEventListener('pointermove', (event) => update(frame.plotPoint(event)));
    frame.front.addEventListener('pointerdown', (event) => update(frame.plotPoint(event)));
    frame.front.addEventListener('pointerleave', () => update(null));
    frame.root.addEventListener('blur', () => update(null));
    frame.root.addEventListener('keydown', (event) => {
      const { width, height } = frame.box;
      const s = step();
      const p = point ?? { x: width / 2, y: height / 2 };
      const clampX = (x: number) => Math.min(width, Math.max(0, x));
      const clampY = (y: number) => Math.min(height, Math.max(0, y));
      const big = event.shiftKey ? 10 : 1;
      let next: { x: number; y: number } | null = p;
      switch (event.key) {
        case 'ArrowLeft': next = { x: clampX(p.x - s.x * big), y: p.y }; break;
        case 'ArrowRight': next = { x: clampX(p.x + s.x * big), y: p.y }; break;
        case 'ArrowUp': next = { x: p.x, y: clampY(p.y - s.y * big) }; break;
        case 'ArrowDown': next = { x: p.x, y: clampY(p.y + s.y * big) }; break;
        case 'Home': next = { x: 0, y: p.y }; break;
        case 'End': next = { x: width, y: p.y }; break;
        case 'Escape': next = null; break;
        default: return;
      }
      event.preventDefault();
      update(next);
    });
  }
}
