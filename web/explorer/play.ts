// The explorer's play buttons: [data-play="p"] moves p on down the table
// (the phasor circle turns, the heatmap's line moves, the dot-product curves
// stay put), [data-play="k"] moves k on (M_k's blocks turn). Every button for
// the same value shows the same state; a second press, Escape or a drag of
// that control stops it. With prefers-reduced-motion a press steps once and
// nothing moves by itself.
import { Animator, prefersReducedMotion } from '../src/elements/base/animator.js';
import type { ExplorerState } from './state.js';

type Played = 'p' | 'k';
/** Positions per second: p walks the table in a few seconds; k slowly enough to follow each block's turn. */
const RATE: Record<Played, number> = { p: 8, k: 2 };

export class Players {
  private readonly animators = new Map<Played, Animator>();
  private readonly exact: Record<Played, number> = { p: 0, k: 0 };

  constructor(
    private readonly getState: () => ExplorerState,
    private readonly onChange: (patch: Partial<ExplorerState>) => void,
  ) {
    for (const key of ['p', 'k'] as const)
      this.animators.set(key, new Animator((seconds) => this.advance(key, seconds)));
    for (const button of this.buttons())
      button.addEventListener('click', () => this.toggle(button.dataset.play as Played));
    document.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') this.stopAll();
    });
    this.label();
  }

  isPlaying(key: Played): boolean {
    return this.animators.get(key)!.running;
  }

  /** Stops `key`'s animation; the buttons are relabelled only when it ran (a slider's every step calls this). */
  stop(key: Played): void {
    if (!this.isPlaying(key)) return;
    this.animators.get(key)!.stop();
    this.label();
  }

  stopAll(): void {
    for (const key of ['p', 'k'] as const) this.stop(key);
  }

  private buttons(): HTMLButtonElement[] {
    return [...document.querySelectorAll<HTMLButtonElement>('button[data-play]')];
  }

  private toggle(key: Played): void {
    const animator = this.animators.get(key)!;
    if (animator.running) return this.stop(key);
    this.exact[key] = this.getState()[key];
    if (!animator.start()) this.advance(key, 1); // reduced motion: one step a press
    this.label();
  }

  /** Moves the value on by RATE·seconds, round within 0 … positions − 1 (where the table and the matrix show it). */
  private advance(key: Played, seconds: number): boolean {
    const end = Math.max(1, this.getState().positions);
    this.exact[key] = (this.exact[key] + RATE[key] * seconds) % end;
    const value = Math.floor(this.exact[key]);
    if (value !== this.getState()[key]) this.onChange({ [key]: value });
    return true;
  }

  private label(): void {
    const step = prefersReducedMotion();
    for (const button of this.buttons()) {
      const key = button.dataset.play as Played;
      const running = this.isPlaying(key);
      const name = document.createElement('var');
      name.textContent = key;
      button.replaceChildren(
        running ? '❚❚ Pause ' : step ? 'Step ' : '▶ Play ',
        name,
        step && !running ? ` +${RATE[key]}` : '',
      );
      if (step) button.removeAttribute('aria-pressed');
      else button.setAttribute('aria-pressed', String(running));
    }
  }
}
