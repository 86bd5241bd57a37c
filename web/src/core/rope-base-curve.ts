// The base ↔ context curve of Men et al. 2024 (ph.ropeBaseBound): for each θ
// of a grid, the context it supports (the first distance m where
// Σ_i cos(m θ_i) < 0), found by scans a page can run a few at a time between
// frames. B_m is not monotone in θ (a larger base can fail sooner), so every
// θ is scanned from 0 on its own.
import type { RopeBaseBoundOptions } from './rope-decay.js';

/** The θs of the curve: `perDecade` a decade from `lo` to `hi`, with `extra` (the config's θ) put in. */
export function thetaGrid(lo: number, hi: number, perDecade: number, extra: readonly number[] = []): number[] {
  const a = Math.log10(lo);
  const b = Math.log10(hi);
  const steps = Math.max(1, Math.round((b - a) * perDecade));
  const grid = Array.from({ length: steps + 1 }, (_, k) => 10 ** (a + ((b - a) * k) / steps));
  return [...new Set([...grid, ...extra])].sort((x, y) => x - y);
}

export interface BaseCurveSpec {
  /** The width the exponents are taken over. */
  dim: number;
  /** The pairs that turn. */
  pairs: number;
  /** The head's pairs that do not turn (each adds 1 to the sum). */
  still: number;
  thetas: readonly number[];
  /** Scans stop here: a θ still ≥ 0 at cap − 1 is reported as Infinity (at least cap). */
  cap: number;
  /** The θs scanned before the others (the config's), in this order. */
  first?: readonly number[];
}

export class BaseCurveScan {
  /** Per θ: the supported context (first m with B_m < 0), Infinity when at least cap, NaN until scanned. */
  readonly contexts: Float64Array;
  /** Indices into thetas, in scan order. */
  private readonly order: number[];
  private next = 0;
  private from = 0;

  constructor(
    readonly spec: BaseCurveSpec,
    private readonly bound: (o: RopeBaseBoundOptions) => number | null,
    /** The most one bound call may scan, positions × pairs (limits.maxRopeDecayWork). */
    private readonly maxWork: number,
  ) {
    this.contexts = new Float64Array(spec.thetas.length).fill(NaN);
    const first = (spec.first ?? []).map((t) => spec.thetas.indexOf(t)).filter((k) => k >= 0);
    this.order = [...new Set([...first, ...spec.thetas.keys()])];
    // Each cosine is at least −1: as many still pairs as turning ones keep B_m ≥ 0 at every m, whatever θ.
    if (spec.still >= spec.pairs) {
      this.contexts.fill(Infinity);
      this.next = spec.thetas.length;
    }
  }

  get done(): boolean {
    return this.next >= this.spec.thetas.length;
  }

  /** Scans about `work` positions × pairs (at least one call); true when every θ is known. */
  step(work: number): boolean {
    const { dim, pairs, still, thetas, cap } = this.spec;
    let left = work;
    do {
      if (this.done) return true;
      const span = Math.max(1, Math.min(cap - this.from, Math.floor(Math.min(left, this.maxWork) / pairs)));
      const m = this.bound({
        dim,
        pairs,
        still,
        theta: thetas[this.order[this.next]],
        from: this.from,
        to: this.from + span,
      });
      left -= span * pairs;
      if (m !== null) this.finish(m);
      else if ((this.from += span) >= cap) this.finish(Infinity);
    } while (left > 0);
    return this.done;
  }

  private finish(context: number): void {
    this.contexts[this.order[this.next++]] = context;
    this.from = 0;
  }
}
