// A layer type's cos/sin cache as transformers' rotary embeddings return it
// (`emb = cat(freqs, freqs)`, `cos = emb.cos() * attention_scaling`), one row
// per position, computed by the core: ph.rope turns the row (1 … 1, 0 … 0)
// with pairing 'half', which gives A·cos(p·ω_i) in slot i and A·sin(p·ω_i)
// in slot i + width/2, each from a float64 phase rounded once to float32.
import type { Phasor } from '../core/phasor.js';
import type { RopeLayerType } from '../core/rope-config-types.js';
import type { Pairing, RopeOptions, RopeScaling } from '../core/rope-types.js';

export interface RopeCache {
  cos: Float32Array;
  sin: Float32Array;
  /** Values per row: the rotary width (proportional: the head width, its frequency-0 pairs giving cos 1, sin 0). */
  width: number;
}

/**
 * The cache of layer type `t` at positions offset … offset + count − 1, laid
 * out 'half' (cat(freqs, freqs): every transformers rotary class) or
 * 'adjacent' (each frequency twice in a row: code that repeat_interleaves,
 * GPT-J's apply_rotary_pos_emb).
 */
export function ropeCache(ph: Phasor, t: RopeLayerType, count: number, offset: number, layout: Pairing): RopeCache {
  const width = t.rotaryDim;
  const h = width / 2;
  const { rope } = t;
  if (!rope) throw new RangeError(`layer type '${t.layerType}' has no RoPE (NoPE layers)`);
  // dynamic NTK and longrope pick their frequencies by the call's length, max(position_ids) + 1 in transformers' forward.
  const byLength = rope.scaling?.type === 'dynamic-ntk' || rope.scaling?.type === 'longrope';
  const scaling: RopeScaling | undefined = rope.scaling && {
    ...rope.scaling,
    ...(byLength ? { sequenceLength: offset + count } : {}),
  };
  const options: Omit<RopeOptions, 'rows' | 'positions'> = {
    dim: width,
    rotaryDim: width,
    theta: rope.theta,
    ...(scaling ? { scaling } : {}),
    pairing: 'half',
    outputPairing: 'half',
  };
  const cos = new Float32Array(count * width);
  const sin = new Float32Array(count * width);
  const chunk = Math.max(1, Math.floor(ph.limits.maxRopeValues / width));
  for (let start = 0; start < count; start += chunk) {
    const n = Math.min(chunk, count - start);
    const rows = new Float32Array(n * width);
    for (let k = 0; k < n; k++) rows.fill(1, k * width, k * width + h);
    const positions = Float64Array.from({ length: n }, (_, k) => offset + start + k);
    const turned = ph.rope({ ...options, rows, positions });
    for (let k = 0; k < n; k++) {
      const row = (start + k) * width;
      for (let i = 0; i < h; i++) {
        const c = turned[k * width + i];
        const s = turned[k * width + h + i];
        const [a, b] = layout === 'half' ? [i, i + h] : [2 * i, 2 * i + 1];
        cos[row + a] = cos[row + b] = c;
        sin[row + a] = sin[row + b] = s;
      }
    }
  }
  return { cos, sin, width };
}
