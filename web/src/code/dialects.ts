// How each framework spells the handful of array operations the snippets
// use. Every array is float64; scalars are Python floats (math.*).
import type { Framework } from './code-config.js';

export interface Dialect {
  imports: string[];
  /** float64 0, 1, …, n − 1 (n a Python expression). */
  arange(n: string): string;
  fn(name: 'sin' | 'cos' | 'exp'): string;
  /** Python scalar ** array. */
  pow(scalar: string, array: string): string;
  concat(parts: string[], axis: number): string;
  /** Pairs (a, b) side by side: columns a0 b0 a1 b1 … */
  interleave(a: string, b: string): string;
  /** Each column twice in a row: c0 c0 c1 c1 … */
  repeatColumns(x: string): string;
  zeros(rows: string, cols: string): string;
  clip(x: string, lo: string, hi: string): string;
  where(condition: string, a: string, b: string): string;
  toFloat32(x: string): string;
  /** A float64 array of `values` first stored as float32 (how transformers keeps longrope's factors). */
  float32List(values: string): string;
  /** Statements setting row k of `table` (width d) to zero. */
  zeroRow(table: string, k: string, d: string): string;
}

const numpyLike = (np: string): Omit<Dialect, 'imports' | 'zeroRow'> => ({
  arange: (n) => `${np}.arange(${n}, dtype=${np}.float64)`,
  fn: (name) => `${np}.${name}`,
  pow: (s, a) => `${s} ** ${a}`,
  concat: (parts, axis) => `${np}.concatenate([${parts.join(', ')}], axis=${axis})`,
  interleave: (a, b) => `${np}.stack([${a}, ${b}], axis=-1).reshape(${a}.shape[0], -1)`,
  repeatColumns: (x) => `${np}.repeat(${x}, 2, axis=-1)`,
  zeros: (r, c) => `${np}.zeros((${r}, ${c}), dtype=${np}.float64)`,
  clip: (x, lo, hi) => `${np}.clip(${x}, ${lo}, ${hi})`,
  where: (c, a, b) => `${np}.where(${c}, ${a}, ${b})`,
  toFloat32: (x) => `${x}.astype(${np}.float32)`,
  float32List: (v) => `${np}.asarray(${v}, dtype=${np}.float32).astype(${np}.float64)`,
});

export const DIALECTS: Record<Framework, Dialect> = {
  numpy: { imports: ['import math', 'import numpy as np'], ...numpyLike('np'), zeroRow: (t, k) => `${t}[${k}] = 0.0` },
  jax: {
    imports: [
      'import math',
      'import jax',
      'jax.config.update("jax_enable_x64", True)  # float64, as phasor computes',
      'import jax.numpy as jnp',
    ],
    ...numpyLike('jnp'),
    zeroRow: (t, k) => `${t} = ${t}.at[${k}].set(0.0)`,
  },
  pytorch: {
    imports: ['import math', 'import torch'],
    arange: (n) => `torch.arange(${n}, dtype=torch.float64)`,
    fn: (name) => `torch.${name}`,
    pow: (s, a) => `${s} ** ${a}`,
    concat: (parts, axis) => `torch.cat([${parts.join(', ')}], dim=${axis})`,
    interleave: (a, b) => `torch.stack([${a}, ${b}], dim=-1).reshape(${a}.shape[0], -1)`,
    repeatColumns: (x) => `torch.repeat_interleave(${x}, 2, dim=-1)`,
    zeros: (r, c) => `torch.zeros(${r}, ${c}, dtype=torch.float64)`,
    clip: (x, lo, hi) => `torch.clamp(${x}, ${lo}, ${hi})`,
    where: (c, a, b) => `torch.where(${c}, ${a}, ${b})`,
    toFloat32: (x) => `${x}.to(torch.float32)`,
    float32List: (v) => `torch.tensor(${v}, dtype=torch.float32).to(torch.float64)`,
    zeroRow: (t, k) => `${t}[${k}] = 0.0`,
  },
  tensorflow: {
    imports: ['import math', 'import tensorflow as tf'],
    arange: (n) => `tf.range(${n}, dtype=tf.float64)`,
    fn: (name) => `tf.math.${name}`,
    pow: (s, a) => `tf.pow(tf.constant(${s}, tf.float64), ${a})`,
    concat: (parts, axis) => `tf.concat([${parts.join(', ')}], axis=${axis})`,
    interleave: (a, b) => `tf.reshape(tf.stack([${a}, ${b}], axis=-1), [tf.shape(${a})[0], -1])`,
    repeatColumns: (x) => `tf.repeat(${x}, 2, axis=-1)`,
    zeros: (r, c) => `tf.zeros([${r}, ${c}], dtype=tf.float64)`,
    clip: (x, lo, hi) => `tf.clip_by_value(${x}, ${lo}, ${hi})`,
    where: (c, a, b) => `tf.where(${c}, ${a}, ${b})`,
    toFloat32: (x) => `tf.cast(${x}, tf.float32)`,
    float32List: (v) => `tf.cast(tf.constant(${v}, dtype=tf.float32), tf.float64)`,
    zeroRow: (t, k, d) => `${t} = tf.tensor_scatter_nd_update(${t}, [[${k}]], tf.zeros([1, ${d}], dtype=tf.float64))`,
  },
};

/** A number as a Python float literal that reads back as the same float64. */
export function pyFloat(x: number): string {
  const text = String(x);
  return /[.e]/.test(text) ? text : `${text}.0`;
}
