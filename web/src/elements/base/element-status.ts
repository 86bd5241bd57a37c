// What a chart element says about itself: `data-state` (loading, ready,
// error), and a bad attribute or a failed load as a one-line error inside
// this element only (text, never parsed), with a bubbling `phasor-error`.

export type ElementState = 'loading' | 'ready' | 'error';

export class ElementStatus {
  /** Holds the error; hidden while the chart is shown. */
  readonly box: HTMLParagraphElement;

  constructor(
    private readonly host: HTMLElement,
    private readonly content: HTMLElement,
  ) {
    this.box = document.createElement('p');
    this.box.className = 'error';
    this.box.setAttribute('role', 'alert');
    this.box.hidden = true;
  }

  set(state: ElementState): void {
    if (this.host.getAttribute('data-state') !== state) this.host.setAttribute('data-state', state);
  }

  showError(error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    this.box.textContent = `${this.host.localName}: ${message}`;
    this.box.hidden = false;
    this.content.hidden = true;
    this.set('error');
    this.host.dispatchEvent(new CustomEvent('phasor-error', { detail: { message }, bubbles: true, composed: true }));
  }

  hideError(): void {
    if (this.box.hidden) return;
    this.box.hidden = true;
    this.box.textContent = '';
    this.content.hidden = false;
  }
}
