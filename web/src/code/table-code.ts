// The snippet that computes a sinusoidal table (ph.encode's options, a
// convention's resolved through resolve-table.ts) in a framework, as the core
// does (cpp/src/encoding.cpp): position p_r = first + offset + r (first =
// paddingIdx + 1 for fairseq's forward rows), float64 angles p·ω_i, sin and
// cos laid out, scaled, the padding row zeroed, rounded once to float32.
// (Frameworks that compute in float32 differ from this by up to ~1e-3 at long positions.)
import type { Framework } from './code-config.js';
import { DIALECTS, pyFloat, type Dialect } from './dialects.js';
import { resolveTable, type TableOptions } from './resolve-table.js';

/** The options as the ph.encode call they came from. */
export function encodeCall(options: object): string {
  const shown = Object.entries(options)
    .filter(([k, v]) => v !== undefined && k !== 'kind')
    .map(([k, v]) => `${k}: ${typeof v === 'string' ? `'${v}'` : String(v)}`);
  return `ph.encode({ ${shown.join(', ')} })`;
}

export function tableCode(given: TableOptions, framework: Framework): string {
  const x: Dialect = DIALECTS[framework];
  const o = resolveTable(given);
  const d = o.dModel;
  const odd = d % 2 === 1;
  const extraSine = odd && o.oddWidth === 'extraSine';
  const zeroColumn = odd && o.oddWidth === 'zeroColumn';
  const pairs = Math.floor(d / 2);
  const sines = extraSine ? pairs + 1 : pairs;
  const geometric = o.spacing !== 'paper';
  const lines: string[] = [`# phasor: ${encodeCall(given)}`];
  if (given.convention) lines.push(`# = ${encodeCall(o)}`);
  lines.push(
    '# float64 throughout, rounded once to float32 at the end.',
    ...x.imports.filter((line) => line !== 'import math'),
    '',
  );
  lines.push(`positions, d_model = ${o.positions}, ${d}`);
  lines.push(`base = ${pyFloat(o.base)}`);
  if (o.maxFrequency !== 1) lines.push(`max_frequency = ${pyFloat(o.maxFrequency)}  # the fastest pair's frequency`);
  const lead = o.paddingIdx !== null && !o.buffer ? o.paddingIdx + 1 : 0;
  lines.push(`offset = ${pyFloat(o.offset)}`);
  lines.push(
    `p = ${lead ? `${lead} + ` : ''}offset + ${x.arange('positions')}${lead ? '  # forward rows start past the padding row' : ''}`,
  );

  // Frequencies: the paper's exponent over the width (d − 1 when a zero column pads an odd one); the geometric over the pairs.
  const scaled = (expression: string) => (o.maxFrequency !== 1 ? `max_frequency * ${expression}` : expression);
  if (geometric) {
    lines.push(
      `omega = ${scaled(x.pow('base', `(-${x.arange(String(pairs))} / ${pyFloat(Math.max(pairs - 1, 1))})`))}  # base^(-i/(h-1))`,
    );
  } else {
    const width = zeroColumn ? '(d_model - 1)' : 'd_model';
    lines.push(`omega = ${scaled(x.pow('base', `(-2.0 * ${x.arange(String(sines))} / ${width})`))}  # base^(-2i/d)`);
  }
  lines.push('angles = p[:, None] * omega[None, :]');
  const amplitude = o.scale !== 1 ? `${pyFloat(o.scale)} * ` : '';
  lines.push(`sines = ${amplitude}${x.fn('sin')}(angles)`);
  lines.push(`cosines = ${amplitude}${x.fn('cos')}(${extraSine ? `angles[:, :${pairs}]` : 'angles'})`);

  // Layout and order.
  const cosFirst = o.order === 'cosSin';
  const [a, b] = cosFirst ? ['cosines', 'sines'] : ['sines', 'cosines'];
  if (o.layout === 'split') {
    lines.push(`table = ${x.concat([a, b], 1)}  # ${cosFirst ? 'cosines, then sines' : 'sines, then cosines'}`);
  } else if (extraSine) {
    const pairedSines = `sines[:, :${pairs}]`;
    const [pa, pb] = cosFirst ? ['cosines', pairedSines] : [pairedSines, 'cosines'];
    lines.push(
      `table = ${x.concat([x.interleave(pa, pb), `sines[:, ${pairs}:]`], 1)}  # pairs side by side, the extra sine last`,
    );
  } else {
    lines.push(`table = ${x.interleave(a, b)}  # ${cosFirst ? 'cos, sin' : 'sin, cos'} of each pair side by side`);
  }
  if (zeroColumn)
    lines.push(`table = ${x.concat(['table', x.zeros('positions', '1')], 1)}  # odd width: a zero column last`);
  if (o.paddingIdx !== null) {
    // The padding row is zero wherever it falls among the rows (position paddingIdx).
    const row = o.paddingIdx - (lead + o.offset);
    if (Number.isInteger(row) && row >= 0 && row < o.positions)
      lines.push(`${x.zeroRow('table', String(row), 'd_model')}  # the stored padding row`);
  }
  lines.push(`table = ${x.toFloat32('table')}  # positions × d_model`);
  return `${lines.join('\n')}\n`;
}
