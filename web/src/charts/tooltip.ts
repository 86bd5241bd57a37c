// A read-out box that follows the pointer inside a chart. Text only
// (textContent), positioned with a CSSOM transform, kept inside the chart.

export class Tooltip {
  readonly element: HTMLDivElement;

  constructor(private readonly container: HTMLElement) {
    this.element = document.createElement('div');
    this.element.className = 'tooltip';
    // Seen, not heard: the frame's live region speaks the read-out once it settles.
    this.element.setAttribute('aria-hidden', 'true');
    this.element.hidden = true;
  }

  /** Shows `lines` near (x, y), coordinates relative to the container; the first line is the heading. */
  show(lines: readonly string[], x: number, y: number): void {
    const el = this.element;
    el.replaceChildren(
      ...lines.map((line, n) => {
        const row = document.createElement('div');
        row.className = n === 0 ? 'tip-head' : 'tip-row';
        row.textContent = line;
        return row;
      }),
    );
    el.hidden = false;
    const width = el.offsetWidth;
    const height = el.offsetHeight;
    const bounds = this.container.clientWidth;
    const gap = 14;
    let left = x + gap;
    if (left + width > bounds) left = x - gap - width;
    if (left < 0) left = Math.max(0, Math.min(bounds - width, x - width / 2));
    let top = y - height - gap;
    if (top < 0) top = y + gap;
    el.style.setProperty('transform', `translate(${Math.round(left)}px, ${Math.round(top)}px)`);
  }

  hide(): void {
    if (!this.element.hidden) this.element.hidden = true;
  }
}
