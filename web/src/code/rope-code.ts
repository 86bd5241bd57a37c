// The snippet that computes RoPE's cos/sin cache as Hugging Face lays it out
// (cos(m·ω), sin(m·ω) per position m, each pair's angle in both of its slots:
// [freqs, freqs] for 'half' pairing, each column twice for 'adjacent'), with
// the inverse frequencies of phasor's scalings (cpp/src/rope_scaling.cpp,
// transformers' modeling_rope_utils formulas), float64, rounded once to float32.
import type { RopeScaling } from '../core/index.js';
import type { Framework, RopeCode } from './code-config.js';
import { DIALECTS, pyFloat, type Dialect } from './dialects.js';

/** Lines setting `inv` (and `attn`, the attention factor) for one scaling. */
function inverseFrequencies(x: Dialect, s: RopeScaling | undefined, inv: string, attn: string): string[] {
  const base = `${x.pow('theta', `(-2.0 * ${x.arange('dim // 2')} / dim)`)}`;
  const type = s?.type ?? 'none';
  const f = pyFloat(s?.factor ?? 1);
  const L = pyFloat(s?.originalLength ?? 0);
  const lines: string[] = [];
  const ntk = (growth: string) =>
    `${inv} = ${base} * ${x.pow(growth, `(-2.0 * ${x.arange('dim // 2')} / (dim - 2))`)}  # base raised to theta * growth^(dim/(dim-2))`;
  switch (type) {
    case 'none':
      lines.push(`${inv} = ${base}  # theta^(-2i/dim)`);
      break;
    case 'linear':
      lines.push(`${inv} = ${base} / ${f}  # linear: every frequency / factor`);
      break;
    case 'ntk':
      lines.push(ntk(f));
      break;
    case 'dynamic-ntk': {
      const seq = pyFloat(s?.sequenceLength ?? (s?.factor ?? 1) * (s?.originalLength ?? 0));
      lines.push(`length = max(${seq}, ${L})  # the running length, at least the original ${L}`);
      lines.push(ntk(`(${f} * length / ${L} - (${f} - 1.0))`));
      break;
    }
    case 'yarn': {
      const fast = pyFloat(s?.betaFast ?? 32);
      const slow = pyFloat(s?.betaSlow ?? 1);
      const pair = (beta: string) => `dim * math.log(${L} / (${beta} * 2 * math.pi)) / (2 * math.log(theta))`;
      const truncate = s?.truncate ?? true;
      lines.push(`low = ${truncate ? `math.floor(${pair(fast)})` : pair(fast)}  # pairs turning more than beta_fast times in L keep their frequency`);
      lines.push(`high = ${truncate ? `math.ceil(${pair(slow)})` : pair(slow)}  # pairs turning fewer than beta_slow times are divided by the factor`);
      lines.push('low, high = max(low, 0.0), min(high, dim - 1.0)');
      lines.push('if low == high:');
      lines.push('    high += 0.001');
      lines.push(`ramp = ${x.clip(`(${x.arange('dim // 2')} - low) / (high - low)`, '0.0', '1.0')}`);
      lines.push(`${inv} = ${base} / ${f} * ramp + ${base} * (1.0 - ramp)`);
      const attention = s?.attentionFactor ? pyFloat(s.attentionFactor) : (s?.factor ?? 1) <= 1 ? '1.0' : `0.1 * math.log(${f}) + 1.0`;
      lines.push(`${attn} = ${attention}  # cos and sin are multiplied by it`);
      return lines;
    }
    case 'llama3': {
      const lowFactor = pyFloat(s?.lowFreqFactor ?? 1);
      const highFactor = pyFloat(s?.highFreqFactor ?? 4);
      lines.push(`original = ${base}`);
      lines.push('wavelength = 2 * math.pi / original');
      lines.push(`smooth = (${L} / wavelength - ${lowFactor}) / (${highFactor} - ${lowFactor})`);
      lines.push(`blended = (1.0 - smooth) * original / ${f} + smooth * original`);
      lines.push(
        `${inv} = ${x.where(`wavelength > ${L} / ${lowFactor}`, `original / ${f}`, x.where(`wavelength < ${L} / ${highFactor}`, 'original', 'blended'))}`,
      );
      break;
    }
  }
  lines.push(`${attn} = 1.0`);
  return lines;
}

function describe(s: RopeScaling | undefined): string {
  if (!s || s.type === 'none') return 'no scaling';
  return Object.entries(s)
    .map(([k, v]) => `${k}: ${typeof v === 'string' ? `'${v}'` : String(v)}`)
    .join(', ');
}

/** The names' suffixes, one per scaling: '' alone, else _type (_type_2 … when a type repeats). */
export function ropeSuffixes(scalings: readonly (RopeScaling | undefined)[]): string[] {
  if (scalings.length <= 1) return [''];
  const seen = new Map<string, number>();
  return scalings.map((s) => {
    const type = (s?.type ?? 'none').replace(/-/g, '_');
    const n = (seen.get(type) ?? 0) + 1;
    seen.set(type, n);
    return n === 1 ? `_${type}` : `_${type}_${n}`;
  });
}

export function ropeCode(c: RopeCode, framework: Framework): string {
  const x = DIALECTS[framework];
  const scalings: (RopeScaling | undefined)[] = c.scalings && c.scalings.length > 0 ? c.scalings : [undefined];
  const pairing = c.pairing ?? 'half';
  const lines: string[] = [
    `# phasor: RoPE cos/sin cache, dim ${c.dim}, theta ${c.theta ?? 10000}, pairing '${pairing}', positions ${c.offset ?? 0} … ${(c.offset ?? 0) + c.positions - 1}`,
    `# (ph.rope turns row x at position m by these angles, times the attention factor).`,
    '# float64 throughout, rounded once to float32 at the end.',
    ...x.imports,
    '',
    `dim, theta = ${c.dim}, ${pyFloat(c.theta ?? 10000)}`,
    `positions = ${pyFloat(c.offset ?? 0)} + ${x.arange(String(c.positions))}`,
    '',
    'def rope_cache(inv_freq, attention_factor):',
    `    """cos and sin, positions × dim: ${pairing === 'half' ? 'each angle at i and i + dim/2 (rotate_half)' : 'each angle at 2i and 2i + 1 (adjacent pairs)'}."""`,
    '    freqs = positions[:, None] * inv_freq[None, :]',
    `    emb = ${pairing === 'half' ? x.concat(['freqs', 'freqs'], -1) : x.repeatColumns('freqs')}`,
    `    return ${x.toFloat32(`(${x.fn('cos')}(emb) * attention_factor)`)}, ${x.toFloat32(`(${x.fn('sin')}(emb) * attention_factor)`)}`,
    '',
  ];
  const suffixes = ropeSuffixes(scalings);
  scalings.forEach((s, k) => {
    const suffix = suffixes[k];
    lines.push(`# ${describe(s)}`);
    lines.push(...inverseFrequencies(x, s, `inv_freq${suffix}`, `attention${suffix}`));
    lines.push(`cos${suffix}, sin${suffix} = rope_cache(inv_freq${suffix}, attention${suffix})`);
    if (k < scalings.length - 1) lines.push('');
  });
  return `${lines.join('\n')}\n`;
}
