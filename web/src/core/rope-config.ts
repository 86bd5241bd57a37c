// ph.ropeFromConfig: a model's RoPE from its config.json, per layer type.
// rope-config-read.ts reads the keys as transformers does; the inverse
// frequencies and attention factors come from the core (ropeFrequencies), and
// a value the core refuses is named by its config key.
import { limitsOf } from './module-tables.js';
import { readRopeConfig, type LayerPlan } from './rope-config-read.js';
import type { RopeConfig, RopeLayerType } from './rope-config-types.js';
import { ropeFrequencies } from './rope.js';
import type { RopeFrequencyOptions, RopeOptions } from './rope-types.js';
import type { ExperimentsWasm } from './wasm-module.js';

/** Reads a parsed config.json (Hugging Face v4 or v5 spellings) into its RoPE, layer type by layer type. */
export function ropeFromConfig(wasm: ExperimentsWasm, config: unknown): RopeConfig {
  const plan = readRopeConfig(config, limitsOf(wasm).maxConfigLayers);
  return {
    ...(plan.modelType !== undefined ? { modelType: plan.modelType } : {}),
    ...(plan.family !== undefined ? { family: plan.family } : {}),
    prefix: plan.prefix,
    layerCount: plan.layerCount,
    maxPositionEmbeddings: plan.maxPositionEmbeddings,
    layerTypes: plan.plans.map((p) => layerType(wasm, p)),
    keysRead: plan.keysRead,
    unknownKeys: plan.unknownKeys,
    defaults: plan.defaults,
  };
}

function layerType(wasm: ExperimentsWasm, p: LayerPlan): RopeLayerType {
  const common = {
    layerType: p.layerType,
    layers: p.layers,
    nope: !p.rope,
    headDim: p.headDim,
    ropeDims: p.ropeDims,
    pairing: p.pairing,
    outputPairing: p.outputPairing,
    theta: p.theta,
    ropeType: p.ropeType,
  };
  if (!p.rope) {
    return {
      ...common,
      rotaryDim: 0,
      rotatedSlots: new Int32Array(0),
      attentionFactor: 1,
      invFreq: new Float64Array(0),
    };
  }
  const frequencyOptions: RopeFrequencyOptions = {
    dim: p.headDim,
    rotaryDim: p.rotaryDim,
    theta: p.theta,
    ...(p.scaling ? { scaling: p.scaling } : {}),
  };
  const f = inConfigTerms(p, () => ropeFrequencies(wasm, frequencyOptions));
  const rope: Omit<RopeOptions, 'rows' | 'positions'> = {
    ...frequencyOptions,
    ropeDims: p.ropeDims,
    pairing: p.pairing,
    outputPairing: p.outputPairing,
    ...(p.mrope ? { mrope: p.mrope } : {}),
    ...(p.queryScale ? { queryScale: p.queryScale } : {}),
  };
  return {
    ...common,
    rotaryDim: p.rotaryDim,
    rotatedSlots: rotatedSlots(p, f.frequencies),
    ...(p.scaling ? { scaling: p.scaling } : {}),
    attentionFactor: f.attentionFactor,
    ...(p.mrope ? { mrope: p.mrope } : {}),
    ...(p.queryScale ? { queryScale: p.queryScale } : {}),
    invFreq: f.frequencies,
    ropeFrequencies: frequencyOptions,
    rope,
  };
}

/** The head slots each turning pair joins (pairs of frequency 0 turn nothing). */
function rotatedSlots(p: LayerPlan, omega: Float64Array): Int32Array {
  const at = p.ropeDims === 'last' ? p.headDim - p.rotaryDim : 0;
  const pairs = p.rotaryDim / 2;
  const slots: number[] = [];
  omega.forEach((w, i) => {
    if (w === 0) return;
    if (p.pairing === 'adjacent') slots.push(at + 2 * i, at + 2 * i + 1);
    else slots.push(at + i, at + pairs + i);
  });
  return Int32Array.from(slots);
}

/** Runs a core call, renaming the options in its refusal to the config keys they came from. */
function inConfigTerms<T>(p: LayerPlan, call: () => T): T {
  try {
    return call();
  } catch (error) {
    if (!(error instanceof Error) || !error.message.startsWith('phasor.ropeFrequencies: ')) throw error;
    let message = error.message.replace('phasor.ropeFrequencies: ', '');
    const option = /^([A-Za-z.]+)/.exec(message)?.[1];
    const key = option === undefined ? undefined : p.origin[option];
    if (key !== undefined) message = key + message.slice(option!.length);
    const Kind = error instanceof RangeError ? RangeError : TypeError;
    throw new Kind(`phasor.ropeFromConfig: ${message} (layer type '${p.layerType}')`);
  }
}
