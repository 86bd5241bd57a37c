// The snippet that computes a sinusoidal table (ph.encode's options) in a
// framework: float64 angles p·ω_i, sin and cos, the columns laid out, then
// rounded once to float32 (as phasor; frameworks that compute in float32
// differ from this by up to ~1e-3 at long positions).
import type { TableCode } from './code-config.js';
import { DIALECTS, pyFloat, type Dialect } from './dialects.js';
import type { Framework } from './code-config.js';

function isGeometric(spacing: string | undefined): boolean {
  return spacing === 'tensor2tensor' || spacing === 'geometric';
}

/** The comment line naming the options, as they would be passed to ph.encode. */
export function encodeCall(c: TableCode): string {
  const { kind: _kind, ...options } = c;
  const shown = Object.entries(options)
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]) => `${k}: ${typeof v === 'string' ? `'${v}'` : String(v)}`);
  return `ph.encode({ ${shown.join(', ')} })`;
}

export function tableCode(c: TableCode, framework: Framework): string {
  const x: Dialect = DIALECTS[framework];
  const d = c.dModel;
  const odd = d % 2 === 1;
  const extraSine = odd && c.oddWidth === 'extraSine';
  const zeroColumn = odd && !extraSine; // 'zeroColumn' (and the fallback for an odd width without a rule)
  const pairs = Math.floor(d / 2);
  const sines = extraSine ? pairs + 1 : pairs;
  const geometric = isGeometric(c.spacing);
  const lines: string[] = [`# phasor: ${encodeCall(c)}`, `# float64 throughout, rounded once to float32 at the end.`, ...x.imports, ''];
  lines.push(`positions, d_model = ${c.positions}, ${d}`);
  if (!geometric || c.maxFrequency === undefined) lines.push(`base = ${pyFloat(c.base ?? 10000)}`);
  lines.push(`offset = ${pyFloat(c.offset ?? 0)}`);

  // Positions: fairseq's forward rows start after its padding row.
  const first = c.paddingIdx !== undefined && c.paddingIdx !== null && !c.buffer ? `${c.paddingIdx + 1} + offset` : 'offset';
  lines.push(`p = ${first} + ${x.arange('positions')}`);

  // Frequencies.
  if (!geometric) {
    const width = zeroColumn ? '(d_model - 1)' : 'd_model'; // a zero column pads the even table of width d − 1
    lines.push(`omega = ${x.pow('base', `(-2.0 * ${x.arange(String(sines))} / ${width})`)}  # base^(-2i/d)`);
  } else if (c.maxFrequency === undefined && c.minFrequency === undefined) {
    lines.push(`omega = ${x.pow('base', `(-${x.arange(String(pairs))} / ${pyFloat(Math.max(pairs - 1, 1))})`)}  # base^(-i/(h-1))`);
  } else {
    const hi = c.maxFrequency ?? 1;
    const lo = c.minFrequency ?? hi / (c.base ?? 10000);
    lines.push(`max_frequency, min_frequency = ${pyFloat(hi)}, ${pyFloat(lo)}`);
    lines.push(
      `omega = max_frequency * ${x.pow('(min_frequency / max_frequency)', `(${x.arange(String(pairs))} / ${pyFloat(Math.max(pairs - 1, 1))})`)}`,
    );
  }
  lines.push('angles = p[:, None] * omega[None, :]');
  lines.push(`sines = ${x.fn('sin')}(angles)`);
  lines.push(`cosines = ${x.fn('cos')}(${extraSine ? `angles[:, :${pairs}]` : 'angles'})`);

  // Layout and order.
  const cosFirst = c.order === 'cosSin';
  const [a, b] = cosFirst ? ['cosines', 'sines'] : ['sines', 'cosines'];
  if (c.layout === 'split') {
    lines.push(`table = ${x.concat([a, b], 1)}  # ${cosFirst ? 'cosines, then sines' : 'sines, then cosines'}`);
  } else if (extraSine) {
    const pairedSines = `sines[:, :${pairs}]`;
    const [pa, pb] = cosFirst ? ['cosines', pairedSines] : [pairedSines, 'cosines'];
    lines.push(`table = ${x.concat([x.interleave(pa, pb), `sines[:, ${pairs}:]`], 1)}  # pairs interleaved, the extra sine last`);
  } else {
    lines.push(`table = ${x.interleave(a, b)}  # ${cosFirst ? 'cos, sin' : 'sin, cos'} of each pair side by side`);
  }
  if (zeroColumn) lines.push(`table = ${x.concat(['table', x.zeros('positions', '1')], 1)}  # odd width: a zero column last`);
  if (c.scale !== undefined && c.scale !== 1) lines.push(`table = ${pyFloat(c.scale)} * table`);
  if (c.buffer && c.paddingIdx !== undefined && c.paddingIdx !== null && c.paddingIdx >= 0 && c.paddingIdx < c.positions) {
    lines.push(`${x.zeroRow('table', String(c.paddingIdx), 'd_model')}  # the stored padding row`);
  }
  lines.push(`table = ${x.toFloat32('table')}  # positions × d_model`);
  return `${lines.join('\n')}\n`;
}
