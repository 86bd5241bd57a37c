// Every RoPE case of tests/fixtures/frameworks/fixtures.bin against phasor:
// inverse frequencies and attention factors (float64, to 1e-13 relative), the
// cos/sin samples and the presets' rotated rows (float32 out: within float32
// rounding of the float64 transcription). The fixtures come from numpy
// transcriptions of transformers' _compute_*_parameters, DeepSeek's own code and
// presets.json (make_fixtures.py); nothing here is tuned to them.
// docs/rope.md's RoPE conformance rows are this file's measurements:
// PHASOR_WRITE_CONFORMANCE=1 npm run test:unit -- tests/unit/rope-conformance.test.ts rewrites them.
import { readFileSync, writeFileSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  createPhasor,
  ROPE_PRESETS,
  type Phasor,
  type RopeFrequencyOptions,
  type RopeScaling,
} from '../../web/src/core/index.js';
import { entry, optionsOf, ropeEntries, valuesOf } from './rope-fixtures.js';

let ph: Phasor;
beforeAll(async () => {
  ph = await createPhasor({ experiments: true });
});

const HALF_ULP = 2 ** -24; // float32 rounding, relative
/** |got − want| allowed for a float32 output of a float64 value: half an ulp, plus the float64 angle p·ω (a few 2^-52 of |p|). */
const bound = (want: number, scale: number, p: number) =>
  HALF_ULP * Math.abs(want) + scale * Math.abs(p) * 2 ** -50 + 2 ** -140;

/** Per case and comparison: the largest error, and the largest error over its bound (≤ 1 passes). */
type Measure = { error: number; ofBound: number };
const measured = new Map<string, { attention?: number; invFreq?: Measure; cosSin?: Measure; rows?: Measure }>();
function record(id: string, what: 'invFreq' | 'cosSin' | 'rows', error: number, ofBound: number, attention?: number) {
  const old = measured.get(id) ?? {};
  measured.set(id, { ...old, [what]: { error, ofBound }, ...(attention === undefined ? {} : { attention }) });
}

const invFreqCases = ropeEntries.filter((e) => e.kind === 'invFreq' && e.id !== 'rope/dynamic-state');
const rotaryWidth = (o: RopeFrequencyOptions) => (o.preset ? ROPE_PRESETS[o.preset].rotaryDim : o.dim!);

/** The fixture's cos/sin use one inv_freq for every position: the call length that selects it. */
function fixedLength(o: RopeFrequencyOptions): RopeFrequencyOptions {
  const s = o.preset ? ROPE_PRESETS[o.preset].scaling : o.scaling;
  if (!s || (s.type !== 'dynamic-ntk' && s.type !== 'longrope') || o.scaling?.sequenceLength !== undefined) return o;
  const length =
    s.type === 'dynamic-ntk'
      ? (s.maxPositionEmbeddings ?? s.originalLength)!
      : (s.originalLength ?? s.originalMaxPositionEmbeddings)!;
  return { ...o, scaling: { ...(o.scaling ?? {}), sequenceLength: length } as RopeScaling };
}

describe('inverse frequencies and attention factors of every transcription', () => {
  for (const e of invFreqCases) {
    test(`ropeFrequencies reproduces ${e.id}`, () => {
      const want = valuesOf(e);
      const f = ph.ropeFrequencies(optionsOf(e));
      expect(f.frequencies.length).toBe(want.length);
      let worst = 0;
      for (let i = 0; i < want.length; i++) worst = Math.max(worst, Math.abs(f.frequencies[i] / want[i] - 1));
      expect(worst).toBeLessThan(1e-13);
      expect(Math.abs(f.attentionFactor - e.attentionFactor!)).toBeLessThan(1e-14);
      record(e.id, 'invFreq', worst, worst / 1e-13, f.attentionFactor);
    });
  }

  test("transformers' dynamic NTK cache (DynamicState) is ropeFrequencies at the length it has cached", () => {
    const e = entry('rope/dynamic-state');
    const p = e.params as { dim: number; base: number; factor: number; max_position_embeddings: number };
    const want = valuesOf(e);
    // dynamic_frequency_update: grow with the longest call, reset below max_position_embeddings.
    let cached = p.max_position_embeddings;
    e.calls!.forEach((n, k) => {
      if (n > cached) cached = n;
      if (n < p.max_position_embeddings && cached > p.max_position_embeddings) cached = p.max_position_embeddings;
      const f = ph.ropeFrequencies({
        dim: p.dim,
        theta: p.base,
        scaling: {
          type: 'dynamic-ntk',
          factor: p.factor,
          maxPositionEmbeddings: p.max_position_embeddings,
          sequenceLength: cached,
        },
      });
      const row = want.subarray((k * p.dim) / 2, ((k + 1) * p.dim) / 2);
      for (let i = 0; i < row.length; i++) expect(Math.abs(f.frequencies[i] / row[i] - 1)).toBeLessThan(1e-13);
    });
  });
});

describe('cos/sin samples (float32 out of rope(), within float32 rounding of float64)', () => {
  for (const e of invFreqCases) {
    const cosId = e.convention === 'preset' ? e.id.replace(/\/invFreq$/, '/cos') : `${e.id}/cos`;
    if (cosId === e.id || !ropeEntries.some((c) => c.id === cosId)) continue;
    test(`rope() of [1…1, 0…0] gives the cos and sin of ${e.id}`, () => {
      const cos = entry(cosId);
      const sin = entry(cosId.replace(/\/cos$/, '/sin'));
      const positions = cos.positions!;
      const o = fixedLength(optionsOf(e));
      const r = rotaryWidth(o);
      const h = r / 2;
      // rotate_half of (1, 0) per pair: out[i] = A·cos(p·ω_i), out[h + i] = A·sin(p·ω_i).
      const rows = new Float32Array(positions.length * r);
      for (let k = 0; k < positions.length; k++) rows.fill(1, k * r, k * r + h);
      const out = ph.rope({ ...o, rows, dim: r, rotaryDim: r, positions, pairing: 'half', ropeDims: 'first' });
      const [wc, ws] = [valuesOf(cos), valuesOf(sin)];
      let error = 0;
      let ofBound = 0;
      for (let k = 0; k < positions.length; k++) {
        for (let i = 0; i < h; i++) {
          for (const [got, want] of [
            [out[k * r + i], wc[k * h + i]],
            [out[k * r + h + i], ws[k * h + i]],
          ]) {
            const b = bound(want, e.attentionFactor!, positions[k]);
            error = Math.max(error, Math.abs(got - want));
            ofBound = Math.max(ofBound, Math.abs(got - want) / b);
          }
        }
      }
      record(e.id, 'cosSin', error, ofBound);
      expect(ofBound).toBeLessThanOrEqual(1);
    });
  }
});

describe('presets: rows rotated as the model does (pairing, rotary width, pass-through)', () => {
  for (const rowsEntry of ropeEntries.filter((e) => e.kind === 'ropeInput')) {
    const name = rowsEntry.preset!;
    test(`rope({ preset: '${name}' }) reproduces the transcription's rotated rows`, () => {
      const target = entry(`preset/${name}/rotated`);
      const preset = ROPE_PRESETS[name];
      expect(target.pairing).toBe(preset.pairing);
      expect(target.ropeDims).toBe(preset.ropeDims);
      const positions = rowsEntry.positions!;
      const x = valuesOf(rowsEntry);
      const want = valuesOf(target);
      const d = preset.headDim;
      // The fixture rotates every row with the inverse frequencies of a call up to
      // the original length (longrope: the short factors).
      const scaling =
        preset.scaling?.type === 'longrope'
          ? ({ sequenceLength: preset.scaling.originalLength } as RopeScaling)
          : undefined;
      // The transcriptions write each turned pair back where they read it (DeepSeek's own
      // code); transformers' layout for DeepSeek-V3 (outputPairing 'half') is held to
      // transformers in rope-config.test.ts.
      const out = ph.rope({
        preset: name,
        rows: Float32Array.from(x),
        positions,
        outputPairing: target.pairing,
        ...(scaling ? { scaling } : {}),
      });
      const at = preset.ropeDims === 'last' ? d - preset.rotaryDim : 0;
      const factor = entry(`preset/${name}/invFreq`).attentionFactor!;
      let error = 0;
      let ofBound = 0;
      for (let k = 0; k < positions.length; k++) {
        let size = 0;
        for (let j = at; j < at + preset.rotaryDim; j++) size += Math.abs(x[k * d + j]);
        for (let j = 0; j < d; j++) {
          const [got, w] = [out[k * d + j], want[k * d + j]];
          if (j < at || j >= at + preset.rotaryDim) {
            expect(got, `dim ${j} passes through`).toBe(x[k * d + j]);
            continue;
          }
          const b = bound(w, size * factor, positions[k]);
          error = Math.max(error, Math.abs(got - w));
          ofBound = Math.max(ofBound, Math.abs(got - w) / b);
        }
      }
      record(`preset/${name}/invFreq`, 'rows', error, ofBound);
      expect(ofBound).toBeLessThanOrEqual(1);
    });
  }

  test('Phi-3 longrope: a call past 4096 positions turns every row with the long factors, position 0 included', () => {
    const rows = new Float32Array(2 * 96).map((_, i) => Math.sin(i * 0.37));
    const call = ph.rope({ preset: 'phi-3-mini-128k-instruct', rows, positions: [1, 4096] });
    const long = ph.rope({
      preset: 'phi-3-mini-128k-instruct',
      rows,
      positions: [1, 4096],
      scaling: { sequenceLength: 4097 } as RopeScaling,
    });
    const short = ph.rope({
      preset: 'phi-3-mini-128k-instruct',
      rows,
      positions: [1, 4096],
      scaling: { sequenceLength: 4096 } as RopeScaling,
    });
    expect(call).toEqual(long);
    expect(call.subarray(0, 96)).not.toEqual(short.subarray(0, 96));
    // At 4095 (a call of 4096) the short factors, as transformers' seq_len > original.
    const within = ph.rope({ preset: 'phi-3-mini-128k-instruct', rows, positions: [1, 4095] });
    expect(within).toEqual(
      ph.rope({
        preset: 'phi-3-mini-128k-instruct',
        rows,
        positions: [1, 4095],
        scaling: { sequenceLength: 4096 } as RopeScaling,
      }),
    );
    const longFreq = ph.ropeFrequencies({
      preset: 'phi-3-mini-128k-instruct',
      scaling: { sequenceLength: 4097 } as RopeScaling,
    });
    const e = entry('preset/phi-3-mini-128k-instruct/invFreqLong');
    valuesOf(e).forEach((w, i) => expect(Math.abs(longFreq.frequencies[i] / w - 1)).toBeLessThan(1e-13));
  });

  test('DeepSeek-V3: cos and sin are not scaled (attention factor exactly 1), where mscale alone would give 1.369', () => {
    expect(ph.ropeFrequencies({ preset: 'deepseek-v3' }).attentionFactor).toBe(1);
    const { mscale: _m, mscaleAllDim: _a, ...noMscale } = ROPE_PRESETS['deepseek-v3'].scaling!;
    expect(ph.ropeFrequencies({ dim: 64, scaling: noMscale }).attentionFactor).toBeCloseTo(0.1 * Math.log(40) + 1, 14);
  });

  test('explicit options override a preset, and scaling keys merge unless the type changes', () => {
    const base = ph.ropeFrequencies({ preset: 'llama-3.1-8b' });
    expect(base.frequencies.length).toBe(64);
    const theta = ph.ropeFrequencies({ preset: 'llama-3.1-8b', theta: 10000 });
    expect(theta.originalFrequencies[1]).toBeCloseTo(10000 ** (-2 / 128), 15);
    const factor = ph.ropeFrequencies({ preset: 'llama-3.1-8b', scaling: { factor: 4 } as RopeScaling });
    expect(factor.frequencies[63]).toBeCloseTo(base.frequencies[63] * 2, 18);
    const linear = ph.ropeFrequencies({ preset: 'llama-3.1-8b', scaling: { type: 'linear', factor: 2 } });
    expect(linear.frequencies[0]).toBe(0.5);
    const gptj = ph.ropeFrequencies({ preset: 'gpt-j-6b' });
    expect(gptj.frequencies.length).toBe(32); // rotary_dim 64 of a 256 head
  });
});

test("docs/rope.md's RoPE conformance rows are these measurements", () => {
  expect(measured.size).toBe(invFreqCases.length); // every case above ran
  const readme = new URL('../../docs/rope.md', import.meta.url);
  const text = readFileSync(readme, 'utf8');
  const start = '<!-- rope-conformance:start -->';
  const end = '<!-- rope-conformance:end -->';
  const rows = [...measured.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([id, m]) => {
      const cell = (x?: Measure) => (x ? `${x.error.toExponential(1)} (${x.ofBound.toFixed(2)})` : '—');
      return `| \`${id}\` | ${m.invFreq!.error.toExponential(1)} | ${+m.attention!.toPrecision(6)} | ${cell(m.cosSin)} | ${cell(m.rows)} |`;
    });
  const head =
    '| fixture (fixtures.json id) | ω_i, max relative error | cos/sin × | cos/sin, max abs error (of the bound) | rotated rows (of the bound) |';
  const block = `${start}\n${head}\n| --- | --- | --- | --- | --- |\n${rows.join('\n')}\n${end}`;
  const i = text.indexOf(start);
  const j = text.indexOf(end);
  if (process.env.PHASOR_WRITE_CONFORMANCE)
    writeFileSync(readme, text.slice(0, i) + block + text.slice(j + end.length));
  else expect(text.slice(i, j + end.length), 'run with PHASOR_WRITE_CONFORMANCE=1 to update').toBe(block);
});
