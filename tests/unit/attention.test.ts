import { beforeAll, describe, expect, test } from 'vitest';
import { createPhasor, type Phasor } from '../../web/src/core/index.js';
import { maxAbsDiff } from './reference.js';
import { maxScaledDiff, ropeFixture } from './rope-reference.js';

let ph: Phasor;
beforeAll(async () => {
  ph = await createPhasor({ experiments: true });
});

const a = ropeFixture.attention;
const fixtureInputs = {
  dModel: a.dModel,
  dHead: a.dHead,
  positions: a.positions,
  tokens: new Float32Array(a.tokens),
  wq: new Float32Array(a.wq),
  wk: new Float32Array(a.wk),
};
// Scores are float64 sums rounded once: within a float32 ulp of the reference.
const SCORE_TOLERANCE = 1.2e-7;

describe('normalSamples', () => {
  test('normalSamples draws the numbers the fixture script’s SplitMix64 + Box–Muller draws', () => {
    const { seed, stream, std, values } = ropeFixture.normalSamples;
    const got = ph.normalSamples({ seed, stream, std, count: values.length });
    expect(got).toBeInstanceOf(Float32Array);
    expect(maxAbsDiff(got, values)).toBeLessThanOrEqual(1e-6);
  });

  test('normalSamples from `first` on are the fixture’s draw from that sample on (odd and even starts)', () => {
    const { seed, stream, std, values } = ropeFixture.normalSamples;
    for (const first of [1, 2, 5]) {
      const got = ph.normalSamples({ seed, stream, std, count: values.length - first, first });
      expect(maxAbsDiff(got, values.slice(first))).toBeLessThanOrEqual(1e-6);
    }
  });

  test('attentionScores’ seeded tokens and weights are the fixture’s arrays', () => {
    const s = ph.attentionScores({
      kind: 'rope',
      dModel: a.dModel,
      dHead: a.dHead,
      positions: a.positions,
      seed: a.seed,
    });
    expect(maxAbsDiff(s.wq, a.wq)).toBeLessThanOrEqual(1e-6);
    expect(maxAbsDiff(s.wk, a.wk)).toBeLessThanOrEqual(1e-6);
  });
});

describe('attentionScores', () => {
  test('additive scores and their four terms match numpy’s (w+p)W_Q·(w+p)W_K', () => {
    const s = ph.attentionScores({ kind: 'additive', ...fixtureInputs });
    expect(s.kind).toBe('additive');
    expect(s.queries).toBe(12);
    expect(s.total.length).toBe(144);
    expect(maxScaledDiff(s.total, a.additive.total)).toBeLessThan(SCORE_TOLERANCE);
    expect(maxScaledDiff(s.contentContent, a.additive.contentContent)).toBeLessThan(SCORE_TOLERANCE);
    expect(maxScaledDiff(s.contentPosition, a.additive.contentPosition)).toBeLessThan(SCORE_TOLERANCE);
    expect(maxScaledDiff(s.positionContent, a.additive.positionContent)).toBeLessThan(SCORE_TOLERANCE);
    expect(maxScaledDiff(s.positionPosition, a.additive.positionPosition)).toBeLessThan(SCORE_TOLERANCE);
  });

  test('the four additive terms sum to the total', () => {
    const s = ph.attentionScores({ kind: 'additive', dModel: 32, dHead: 16, positions: 40, seed: 3 });
    for (let i = 0; i < s.total.length; i++) {
      const sum = s.contentContent[i] + s.contentPosition[i] + s.positionContent[i] + s.positionPosition[i];
      expect(Math.abs(sum - s.total[i])).toBeLessThan(4e-7 * (1 + Math.abs(s.total[i])));
    }
  });

  test('the seeded defaults give the same additive scores as the fixture’s explicit arrays', () => {
    const seeded = ph.attentionScores({
      kind: 'additive',
      dModel: a.dModel,
      dHead: a.dHead,
      positions: a.positions,
      seed: a.seed,
    });
    expect(maxScaledDiff(seeded.total, a.additive.total)).toBeLessThan(1e-5);
  });

  for (const pairing of ['half', 'adjacent'] as const) {
    test(`RoPE scores match numpy’s rotated projections, ${pairing} pairing`, () => {
      const s = ph.attentionScores({ kind: 'rope', pairing, ...fixtureInputs });
      expect(maxScaledDiff(s.total, a.rope[pairing])).toBeLessThan(SCORE_TOLERANCE);
    });
  }

  test('ALiBi adds −slope·|m − n| to the content score, with the paper’s slope for the head', () => {
    const s = ph.attentionScores({ kind: 'alibi', heads: a.alibi.heads, head: a.alibi.head, ...fixtureInputs });
    expect(s.slope).toBe(2 ** -3);
    expect(maxScaledDiff(s.bias, a.alibi.bias)).toBeLessThan(1e-7);
    expect(maxScaledDiff(s.total, a.alibi.total)).toBeLessThan(SCORE_TOLERANCE);
  });

  test('positions may be a count (0..n−1) and keyPositions make a rectangular grid', () => {
    const grid = ph.attentionScores({ kind: 'rope', dModel: 8, positions: 6, tokens: 'shared' });
    expect(Array.from(grid.positions)).toEqual([0, 1, 2, 3, 4, 5]);
    const rect = ph.attentionScores({
      kind: 'rope',
      dModel: 8,
      positions: [2, 5],
      keyPositions: [0, 1, 2, 3, 4, 5],
      tokens: 'shared',
    });
    expect(rect.total.length).toBe(12);
    expect(maxAbsDiff(rect.total.subarray(0, 6), grid.total.subarray(12, 18))).toBeLessThan(1e-6);
    expect(maxAbsDiff(rect.total.subarray(6, 12), grid.total.subarray(30, 36))).toBeLessThan(1e-6);
  });

  test('identity weights with one shared token make the RoPE score q·R_(n−m) q', () => {
    const token = new Float32Array([1, 0, 0, 0]); // pair 0 of the half pairing: slots 0 and 2
    const s = ph.attentionScores({
      kind: 'rope',
      dModel: 4,
      positions: [0, 1, 2, 3],
      tokens: token,
      wq: 'identity',
      wk: 'identity',
    });
    for (let m = 0; m < 4; m++) for (let n = 0; n < 4; n++) expect(s.total[m * 4 + n]).toBeCloseTo(Math.cos(m - n), 6);
  });
});

describe('the offset-only property', () => {
  const anchors = [0, 9, 250, 5000];
  const options = { dModel: 64, dHead: 32, anchors, maxOffset: 40, seed: 11 };

  test('RoPE’s score depends on m − n only: the same curve at every anchor', () => {
    const r = ph.scoreByOffset({ kind: 'rope', ...options });
    expect(r.scores.length).toBe(4 * 81);
    expect(Array.from(r.offsets.subarray(0, 3))).toEqual([-40, -39, -38]);
    expect(r.maxSpread).toBeLessThan(1e-5);
  });

  test('additive PE through W_Q, W_K does not: the curves differ by anchor', () => {
    const r = ph.scoreByOffset({ kind: 'additive', ...options });
    expect(r.maxSpread).toBeGreaterThan(0.1);
  });

  test('ALiBi’s score is offset-only too, falling by the slope per step', () => {
    const r = ph.scoreByOffset({ kind: 'alibi', ...options, heads: 8, head: 0 });
    expect(r.maxSpread).toBeLessThan(1e-5);
    expect(r.scores[40] - r.scores[41]).toBeCloseTo(0.5, 5); // offset 0 to 1, slope 1/2
  });

  test('scoreByOffset rows are the attentionScores grid read along its diagonals', () => {
    const grid = ph.attentionScores({ kind: 'additive', dModel: 16, positions: 30, tokens: 'shared', seed: 2 });
    const r = ph.scoreByOffset({ kind: 'additive', dModel: 16, anchors: [20, 29], maxOffset: 5, seed: 2 });
    for (const [a, m] of [
      [0, 20],
      [1, 29],
    ]) {
      for (let j = 0; j < 11; j++) {
        const n = m - r.offsets[j];
        if (n < 30) expect(r.scores[a * 11 + j]).toBeCloseTo(grid.total[m * 30 + n], 5);
      }
    }
  });
});

describe('scoreByOffset for additive PE', () => {
  test('returns its four terms, each the attentionScores term within a float32 ulp, summing to the score', () => {
    // The core computes them from the key side (no key's PE row projected);
    // attentionScores projects every key: float64 both, rounded once.
    const anchors = [0, 100, 1000, 10000];
    const r = ph.scoreByOffset({ kind: 'additive', dModel: 96, dHead: 64, anchors, maxOffset: 32, seed: 5 });
    const keys = Float64Array.from(
      { length: anchors.length * 65 },
      (_, n) => anchors[Math.floor(n / 65)] - r.offsets[n % 65],
    );
    const grid = ph.attentionScores({
      kind: 'additive',
      dModel: 96,
      dHead: 64,
      positions: anchors,
      keyPositions: keys,
      tokens: 'shared',
      seed: 5,
    });
    const ulp = (v: number) => Math.max(2 ** -149, Math.abs(Math.fround(v)) * 2 ** -23);
    const fields = ['contentContent', 'contentPosition', 'positionContent', 'positionPosition'] as const;
    for (let a = 0; a < anchors.length; a++) {
      for (let j = 0; j < 65; j++) {
        const at = a * 65 + j;
        const g = a * keys.length + a * 65 + j; // the grid's row a, its own block of keys
        for (const f of fields)
          expect(
            Math.abs(r.terms![f][at] - grid[f][g]),
            `${f} at anchor ${anchors[a]}, offset ${r.offsets[j]}`,
          ).toBeLessThanOrEqual(ulp(grid[f][g]));
        expect(Math.abs(r.scores[at] - grid.total[g])).toBeLessThanOrEqual(ulp(grid.total[g]));
        const sum = fields.reduce((t, f) => t + r.terms![f][at], 0);
        expect(Math.abs(r.scores[at] - sum)).toBeLessThanOrEqual(4 * ulp(sum) + 1e-6);
      }
    }
    expect(r.terms!.contentContent.every((v) => v === r.terms!.contentContent[0])).toBe(true);
  });

  test('other kinds return no terms', () => {
    expect(ph.scoreByOffset({ kind: 'rope', dModel: 8, anchors: [0, 5], maxOffset: 2 }).terms).toBeUndefined();
    expect(ph.scoreByOffset({ kind: 'alibi', dModel: 8, anchors: [0, 5], maxOffset: 2 }).terms).toBeUndefined();
  });
});

describe('RoPE pairing conventions', () => {
  test('weights converted with the checkpoint permutation give numpy’s scores under rotate_half', () => {
    const s = ph.attentionScores({
      kind: 'rope',
      pairing: 'half',
      weightLayout: 'adjacent',
      permute: true,
      ...fixtureInputs,
    });
    expect(maxScaledDiff(s.total, a.rope['adjacent weights permuted to half'])).toBeLessThan(SCORE_TOLERANCE);
  });

  test('the permutation restores the adjacent model’s scores exactly; skipping it changes them', () => {
    const reference = ph.attentionScores({ kind: 'rope', pairing: 'adjacent', ...fixtureInputs }).total;
    const fixed = ph.attentionScores({
      kind: 'rope',
      pairing: 'half',
      weightLayout: 'adjacent',
      permute: true,
      ...fixtureInputs,
    }).total;
    const mismatched = ph.attentionScores({
      kind: 'rope',
      pairing: 'half',
      weightLayout: 'adjacent',
      ...fixtureInputs,
    }).total;
    expect(maxScaledDiff(fixed, reference)).toBeLessThan(2.4e-7);
    expect(maxAbsDiff(mismatched, reference)).toBeGreaterThan(0.05);
  });

  test('a consistent rotation keeps the offset property even with mismatched weights; a mismatched cos/sin table breaks it', () => {
    const common = { kind: 'rope' as const, dModel: 32, anchors: [0, 7, 300, 4000], maxOffset: 20, seed: 4 };
    const weightsOnly = ph.scoreByOffset({ ...common, pairing: 'half', weightLayout: 'adjacent' });
    const tableBug = ph.scoreByOffset({ ...common, pairing: 'half', tableLayout: 'adjacent' });
    const fixed = ph.scoreByOffset({
      ...common,
      pairing: 'half',
      tableLayout: 'adjacent',
      weightLayout: 'adjacent',
      permute: true,
    });
    expect(weightsOnly.maxSpread).toBeLessThan(1e-5);
    expect(tableBug.maxSpread).toBeGreaterThan(0.1);
    expect(fixed.maxSpread).toBeGreaterThan(0.1); // permuting weights cannot repair a broken rotation
  });
});

describe('alibiSlopes', () => {
  for (const [heads, slopes] of Object.entries(ropeFixture.alibiSlopes)) {
    test(`alibiSlopes({heads: ${heads}}) equals the reference get_slopes`, () => {
      const got = ph.alibiSlopes({ heads: Number(heads) });
      expect(got).toBeInstanceOf(Float64Array);
      expect(maxAbsDiff(got, slopes)).toBeLessThan(1e-15);
    });
  }

  test('for a power-of-two head count the slopes are 2^(−8h/H), h = 1..H', () => {
    const got = ph.alibiSlopes({ heads: 16 });
    got.forEach((s, i) => expect(s).toBeCloseTo(2 ** ((-8 * (i + 1)) / 16), 15));
  });
});
