// Two of the "why this design" numbers: the norms behind the √dModel scaling
// of token embeddings, and how close distinct positions come for a base and
// a length (cpp/include/phasor/embedding_scale.hpp, resolution.hpp).
import {
  float32Option,
  numbersOption,
  putFloat32,
  putFloat64,
  sample,
  STREAM,
  takeResult,
} from './experiment-inputs.js';
import { plainFloatArray } from './caller-arrays.js';
import { limitsOf } from './module-tables.js';
import { OptionReader } from './options.js';
import type {
  EmbeddingScale,
  EmbeddingScaleOptions,
  PositionResolution,
  PositionResolutionOptions,
} from './rope-types.js';
import type { ExperimentsWasm } from './wasm-module.js';

/** Per position: |e_p|, |√d·e_p|, |PE(p)|, |e_p + PE(p)|, |√d·e_p + PE(p)|. */
export function embeddingScale(wasm: ExperimentsWasm, options: EmbeddingScaleOptions): EmbeddingScale {
  const fn = 'embeddingScale';
  const o = new OptionReader(fn, options, [
    'dModel',
    'positions',
    'offset',
    'base',
    'seed',
    'embeddingStd',
    'tokens',
    'normals',
  ]);
  const dModel = o.number('dModel');
  const positions = o.number('positions');
  const offset = o.number('offset', 0);
  const base = o.number('base', 10000);
  const seed = o.number('seed', 0);
  const std = o.number('embeddingStd', 1 / Math.sqrt(dModel));
  let tokens = float32Option(o, fn, 'tokens', 'positions × dModel values');
  const normals =
    o.raw('normals') === undefined
      ? undefined
      : (plainFloatArray(
          fn,
          'normals',
          o.raw('normals'),
          ['Float64Array'],
          'positions × dModel values',
        ) as Float64Array);
  if (tokens && normals) throw new TypeError(`phasor.${fn}: give tokens or normals, not both`);
  const count = positions * dModel;
  // No draw for a size the core will refuse: it then says what is wrong.
  if (
    tokens === undefined &&
    normals === undefined &&
    Number.isInteger(count) &&
    count >= 1 &&
    count <= limitsOf(wasm).maxEmbeddingScaleValues
  ) {
    tokens = sample(wasm, fn, {
      seed,
      stream: STREAM.embedding,
      count,
      std,
      seedName: 'seed',
      stdName: 'embeddingStd',
    });
  }
  wasm.releaseInputs();
  if (tokens) putFloat32(wasm, fn, 'tokens', tokens);
  if (normals) putFloat64(wasm, fn, 'normals', normals);
  const norms = takeResult(wasm, fn, wasm.embeddingScale(dModel, positions, offset, base, seed, std));
  const block = (b: number) => norms.slice(b * positions, (b + 1) * positions);
  return {
    tokenNorm: block(0),
    scaledTokenNorm: block(1),
    peNorm: block(2),
    sumNorm: block(3),
    scaledSumNorm: block(4),
    scale: Math.sqrt(dModel),
  };
}

/** For each base and length n: the closest two distinct positions below n, by |PE(p) − PE(q)|. */
export function positionResolution(wasm: ExperimentsWasm, options: PositionResolutionOptions): PositionResolution {
  const fn = 'positionResolution';
  const o = new OptionReader(fn, options, ['dModel', 'bases', 'lengths', 'minOffset']);
  const dModel = o.number('dModel');
  const maxCases = limitsOf(wasm).maxResolutionCases;
  const bases = numbersOption(o, fn, 'bases', true, maxCases)!;
  const lengths = numbersOption(o, fn, 'lengths', true, maxCases)!;
  const minOffset = o.number('minOffset', 1);
  wasm.releaseInputs();
  putFloat64(wasm, fn, 'bases', bases);
  putFloat64(wasm, fn, 'lengths', lengths);
  const packed = takeResult(wasm, fn, wasm.positionResolution(dModel, minOffset));
  const cases = bases.length * lengths.length;
  return {
    bases,
    lengths,
    minDistance: packed.slice(0, cases),
    atOffset: packed.slice(cases, 2 * cases),
    float32Bound: packed.slice(2 * cases),
  };
}
