// The base ↔ context chart of "Check your model": for each layer type with
// RoPE, the context each θ supports by the bound of Men et al. 2024
// (ph.ropeBaseBound over a grid of θ, the config's θ among them), against
// the config's max_position_embeddings. The scans run in idle time, a few
// milliseconds each, so the page stays responsive while the curve fills in.
import type { Phasor, RopeConfig, RopeLayerType } from '../src/core/index.js';
import { BaseCurveScan, thetaGrid } from '../src/core/rope-base-curve.js';
import { drawBaseContext, type BaseContextCurve } from '../src/charts/rope-config-charts.js';
import { groupName } from './check-model-cards.js';
import { element } from './element.js';
import { PanelHost } from './panel-host.js';

/** Pair-steps scanned per idle slice (a few ms of wasm). */
const SLICE_WORK = 2 ** 20;

/** The sum's shape for one layer type: exponents over dim, the turning pairs, the still ones. */
function shape(t: RopeLayerType): { dim: number; pairs: number; still: number } {
  const pairs = t.invFreq.filter((w) => w !== 0).length;
  return { dim: t.rotaryDim, pairs, still: t.headDim / 2 - pairs };
}

export class BaseContextView {
  readonly root = element('figure', 'chart model-base');
  private readonly chart = new PanelHost('model-base-chart', 'The context a RoPE base supports');
  private readonly note = element('p', 'check-note');
  private generation = 0;

  constructor() {
    const title = element('figcaption', 'model-base-title', 'Base ↔ context (Men et al. 2024)');
    this.root.append(title, this.note, this.chart.host);
  }

  stop(): void {
    this.generation++;
  }

  show(ph: Phasor, rope: RopeConfig): void {
    const generation = ++this.generation;
    const kinds = new Map<string, { name: string; theta: number; shape: ReturnType<typeof shape> }>();
    for (const t of rope.layerTypes) {
      if (t.nope || t.invFreq.length === 0) continue;
      const s = shape(t);
      const key = `${s.dim}/${s.pairs}/${s.still}/${t.theta}`;
      const seen = kinds.get(key);
      if (seen) seen.name += `, ${groupName(t)}`;
      else kinds.set(key, { name: groupName(t), theta: t.theta, shape: s });
    }
    this.root.hidden = kinds.size === 0;
    if (kinds.size === 0) return;
    const thetas = [...kinds.values()].map((k) => k.theta);
    const grid = thetaGrid(100, Math.max(1e8, 4 * Math.max(...thetas)), 6, thetas);
    const cap = Math.min(2 ** 24, Math.max(2 ** 21, 2 * rope.maxPositionEmbeddings));
    const maxWork = ph.limits.maxRopeDecayWork;
    const scans = [...kinds.values()].map((k) => ({
      kind: k,
      scan: new BaseCurveScan({ ...k.shape, thetas: grid, cap, first: [k.theta] }, (o) => ph.ropeBaseBound(o), maxWork),
    }));
    const stillNote = scans
      .filter(({ kind }) => kind.shape.still >= kind.shape.pairs)
      .map(
        ({ kind }) =>
          `${kind.name}: ${kind.shape.still} of ${kind.shape.pairs + kind.shape.still} pairs do not turn, so the sum stays positive at every distance and the bound sets no limit`,
      );
    this.note.textContent =
      'B(m) = Σᵢ cos(m θᵢ) over the pairs of a head is how much more a key like the query scores than a random one at distance m; a model can tell them apart while B ≥ 0, so a base supports the context up to the first m where B(m) < 0. ' +
      (stillNote.length ? `${stillNote.join('; ')}.` : '');
    const draw = () =>
      this.chart.show((width, theme) => {
        const curves: BaseContextCurve[] = scans.map(({ kind, scan }) => ({
          name: kind.name,
          contexts: scan.contexts,
          theta: kind.theta,
          context: scan.contexts[grid.indexOf(kind.theta)],
        }));
        drawBaseContext(
          this.chart.panel,
          width,
          { thetas: grid, curves, cap, maxPositionEmbeddings: rope.maxPositionEmbeddings },
          theme,
        );
      });
    draw();
    // The config's θ first, then the grid in order: the caption's number comes soonest.
    const work = (deadline?: IdleDeadline) => {
      if (generation !== this.generation) return;
      const started = performance.now();
      do {
        const open = scans.find(({ scan }) => !scan.done);
        if (!open) break;
        open.scan.step(SLICE_WORK);
      } while (performance.now() - started < 8 && (deadline?.timeRemaining() ?? 0) > 4);
      this.root.dataset.complete = String(scans.every(({ scan }) => scan.done));
      draw();
      if (scans.some(({ scan }) => !scan.done)) schedule(work);
    };
    schedule(work);
  }
}

function schedule(fn: (deadline?: IdleDeadline) => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(fn, { timeout: 200 });
  else setTimeout(fn, 0);
}
