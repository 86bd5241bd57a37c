// ph.ropeFromConfig's answer as text: one block per layer type, then what
// the config left to defaults and the keys phasor did not understand.
import type { RopeConfig, RopeLayerType } from '../core/rope-config-types.js';
import type { RopeScaling } from '../core/rope-types.js';
import { formatNumber, layerList } from './format.js';

/** The turning slots in words: "slots 0–63 turn with 256–319", or "adjacent pairs over slots 128–191". */
function slotsText(t: RopeLayerType): string {
  const s = Array.from(t.rotatedSlots);
  const pairs = s.length / 2;
  if (pairs === 0) return 'no slot turns';
  const firsts = s.filter((_, i) => i % 2 === 0);
  const seconds = s.filter((_, i) => i % 2 === 1);
  const run = (xs: number[], step: number) => xs.every((x, i) => x === xs[0] + i * step);
  if (t.pairing === 'adjacent' && run(firsts, 2) && run(seconds, 2))
    return `adjacent pairs (2i, 2i+1) over slots ${firsts[0]}–${seconds[pairs - 1]}`;
  if (run(firsts, 1) && run(seconds, 1))
    return `slots ${firsts[0]}–${firsts[pairs - 1]} turn with ${seconds[0]}–${seconds[pairs - 1]} (rotate_half)`;
  return `${pairs} slot pairs`;
}

function numbersText(values: ArrayLike<number>): string {
  const n = values.length;
  if (n <= 4) return `[${Array.from(values, formatNumber).join(', ')}]`;
  return `[${n} values: ${formatNumber(values[0])}, ${formatNumber(values[1])}, …, ${formatNumber(values[n - 1])}]`;
}

/** A scaling in phasor's spelling: "yarn: factor 40, originalLength 4096, …". */
export function scalingText(s: RopeScaling, ropeType?: string): string {
  const parts = Object.entries(s)
    .filter(([k, v]) => k !== 'type' && v !== undefined)
    .map(
      ([k, v]) =>
        `${k} ${typeof v === 'object' ? numbersText(v as ArrayLike<number>) : typeof v === 'number' ? formatNumber(v) : String(v)}`,
    );
  const named = s.type === ropeType ? '' : `phasor's ${s.type}`;
  return [named, ...parts].filter(Boolean).join(', ');
}

function layerTypeText(t: RopeLayerType, maxPositions: number): string[] {
  const head = `${t.layerType}${t.nope ? ' (NoPE)' : ''}: ${layerList(t.layers)}`;
  if (t.nope) return [head, `  no RoPE: the head (dim ${t.headDim}) is used as it is`];
  const lines = [
    head,
    `  head dim ${t.headDim}, rotary dim ${t.rotaryDim}${t.rotaryDim < t.headDim ? ` (the ${t.ropeDims} ${t.rotaryDim} of the head)` : ''}; ${slotsText(t)}`,
    `  pairing ${t.pairing}${
      t.outputPairing !== t.pairing
        ? `, output ${t.outputPairing} (the turned slice written as ${t.outputPairing === 'half' ? 'evens then odds' : 'interleaved pairs'})`
        : ', output in place'
    }`,
    `  θ ${formatNumber(t.theta)}, rope_type ${t.ropeType}${t.scaling ? `: ${scalingText(t.scaling, t.ropeType)}` : ''}`,
    `  attention factor ${formatNumber(t.attentionFactor)} (cos and sin are multiplied by it)`,
  ];
  if (t.mrope) {
    const [a, b, c] = t.mrope.sections;
    lines.push(
      `  M-RoPE: pairs per axis t ${a}, h ${b}, w ${c} (${t.mrope.interleaved ? 'interleaved, Qwen3.5' : 'in order'}); positions are 3 per token`,
    );
  }
  if (t.queryScale)
    lines.push(
      `  query scale: 1 + ${formatNumber(t.queryScale.beta)}·ln(1 + ⌊p / ${t.queryScale.originalLength}⌋) (llama_4_scaling_beta)`,
    );
  const turning = Array.from(t.invFreq).filter((w) => w > 0);
  const zeros = t.invFreq.length - turning.length;
  const slowest = Math.min(...turning);
  const longrope = t.scaling?.type === 'longrope' ? ' (the short factors: calls up to the original length)' : '';
  lines.push(
    `  inv_freq${longrope}: ${t.invFreq.length} values, ${formatNumber(Math.max(...turning))} to ${formatNumber(slowest)}${zeros ? ` then ${zeros} zeros` : ''}; ` +
      `longest wavelength ${formatNumber((2 * Math.PI) / slowest)} positions (max_position_embeddings ${maxPositions})`,
  );
  return lines;
}

export function ropeConfigText(name: string, r: RopeConfig): string {
  const model = [
    r.modelType ?? 'no model_type',
    r.family ? `family ${r.family}` : 'read as Llama',
    r.prefix ? `read from ${r.prefix.slice(0, -1)}` : '',
  ].filter(Boolean);
  const lines = [
    `${name}: ${model.join(', ')}; ${r.layerCount} layers, max_position_embeddings ${r.maxPositionEmbeddings}`,
  ];
  for (const t of r.layerTypes) lines.push('', ...layerTypeText(t, r.maxPositionEmbeddings));
  lines.push('');
  if (r.defaults.length) lines.push(`defaults taken: ${r.defaults.join('; ')}`);
  lines.push(
    r.unknownKeys.length
      ? `not understood (not applied; check them): ${r.unknownKeys.join(', ')}`
      : 'every RoPE key was understood',
  );
  return `${lines.join('\n')}\n`;
}
