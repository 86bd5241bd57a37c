// A read-out box that follows the pointer inside a chart. Text only
// (textContent), kept inside the chart. The box sits in a layer over the
// whole chart that paints a wash too faint to see (chart-styles.ts): Chromium
// then repaints the layer as the box moves, where a box moved on its own (by
// a transform, or left and top) changes its paint's bounds, and each such
// frame sorts the whole page's paint into compositor layers again. The layer
// places the box with flex alignment and padding: no layout is read.
import { estimatedTextWidth } from './axis-units.js';
import { setStyle, setText } from './drawn.js';

export class Tooltip {
  /** Over the whole chart, never hidden: holds the box. */
  readonly layer: HTMLDivElement;
  /** The box: its rows of text (the first the heading); hidden when nothing is read. */
  readonly element: HTMLDivElement;

  /** `width`, `height`: the container's size in CSS px, as last laid out (read without a layout). */
  constructor(
    private readonly width: () => number,
    private readonly height: () => number,
  ) {
    this.layer = document.createElement('div');
    this.layer.className = 'tooltip-layer';
    // Seen, not heard: the frame's live region speaks the read-out once it settles.
    this.layer.setAttribute('aria-hidden', 'true');
    this.element = document.createElement('div');
    this.element.className = 'tooltip';
    this.element.hidden = true;
    this.layer.append(this.element);
  }

  /**
   * Shows `lines` near (x, y), coordinates relative to the container; the
   * first line is the heading. The box is placed from an estimate of its size
   * and flipped with percentages of its own size (exact): measuring it after
   * writing the text forced a layout in every frame of a hover or a zoom.
   */
  show(lines: readonly string[], x: number, y: number): void {
    const el = this.element;
    if (el.children.length === lines.length) lines.forEach((line, n) => setText(el.children[n], line));
    else
      el.replaceChildren(
        ...lines.map((line, n) => {
          const row = document.createElement('div');
          row.className = n === 0 ? 'tip-head' : 'tip-row';
          row.textContent = line;
          return row;
        }),
      );
    if (el.hidden) el.hidden = false;
    // 12 px text with 9 px and 5 px padding and a 1 px border (chart-styles.ts).
    const width = Math.max(...lines.map((line) => estimatedTextWidth(line, 12))) + 20;
    const height = lines.length * 12 * 1.4 + 12;
    const [right, bottom] = [this.width(), this.height()];
    const gap = 14;
    const px = (v: number) => `${Math.round(Math.max(0, v))}px`;
    const layer = this.layer;
    // Right of the pointer, else left of it (its right edge at x − gap: the layer's end), else centred and kept inside.
    const leftOfPointer = x + gap + width > right && x - gap - width >= 0;
    let start = x + gap;
    if (x + gap + width > right && !leftOfPointer) start = Math.min(right - width, x - width / 2);
    setStyle(layer, 'justify-content', leftOfPointer ? 'flex-end' : 'flex-start');
    setStyle(layer, 'padding-left', leftOfPointer ? '0px' : px(start));
    setStyle(layer, 'padding-right', leftOfPointer ? px(right - (x - gap)) : '0px');
    // Above the pointer (its bottom edge at y − gap: the layer's end), else below it.
    const above = y - gap - height >= 0;
    setStyle(layer, 'align-items', above ? 'flex-end' : 'flex-start');
    setStyle(layer, 'padding-top', above ? '0px' : px(y + gap));
    setStyle(layer, 'padding-bottom', above ? px(bottom - (y - gap)) : '0px');
  }

  hide(): void {
    if (!this.element.hidden) this.element.hidden = true;
  }
}
