// The RoPE cases of tests/fixtures/frameworks/fixtures.bin (float64, made by
// make_fixtures.py from rope_transcriptions.py: transformers' formulas, DeepSeek's
// own code, the presets of presets.json), and how each maps onto phasor's options.
import { readFileSync } from 'node:fs';
import type { RopeFrequencyOptions, RopePresetName, RopeScaling } from '../../web/src/core/index.js';

const dir = new URL('../fixtures/frameworks/', import.meta.url);

export interface FixtureEntry {
  id: string;
  convention: string;
  kind: string;
  shape: number[];
  offset: number;
  params?: Record<string, unknown>;
  attentionFactor?: number;
  positions?: number[];
  preset?: RopePresetName;
  pairing?: 'adjacent' | 'half';
  ropeDims?: 'first' | 'last';
  calls?: number[];
  of?: string;
  float32?: { offset: number; maxAbsDiff: number };
}

const index = JSON.parse(readFileSync(new URL('fixtures.json', dir), 'utf8')) as { entries: FixtureEntry[] };
const bytes = readFileSync(new URL('fixtures.bin', dir));
const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength); // 8-byte aligned

export const ropeEntries = index.entries.filter((e) => e.convention === 'rope' || e.convention === 'preset');

export function entry(id: string): FixtureEntry {
  const found = index.entries.find((e) => e.id === id);
  if (!found) throw new Error(`no fixture ${id}`);
  return found;
}

export function valuesOf(e: FixtureEntry, offset = e.offset): Float64Array {
  return new Float64Array(
    buffer,
    offset,
    e.shape.reduce((a, b) => a * b, 1),
  );
}

/**
 * phasor's ropeFrequencies options for an invFreq case of rope_transcriptions.py
 * (each transcription's parameters under transformers' names).
 */
export function optionsOf(e: FixtureEntry): RopeFrequencyOptions {
  if (e.convention === 'preset') {
    // invFreqLong: the long factors, as a call past originalMaxPositionEmbeddings gets them.
    return e.id.endsWith('/invFreqLong')
      ? { preset: e.preset, scaling: { sequenceLength: 4097 } as RopeScaling }
      : { preset: e.preset };
  }
  const p = e.params as Record<string, number & number[] & string & boolean & null>;
  const dim = p.dim;
  const theta = p.base;
  const fn = e.id.split('/')[1].split(',')[0];
  const seq = p.seq_len === null || p.seq_len === undefined ? {} : { sequenceLength: p.seq_len };
  switch (fn) {
    case 'default':
      return { dim, theta };
    case 'linear':
      return { dim, theta, scaling: { type: 'linear', factor: p.factor } };
    case 'dynamic':
      return {
        dim,
        theta,
        scaling: { type: 'dynamic-ntk', factor: p.factor, maxPositionEmbeddings: p.max_position_embeddings, ...seq },
      };
    case 'yarn': {
      const version = p.hf_version ?? 'current';
      const common = { betaFast: p.beta_fast ?? 32, betaSlow: p.beta_slow ?? 1, truncate: p.truncate ?? true };
      const attention = p.attention_factor === undefined ? {} : { attentionFactor: p.attention_factor };
      const mscale = p.mscale === undefined ? {} : { mscale: p.mscale, mscaleAllDim: p.mscale_all_dim };
      if (version === 'older') {
        // L = max_position_embeddings, no mscale: the default 0.1 ln f + 1.
        return {
          dim,
          theta,
          scaling: {
            type: 'yarn',
            factor: p.factor,
            originalLength: p.max_position_embeddings,
            ...common,
            ...attention,
          },
        };
      }
      // intermediate: factor replaced by max / original whenever original is given.
      const factor =
        version === 'intermediate' ? p.max_position_embeddings / p.original_max_position_embeddings : p.factor;
      return {
        dim,
        theta,
        scaling: {
          type: 'yarn',
          factor,
          originalMaxPositionEmbeddings: p.original_max_position_embeddings,
          ...common,
          ...attention,
          ...mscale,
        },
      };
    }
    case 'deepseek-official':
      // DeepSeek's own code: YaRN's frequencies, cos and sin not scaled (the mscale is in the softmax).
      return {
        dim,
        theta,
        scaling: { type: 'yarn', factor: p.factor, originalLength: p.original_seq_len, attentionFactor: 1 },
      };
    case 'longrope':
      return {
        dim,
        theta,
        scaling: {
          type: 'longrope',
          shortFactor: p.short_factor,
          longFactor: p.long_factor,
          originalMaxPositionEmbeddings: p.original_max_position_embeddings,
          ...(p.factor === undefined ? { maxPositionEmbeddings: p.max_position_embeddings } : { factor: p.factor }),
          ...seq,
        },
      };
    case 'llama3':
      return {
        dim,
        theta,
        scaling: {
          type: 'llama3',
          factor: p.factor,
          lowFreqFactor: p.low_freq_factor,
          highFreqFactor: p.high_freq_factor,
          originalLength: p.original_max_position_embeddings,
        },
      };
    default:
      throw new Error(`no mapping for ${e.id}`);
  }
}
