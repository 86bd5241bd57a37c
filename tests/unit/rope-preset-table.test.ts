// docs/rope.md's preset table is the presets themselves: rendered here from
// ROPE_PRESETS (web/src/core/rope-presets.ts) and ropeFrequencies' attention
// factor, and compared with the table between the markers. A preset added or
// changed fails until the document says the same; PHASOR_WRITE_DOCS=1 writes it:
//   PHASOR_WRITE_DOCS=1 npx vitest run -c tests/vitest.config.ts --project unit tests/unit/rope-preset-table.test.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { beforeAll, expect, test } from 'vitest';
import { createPhasor, type Phasor } from '../../web/src/core/index.js';
import { ROPE_PRESET_NAMES, ROPE_PRESETS, type RopePreset } from '../../web/src/core/rope-presets.js';

let ph: Phasor;
beforeAll(async () => {
  ph = await createPhasor({ experiments: true });
});

const START = '<!-- rope-presets:start -->';
const END = '<!-- rope-presets:end -->';

/** 10000 as 1e4, 150000 as 1.5e5. */
const power = (x: number) => x.toExponential().replace('+', '');

function scalingCell(p: RopePreset): string {
  const s = p.scaling;
  if (!s) return '—';
  const parts: string[] = [s.type];
  if (s.factor !== undefined) parts.push(`×${s.factor}`);
  if (s.lowFreqFactor !== undefined) parts.push(`low ${s.lowFreqFactor}`);
  if (s.highFreqFactor !== undefined) parts.push(`high ${s.highFreqFactor}`);
  const original = s.originalLength ?? s.originalMaxPositionEmbeddings;
  if (original !== undefined) parts.push(`L ${original}`);
  if (s.mscale !== undefined) parts.push(`mscale ${s.mscale}`);
  if (s.mscaleAllDim !== undefined) parts.push(`mscaleAllDim ${s.mscaleAllDim}`);
  if (s.shortFactor && s.longFactor) parts.push(`${s.shortFactor.length} + ${s.longFactor.length} factors`);
  if (s.partialRotaryFactor !== undefined) parts.push(`partial ${s.partialRotaryFactor}`);
  return parts.join(', ');
}

function pairingCell(p: RopePreset): string {
  const notes: string[] = [];
  if (p.outputPairing) notes.push(`out ${p.outputPairing}`);
  if (p.mrope) notes.push(`M-RoPE ${p.mrope.sections.join('/')}${p.mrope.interleaved ? ' interleaved' : ''}`);
  return notes.length ? `${p.pairing} (${notes.join('; ')})` : p.pairing;
}

function presetTable(): string {
  const rows = ROPE_PRESET_NAMES.map((name) => {
    const p = ROPE_PRESETS[name];
    const dims = `${p.headDim} / ${p.rotaryDim}${p.ropeDims === 'last' ? ', last' : ''}`;
    const attention = +ph.ropeFrequencies({ preset: name }).attentionFactor.toPrecision(6);
    return `| \`${name}\` | ${p.model} | ${dims} | ${power(p.theta)} | ${scalingCell(p)} | ${attention} | ${pairingCell(p)} |`;
  });
  const head =
    '| preset | model | head / rotary | θ | scaling | cos/sin × | pairing |\n| --- | --- | --- | --- | --- | --- | --- |';
  return `${START}\n${head}\n${rows.join('\n')}\n${END}`;
}

test("docs/rope.md's preset table is ROPE_PRESETS", () => {
  const doc = new URL('../../docs/rope.md', import.meta.url);
  const text = readFileSync(doc, 'utf8');
  const i = text.indexOf(START);
  const j = text.indexOf(END);
  expect(i, `docs/rope.md has no ${START} … ${END}`).toBeGreaterThan(-1);
  const table = presetTable();
  if (process.env.PHASOR_WRITE_DOCS) writeFileSync(doc, text.slice(0, i) + table + text.slice(j + END.length));
  else expect(text.slice(i, j + END.length), 'run with PHASOR_WRITE_DOCS=1 to update').toBe(table);
});
