// Two of the "why this design" numbers: the norms behind the √dModel scaling
// of token embeddings, and how close distinct positions come for a base and
// a length (cpp/include/phasor/embedding_scale.hpp, resolution.hpp).
import { putFloat32, putFloat64, readFloat32, readNumbers, SLOT, STREAM, takeResult } from './experiment-inputs.js';
import { OptionReader } from './options.js';
import type { EmbeddingScale, EmbeddingScaleOptions, PositionResolution, PositionResolutionOptions } from './rope-types.js';
import { normalSamples } from './attention.js';
import type { ExperimentsWasm } from './wasm-module.js';

// As kMaxEmbeddingScaleValues in embedding_scale.hpp: no huge draw before the core refuses.
const MAX_VALUES = 1 << 26;

/** Per position: |e_p|, |√d·e_p|, |PE(p)|, |e_p + PE(p)|, |√d·e_p + PE(p)|. */
export function embeddingScale(wasm: ExperimentsWasm, options: EmbeddingScaleOptions): EmbeddingScale {
  const fn = 'embeddingScale';
  const o = new OptionReader(fn, options, ['dModel', 'positions', 'offset', 'base', 'seed', 'embeddingStd', 'tokens']);
  const dModel = o.number('dModel');
  const positions = o.number('positions');
  const offset = o.number('offset', 0);
  const base = o.number('base', 10000);
  const seed = o.number('seed', 0);
  const std = o.number('embeddingStd', 1 / Math.sqrt(dModel));
  let tokens = readFloat32(o, fn, 'tokens', 'positions × dModel values');
  const count = positions * dModel;
  if (tokens === undefined && Number.isInteger(count) && count >= 1 && count <= MAX_VALUES) {
    tokens = normalSamples(wasm, { seed, stream: STREAM.embedding, count, std });
  }
  wasm.releaseInputs();
  if (tokens) putFloat32(wasm, fn, SLOT.tokens, tokens);
  const norms = takeResult(wasm, fn, wasm.embeddingScale(dModel, positions, offset, base));
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
  const bases = readNumbers(o, fn, 'bases', true)!;
  const lengths = readNumbers(o, fn, 'lengths', true)!;
  const minOffset = o.number('minOffset', 1);
  wasm.releaseInputs();
  putFloat64(wasm, fn, SLOT.bases, bases);
  putFloat64(wasm, fn, SLOT.lengths, lengths);
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
