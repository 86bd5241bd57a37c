// Motion that teaches, and only when the reader allows it: a loop of
// animation frames calling `tick(seconds since the last frame)`, which never
// starts when the reader prefers reduced motion (the caller steps instead).
// Stops by itself when `tick` returns false.

export function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export class Animator {
  private frame = 0;
  private last = 0;

  constructor(private readonly tick: (seconds: number) => boolean) {}

  get running(): boolean {
    return this.frame !== 0;
  }

  /** Starts the loop; false (and nothing moves) when the reader prefers reduced motion. */
  start(): boolean {
    if (prefersReducedMotion()) return false;
    if (this.frame) return true;
    this.last = performance.now();
    const loop = (now: number) => {
      // A tab in the background gets no frames: a long gap counts as one frame, never a jump.
      const seconds = Math.min(0.1, Math.max(0, (now - this.last) / 1000));
      this.last = now;
      if (!this.tick(seconds)) {
        this.frame = 0;
        return;
      }
      this.frame = requestAnimationFrame(loop);
    };
    this.frame = requestAnimationFrame(loop);
    return true;
  }

  stop(): void {
    if (this.frame) cancelAnimationFrame(this.frame);
    this.frame = 0;
  }
}
