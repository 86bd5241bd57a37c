// The `play` attribute of a chart element: play="p" (or "k") shows a Play
// button under the chart that moves that attribute on, a few positions a
// second, round from 0 to the chart's `positions` (100 when it has none), so
// an embedded chart moves like the explorer's. The button pauses it again.
// With prefers-reduced-motion the button steps instead (one jump a press),
// and nothing moves by itself.
import { Animator, prefersReducedMotion } from './animator.js';

/** Positions per second for p; k turns the blocks more slowly, so each turn can be followed. */
const RATE: Record<string, number> = { p: 8, k: 2 };

export class Player {
  readonly bar = document.createElement('div');
  private readonly button = document.createElement('button');
  private attribute: string | null = null;
  private value = 0;
  private readonly animator = new Animator((seconds) => this.advance(seconds));

  constructor(private readonly host: HTMLElement) {
    this.bar.className = 'player';
    this.bar.hidden = true;
    this.button.type = 'button';
    this.button.className = 'play';
    this.button.addEventListener('click', () => this.toggle());
    this.bar.append(this.button);
  }

  /** Follows the `play` attribute: one of `playable`, or nothing (no button). */
  configure(value: string | null, playable: readonly string[]): void {
    const attribute = value !== null && playable.includes(value.trim()) ? value.trim() : null;
    if (attribute === this.attribute) return;
    this.stop();
    this.attribute = attribute;
    this.bar.hidden = attribute === null;
    this.label();
  }

  get playing(): boolean {
    return this.animator.running;
  }

  stop(): void {
    this.animator.stop();
    this.label();
  }

  private toggle(): void {
    if (!this.attribute) return;
    if (this.animator.running) return this.stop();
    this.value = Number(this.host.getAttribute(this.attribute) ?? 0) || 0;
    if (!this.animator.start()) this.advance(1); // reduced motion: one step a press
    this.label();
  }

  private advance(seconds: number): boolean {
    const name = this.attribute;
    if (!name || !this.host.isConnected) return false;
    const end = Math.max(1, Number(this.host.getAttribute('positions') ?? 100) || 100);
    this.value = (this.value + RATE[name] * seconds) % end;
    const shown = String(Math.floor(this.value));
    if (this.host.getAttribute(name) !== shown) this.host.setAttribute(name, shown);
    return true;
  }

  private label(): void {
    const name = this.attribute ?? '';
    const step = prefersReducedMotion();
    this.button.textContent = this.animator.running
      ? `❚❚ Pause ${name}`
      : step
        ? `Step ${name} +${RATE[name] ?? 1}`
        : `▶ Play ${name}`;
    this.button.setAttribute('aria-pressed', String(this.animator.running));
    if (step) this.button.removeAttribute('aria-pressed');
  }
}
