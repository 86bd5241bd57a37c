// The snippet that computes RoPE's cos/sin cache as Hugging Face lays it out
// (cos(m·ω), sin(m·ω) per position m, each pair's angle in both of its slots:
// [freqs, freqs] for 'half' pairing, each column twice for 'adjacent'), with
// the inverse frequencies of phasor's scalings (cpp/src/rope_scaling.cpp,
// transformers' modeling_rope_utils formulas), over the rotated width
// (rotaryDim; the rest of a row passes through), float64, rounded once to float32.
import type { RopeScaling } from '../core/index.js';
import { SCALING_DEFAULTS } from '../core/wasm/tables.js';
import type { Framework, RopeCode } from './code-config.js';
import { DIALECTS, pyFloat, type Dialect } from './dialects.js';

/** A scaling with transformers' defaults filled in as phasor reads them (core/rope-scaling-input.ts). */
interface Resolved {
  type: RopeScaling['type'];
  factor: number;
  /** L: the training length (dynamic NTK: max_position_embeddings). */
  length: number;
  /** The call's length, max(position) + 1, unless given. */
  sequence: number;
  s: RopeScaling;
}

function resolve(s: RopeScaling | undefined, callLength: number): Resolved | null {
  if (!s || s.type === 'none') return null;
  const original = s.originalLength ?? s.originalMaxPositionEmbeddings;
  const length =
    (s.type === 'dynamic-ntk'
      ? (s.maxPositionEmbeddings ?? original)
      : s.type === 'yarn'
        ? (original ?? s.maxPositionEmbeddings)
        : original) ?? 0;
  const derived =
    (s.type === 'yarn' || s.type === 'longrope') && s.maxPositionEmbeddings !== undefined
      ? s.maxPositionEmbeddings / length
      : undefined;
  return { type: s.type, factor: s.factor ?? derived ?? 1, length, sequence: s.sequenceLength ?? callLength, s };
}

const list = (values: ArrayLike<number>) => `[${Array.from(values, (v) => pyFloat(v)).join(', ')}]`;

/** Lines setting `inv` (and `attn`, the attention factor) for one scaling. */
function inverseFrequencies(x: Dialect, r: Resolved | null, inv: string, attn: string, dim: number): string[] {
  const base = x.pow('theta', `(-2.0 * ${x.arange('dim // 2')} / dim)`);
  if (!r) return [`${inv} = ${base}  # theta^(-2i/dim)`, `${attn} = 1.0`];
  const f = pyFloat(r.factor);
  const L = pyFloat(r.length);
  const ntk = (growth: string) =>
    `${inv} = ${base} * ${x.pow(growth, `(-2.0 * ${x.arange('dim // 2')} / (dim - 2))`)}  # the base raised to theta * growth^(dim/(dim-2))`;
  const s = r.s;
  switch (r.type) {
    case 'linear':
      return [`${inv} = ${base} / ${f}  # linear: every frequency / factor`, `${attn} = 1.0`];
    case 'ntk':
      return [ntk(f), `${attn} = 1.0`];
    case 'dynamic-ntk':
      return [
        `length = max(${pyFloat(r.sequence)}, ${L})  # the call's length max(position) + 1; nothing changes up to ${L}`,
        ntk(`(${f} * length / ${L} - (${f} - 1.0))`),
        `${attn} = 1.0`,
      ];
    case 'yarn': {
      const pair = (beta: string) => `dim * math.log(${L} / (${beta} * 2 * math.pi)) / (2 * math.log(theta))`;
      const truncate = s.truncate ?? SCALING_DEFAULTS.truncate;
      const fast = pair(pyFloat(s.betaFast ?? SCALING_DEFAULTS.betaFast));
      const slow = pair(pyFloat(s.betaSlow ?? SCALING_DEFAULTS.betaSlow));
      const attention =
        s.attentionFactor !== undefined
          ? pyFloat(s.attentionFactor)
          : s.mscale && s.mscaleAllDim
            ? `get_mscale(${f}, ${pyFloat(s.mscale)}) / get_mscale(${f}, ${pyFloat(s.mscaleAllDim)})`
            : `get_mscale(${f})`;
      return [
        'def get_mscale(scale, m=1.0):',
        '    return 1.0 if scale <= 1 else 0.1 * m * math.log(scale) + 1.0',
        `low = ${truncate ? `math.floor(${fast})` : fast}  # pairs turning more than beta_fast times in L keep their frequency`,
        `high = ${truncate ? `math.ceil(${slow})` : slow}  # pairs turning fewer than beta_slow times are divided by the factor`,
        'low, high = max(low, 0.0), min(high, dim - 1.0)',
        'if low == high:',
        '    high += 0.001',
        `ramp = ${x.clip(`(${x.arange('dim // 2')} - low) / (high - low)`, '0.0', '1.0')}`,
        `${inv} = ${base} / ${f} * ramp + ${base} * (1.0 - ramp)`,
        `${attn} = ${attention}  # cos and sin are multiplied by it`,
      ];
    }
    case 'llama3': {
      const lo = pyFloat(s.lowFreqFactor ?? SCALING_DEFAULTS.lowFreqFactor);
      const hi = pyFloat(s.highFreqFactor ?? SCALING_DEFAULTS.highFreqFactor);
      return [
        `original = ${base}`,
        'wavelength = 2 * math.pi / original',
        `smooth = (${L} / wavelength - ${lo}) / (${hi} - ${lo})`,
        `blended = (1.0 - smooth) * original / ${f} + smooth * original`,
        `${inv} = ${x.where(`wavelength > ${L} / ${lo}`, `original / ${f}`, x.where(`wavelength < ${L} / ${hi}`, 'original', 'blended'))}`,
        `${attn} = 1.0`,
      ];
    }
    case 'longrope': {
      const long = r.sequence > r.length;
      const factors = (long ? s.longFactor : s.shortFactor) ?? [];
      const attention =
        s.attentionFactor !== undefined
          ? pyFloat(s.attentionFactor)
          : r.factor <= 1
            ? '1.0'
            : `math.sqrt(1.0 + math.log(${f}) / math.log(${L}))`;
      return [
        `# the ${long ? 'long' : 'short'} factors: the call's length ${pyFloat(r.sequence)} is ${long ? 'past' : 'within'} the original ${L} (every position of a longer call takes the long ones)`,
        `ext = ${x.float32List(list(factors))}`,
        `${inv} = ${base} / ext`,
        `${attn} = ${attention}  # cos and sin are multiplied by it, short and long alike`,
      ];
    }
    case 'proportional': {
      // Gemma 4: the first floor(partial * dim / 2) pairs turn, the rest have frequency 0 (cos 1, sin 0).
      const turning = Math.floor(((s.partialRotaryFactor ?? 1) * dim) / 2);
      return [
        `turning = ${turning}  # floor(partial_rotary_factor * dim / 2) pairs turn; the others keep frequency 0`,
        `${inv} = ${x.where(`${x.arange('dim // 2')} < turning`, `${base} / ${f}`, `0.0 * ${base}`)}`,
        `${attn} = 1.0`,
      ];
    }
    default:
      return [`${inv} = ${base}`, `${attn} = 1.0`];
  }
}

function describe(s: RopeScaling | undefined): string {
  if (!s || s.type === 'none') return 'no scaling';
  return Object.entries(s)
    .filter(([k]) => k !== 'shortFactor' && k !== 'longFactor')
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
  const offset = c.offset ?? 0;
  const rotary = c.rotaryDim ?? c.dim;
  const partial =
    rotary !== c.dim ? ` of a ${c.dim}-wide head (the other ${c.dim - rotary} values pass through unrotated)` : '';
  const lines: string[] = [
    `# phasor: RoPE cos/sin cache, rotary width ${rotary}${partial}, theta ${c.theta ?? 10000}, pairing '${pairing}', positions ${offset} … ${offset + c.positions - 1}`,
    '# (ph.rope turns a row at position m by these angles; cos and sin carry the attention factor).',
    '# float64 throughout, rounded once to float32 at the end.',
    ...(c.notes ?? []).map((note) => `# ${note}`),
    ...x.imports,
    '',
    `dim, theta = ${rotary}, ${pyFloat(c.theta ?? 10000)}  # dim: the rotated width; the frequencies are theta^(-2i/dim)`,
    `positions = ${pyFloat(offset)} + ${x.arange(String(c.positions))}`,
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
    lines.push(
      ...inverseFrequencies(x, resolve(s, offset + c.positions), `inv_freq${suffix}`, `attention${suffix}`, rotary),
    );
    lines.push(`cos${suffix}, sin${suffix} = rope_cache(inv_freq${suffix}, attention${suffix})`);
    if (k < scalings.length - 1) lines.push('');
  });
  return `${lines.join('\n')}\n`;
}
