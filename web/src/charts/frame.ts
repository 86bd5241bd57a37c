// The layers of one chart, stacked in a positioned box: an SVG behind (grid),
// a canvas for the dense data, an SVG in front (axes, labels, hover marks) and
// a tooltip. Sizes are set through the CSSOM, never a style attribute, so the
// chart works under a Content-Security-Policy without 'unsafe-inline'.
import { select, type Selection } from 'd3-selection';
import { setAttr } from './drawn.js';
import { fitCanvas } from './hidpi-canvas.js';
import { pinBounds } from './plot-group.js';
import { Tooltip } from './tooltip.js';

const SVG_NS = 'http://www.w3.org/2000/svg';

export interface Margin {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** The plot rectangle inside the frame, in CSS pixels. */
export interface PlotBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

export class ChartFrame {
  readonly root: HTMLDivElement;
  readonly back: SVGSVGElement;
  /** The data layer; a new one after a paint worker that held it failed (replaceCanvas). */
  canvas: HTMLCanvasElement;
  readonly front: SVGSVGElement;
  readonly tooltip: Tooltip;
  /** A polite live region: what a screen reader hears (see readout.ts). */
  readonly live: HTMLDivElement;
  box: PlotBox = { left: 0, top: 0, width: 0, height: 0 };
  private readoutGroup: SVGGElement | null = null;
  width = 0;
  height = 0;

  constructor(className = 'frame') {
    this.root = document.createElement('div');
    this.root.className = className;
    this.back = svgElement('svg');
    this.back.setAttribute('class', 'layer back');
    this.back.setAttribute('aria-hidden', 'true');
    this.canvas = document.createElement('canvas');
    this.canvas.className = 'layer plot';
    this.canvas.setAttribute('aria-hidden', 'true');
    this.front = svgElement('svg');
    this.front.setAttribute('class', 'layer front');
    // role="img" comes with its name, when the chart is first described: never an image without a name.
    this.tooltip = new Tooltip(
      () => this.width,
      () => this.height,
    );
    this.live = document.createElement('div');
    this.live.className = 'visually-hidden';
    this.live.setAttribute('role', 'status');
    this.live.setAttribute('aria-live', 'polite');
    this.root.append(this.back, this.canvas, this.front, this.tooltip.layer, this.live);
  }

  /** Sizes every layer; returns a canvas context in CSS pixels whose origin is the plot's top-left corner. */
  layout(width: number, height: number, margin: Margin): CanvasRenderingContext2D {
    this.sizeLayers(width, height, margin);
    return fitCanvas(this.canvas, this.box.width, this.box.height);
  }

  /** Sizes every layer but the canvas's pixels (a paint worker sizes those of a canvas it holds). */
  sizeLayers(width: number, height: number, margin: Margin): void {
    this.width = width;
    this.height = height;
    this.box = {
      left: margin.left,
      top: margin.top,
      width: Math.max(1, width - margin.left - margin.right),
      height: Math.max(1, height - margin.top - margin.bottom),
    };
    this.root.style.setProperty('height', `${height}px`);
    for (const svg of [this.back, this.front]) {
      setAttr(svg, 'width', String(width));
      setAttr(svg, 'height', String(height));
      setAttr(svg, 'viewBox', `0 0 ${width} ${height}`);
    }
    this.canvas.style.setProperty('left', `${this.box.left}px`);
    this.canvas.style.setProperty('top', `${this.box.top}px`);
  }

  /** Takes `height` CSS px before the first layout (the page keeps its place while the chart is computed). */
  reserveHeight(height: number): void {
    this.root.style.setProperty('height', `${height}px`);
  }

  /** Puts a new canvas where the old one was (whose drawing a failed paint worker took with it). */
  replaceCanvas(): HTMLCanvasElement {
    const fresh = document.createElement('canvas');
    fresh.className = this.canvas.className;
    fresh.setAttribute('aria-hidden', 'true');
    this.canvas.replaceWith(fresh);
    this.canvas = fresh;
    return fresh;
  }

  /** What the chart shows, axes named (the SVG's children are not read one by one). */
  describe(text: string): void {
    setAttr(this.front, 'role', 'img');
    setAttr(this.front, 'aria-label', text);
  }

  /** Says `text` to a screen reader (once; an empty text clears the region). */
  announce(text: string): void {
    if (this.live.textContent !== text) this.live.textContent = text;
  }

  /**
   * The group that holds read-out marks, in plot coordinates (made on first
   * use, then kept: a hover writes only what moved).
   */
  readoutLayer(): Selection<SVGGElement, unknown, null, undefined> {
    let g = this.readoutGroup;
    if (!g || g.parentNode !== this.front) {
      g = this.readoutGroup = svgElement('g');
      g.setAttribute('class', 'readout');
      this.front.append(g);
    }
    setAttr(g, 'transform', `translate(${this.box.left},${this.box.top})`);
    pinBounds(g, this.front, this.box);
    return select(g);
  }

  /** Removes the read-out marks and hides the tooltip. */
  clearReadout(): void {
    this.readoutGroup?.remove();
    this.readoutGroup = null;
    this.tooltip.hide();
  }

  /** Pointer position relative to the plot box, or null when outside it. */
  plotPoint(event: PointerEvent | MouseEvent): { x: number; y: number } | null {
    const rect = this.root.getBoundingClientRect();
    const x = event.clientX - rect.left - this.box.left;
    const y = event.clientY - rect.top - this.box.top;
    if (x < 0 || y < 0 || x > this.box.width || y > this.box.height) return null;
    return { x, y };
  }
}

export function svgElement<K extends keyof SVGElementTagNameMap>(tag: K): SVGElementTagNameMap[K] {
  return document.createElementNS(SVG_NS, tag);
}
