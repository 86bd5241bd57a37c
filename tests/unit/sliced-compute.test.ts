// The heavy RoPE/attention charts compute in parts between frames
// (elements/parts.ts); these are the API facts that makes exact: the parts
// joined equal the whole call.
import { beforeAll, describe, expect, test } from 'vitest';
import { createPhasor, type Phasor } from '../../web/src/core/index.js';
import { STREAM } from '../../web/src/core/experiment-inputs.js';

let ph: Phasor;
beforeAll(async () => {
  ph = await createPhasor({ experiments: true });
});

describe('computing the experiments in parts', () => {
  test('embeddingScale over blocks of a multiple of embeddingScaleBlock positions, each with its tokens drawn from their place in the stream, equals one call over all of them', () => {
    // As <phasor-embedding-scale> draws: a block's tokens alone (normalSamples' `first`), not the whole draw at once.
    const dModel = 64;
    const positions = 300;
    const whole = ph.embeddingScale({ dModel, positions, offset: 7, base: 500, seed: 3 });
    for (const block of [ph.limits.embeddingScaleBlock, 3 * ph.limits.embeddingScaleBlock]) {
      for (let first = 0; first < positions; first += block) {
        const count = Math.min(block, positions - first);
        const tokens = ph.normalSamples({
          seed: 3,
          stream: STREAM.embedding,
          count: count * dModel,
          std: 1 / Math.sqrt(dModel),
          first: first * dModel,
        });
        const part = ph.embeddingScale({ dModel, positions: count, offset: 7 + first, base: 500, tokens });
        for (const key of ['tokenNorm', 'scaledTokenNorm', 'peNorm', 'sumNorm', 'scaledSumNorm'] as const) {
          expect(part[key], `${key} from ${first}`).toEqual(whole[key].subarray(first, first + count));
        }
      }
    }
  });

  test('the standard normals times a std, stored as float32, are normalSamples of that std bit for bit (the tokens of every d_model from one draw)', () => {
    // <phasor-embedding-scale> keeps standardNormals across d_model changes and scales them by 1/√d.
    const count = 5000;
    for (const first of [0, 1, 4097, 2 ** 40 + 3]) {
      const z = ph.standardNormals({ seed: 3, stream: STREAM.embedding, count, first });
      expect(
        z.some((v) => v !== Math.fround(v)),
        'float64 normals, not float32 widened',
      ).toBe(true);
      for (const std of [1, 1 / Math.sqrt(1000), 1 / Math.sqrt(1022), 1 / Math.sqrt(1024), 0.37, 2.5e-30]) {
        const scaled = new Float32Array(count);
        for (let k = 0; k < count; k++) scaled[k] = std * z[k];
        expect(scaled, `first ${first}, std ${std}`).toEqual(
          ph.normalSamples({ seed: 3, stream: STREAM.embedding, count, std, first }),
        );
      }
    }
  });

  test("embeddingScale given the seed's standard normals and a std equals embeddingScale drawing that seed's tokens, for every dModel from one draw", () => {
    // <phasor-embedding-scale> keeps one draw of standardNormals and passes each dModel's block of it.
    const z = ph.standardNormals({ seed: 3, stream: STREAM.embedding, count: 70 * 1026 });
    for (const dModel of [2, 6, 64, 1000, 1026]) {
      const positions = 70;
      const embeddingStd = 1 / Math.sqrt(dModel);
      const drawn = ph.embeddingScale({ dModel, positions, offset: 11, base: 700, seed: 3 });
      const given = ph.embeddingScale({
        dModel,
        positions,
        offset: 11,
        base: 700,
        normals: z.subarray(0, positions * dModel),
        embeddingStd,
      });
      expect(given, `dModel ${dModel}`).toEqual(drawn);
      // The std is applied in the core: twice the std, twice the token norms (to float32 rounding).
      const doubled = ph.embeddingScale({
        dModel,
        positions,
        offset: 11,
        base: 700,
        normals: z.subarray(0, positions * dModel),
        embeddingStd: 2 * embeddingStd,
      });
      expect(doubled.tokenNorm[0]).toBeCloseTo(2 * drawn.tokenNorm[0], 5);
    }
  });

  test('embeddingScale refuses tokens and normals together, normals of the wrong length or type, and a bad embeddingStd with normals', () => {
    const normals = new Float64Array(8);
    expect(() => ph.embeddingScale({ dModel: 4, positions: 2, normals, tokens: new Float32Array(8) })).toThrow(
      /phasor\.embeddingScale: give tokens or normals, not both/,
    );
    expect(() => ph.embeddingScale({ dModel: 4, positions: 3, normals })).toThrow(
      /normals \(positions x dModel\) must hold 12 values; got 8/,
    );
    expect(() => ph.embeddingScale({ dModel: 4, positions: 2, normals: new Float32Array(8) as never })).toThrow(
      /normals must be a plain Float64Array/,
    );
    expect(() => ph.embeddingScale({ dModel: 4, positions: 2, normals, embeddingStd: -1 })).toThrow(
      /embeddingStd must be a finite number in \[0, /,
    );
    // And the next good call works.
    expect(ph.embeddingScale({ dModel: 4, positions: 2, normals }).tokenNorm).toEqual(new Float32Array(2));
  });

  test('random weights made from the standard normals kept across sizes equal a fresh draw, through a d_model drag down and up', async () => {
    // experiment-inputs.ts keeps each stream's standard normals and scales a prefix of them: after dModel 96, the weights of
    // 94 and 98 (a prefix, then a longer draw) must be what a module that never drew any gives.
    const call = (p: Phasor, dModel: number) => ({
      offset: p.scoreByOffset({ kind: 'rope', dModel, dHead: 16, seed: 5, anchors: [0, 40], maxOffset: 6 }).scores,
      pattern: p.attentionPattern({ kind: 'additive', dModel, dHead: 16, n: 12, seed: 5, tokens: 'shared' }).total,
    });
    const warmed = await createPhasor({ experiments: true });
    const seen = [96, 94, 98, 2, 200].map((dModel) => call(warmed, dModel));
    for (const [n, dModel] of [96, 94, 98, 2, 200].entries()) {
      const fresh = await createPhasor({ experiments: true });
      expect(seen[n], `dModel ${dModel}`).toEqual(call(fresh, dModel));
      // ... and are normalSamples' weights (stream wq, wk; std 1/√dModel), given explicitly.
      const weights = (stream: number) =>
        fresh.normalSamples({ seed: 5, stream, count: dModel * 16, std: 1 / Math.sqrt(dModel) });
      const given = fresh.scoreByOffset({
        kind: 'rope',
        dModel,
        dHead: 16,
        seed: 5,
        anchors: [0, 40],
        maxOffset: 6,
        wq: weights(STREAM.wq),
        wk: weights(STREAM.wk),
      });
      expect(seen[n].offset, `dModel ${dModel}, weights given`).toEqual(given.scores);
    }
  });

  test('positionResolution one base at a time equals all the bases at once', () => {
    const lengths = [2, 16, 256, 3000];
    const all = ph.positionResolution({ dModel: 32, bases: [100, 10000], lengths, minOffset: 4 });
    [100, 10000].forEach((base, b) => {
      const one = ph.positionResolution({ dModel: 32, bases: [base], lengths, minOffset: 4 });
      expect(one.minDistance).toEqual(all.minDistance.subarray(b * lengths.length, (b + 1) * lengths.length));
      expect(one.atOffset).toEqual(all.atOffset.subarray(b * lengths.length, (b + 1) * lengths.length));
      expect(one.float32Bound).toEqual(all.float32Bound);
    });
  });
});
