// web/src/elements/README.md's table of elements is written from the
// elements themselves: each registered chart's tag, title, attributes with
// their defaults, the terms it highlights and what it can play, and what it
// draws (the comment at the top of its file). A new chart appears there by
// being registered; this test fails when the table and the code disagree.
//   PHASOR_WRITE_REFERENCE=1 npm run test:unit -- tests/unit/element-reference.test.ts   rewrites it
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from 'vitest';
import { EXPERIMENT_CHARTS, PE_CHARTS, type ChartClass } from '../../web/src/elements/registry.js';

const root = resolve(import.meta.dirname, '../..');
const README = join(root, 'web/src/elements/README.md');
const START = '<!-- elements:start (written from the code: tests/unit/element-reference.test.ts) -->';
const END = '<!-- elements:end -->';

function fallbackText(value: unknown): string {
  if (value === null) return 'none';
  if (Array.isArray(value)) return value.join(',');
  return String(value);
}

/** The comment at the top of the element's file, after "<phasor-…>:", as one line. */
function whatItDraws(tag: string): string {
  const name = tag.replace(/^phasor-/, '');
  const dir = PE_CHARTS.some((c) => c.tag === tag) ? '' : 'experiments/';
  const text = readFileSync(join(root, `web/src/elements/${dir}${name}-element.ts`), 'utf8');
  const comment = text.match(/^(\/\/.*\n)+/)![0].replace(/^\/\/ ?/gm, '');
  return comment
    .replace(new RegExp(`^<${tag}>:\\s*`), '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\|/g, '\\|');
}

function row(chart: ChartClass): string {
  const attributes = chart.attributeSpecs.map((s) => `\`${s.attribute}\` (${fallbackText(s.fallback)})`).join(', ');
  const also = [
    chart.highlightTerms.length ? `highlight: ${chart.highlightTerms.map((t) => `\`${t}\``).join(', ')}` : '',
    chart.playable.length ? `play: ${chart.playable.map((t) => `\`${t}\``).join(', ')}` : '',
  ].filter(Boolean);
  return `| \`<${chart.tag}>\` ${chart.title} | ${attributes}${also.length ? `; ${also.join('; ')}` : ''} | ${whatItDraws(chart.tag)} |`;
}

function table(): string {
  const head = ['| element | attributes (default) | what it draws |', '|---|---|---|'];
  return [
    START,
    'The PE charts (`phasor.wasm`):',
    '',
    ...head,
    ...PE_CHARTS.map(row),
    '',
    'The RoPE, attention and "why this design" charts, which load the second wasm module (`phasor-experiments.wasm`) on first use:',
    '',
    ...head,
    ...EXPERIMENT_CHARTS.map(row),
    END,
  ].join('\n');
}

test("the elements' README lists every registered chart as the code defines it", () => {
  const text = readFileSync(README, 'utf8');
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  expect(start, `${README} has the markers`).toBeGreaterThanOrEqual(0);
  const written = `${text.slice(0, start)}${table()}${text.slice(end + END.length)}`;
  if (process.env.PHASOR_WRITE_REFERENCE) writeFileSync(README, written);
  expect(
    readFileSync(README, 'utf8'),
    'run PHASOR_WRITE_REFERENCE=1 npm run test:unit -- tests/unit/element-reference.test.ts',
  ).toBe(written);
});
