// A read-out box that follows the pointer inside a chart. Text only
// (textContent), positioned with a CSSOM transform, kept inside the chart.
import { estimatedTextWidth } from './axis-units.js';
import { setStyle, setText } from './drawn.js';

export class Tooltip {
  readonly element: HTMLDivElement;

  /** `width`: the container's width in CSS px, as last laid out (read without a layout). */
  constructor(private readonly width: () => number) {
    this.element = document.createElement('div');
    this.element.className = 'tooltip';
    // Seen, not heard: the frame's live region speaks the read-out once it settles.
    this.element.setAttribute('aria-hidden', 'true');
    this.element.hidden = true;
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
    el.hidden = false;
    // 12 px text with 9 px and 5 px padding and a 1 px border (chart-styles.ts).
    const width = Math.max(...lines.map((line) => estimatedTextWidth(line, 12))) + 20;
    const height = lines.length * 12 * 1.4 + 12;
    const bounds = this.width();
    const gap = 14;
    // Right of the pointer, else left of it (its right edge at x − gap), else centred and kept inside.
    let left = `${Math.round(x + gap)}px`;
    if (x + gap + width > bounds)
      left =
        x - gap - width >= 0
          ? `calc(${Math.round(x - gap)}px - 100%)`
          : `${Math.round(Math.max(0, Math.min(bounds - width, x - width / 2)))}px`;
    // Above the pointer (its bottom edge at y − gap), else below it.
    const top = y - gap - height >= 0 ? `calc(${Math.round(y - gap)}px - 100%)` : `${Math.round(y + gap)}px`;
    const transform = `translate(${left}, ${top})`;
    setStyle(el, 'transform', transform);
  }

  hide(): void {
    if (!this.element.hidden) this.element.hidden = true;
  }
}
