// Not a peer: phasor's wasm functions called directly, the result left in wasm
// memory (no copy into a fresh JavaScript array). Timed beside the API to show
// where phasor's time goes: the computation, or handing the result over.
import type { CoreWasm, WasmTableRecord } from '../../../web/src/core/wasm-module.js';
import { BASE, type Workload } from '../workloads.js';

// The paper's table, codes 0 for the default layout, spacing, order and oddWidth.
const paperTable = (positions: number, dModel: number): WasmTableRecord => ({
  positions,
  dModel,
  base: BASE,
  offset: 0,
  layout: 0,
  spacing: 0,
  order: 0,
  oddWidth: 0,
  maxFrequency: 1,
  scale: 1,
  hasPadding: false,
  paddingIdx: 0,
  buffer: false,
});

function view<T>(result: T | string): T {
  if (typeof result === 'string') throw new RangeError(`bench: phasor refused: ${result}`);
  return result;
}

export function phasorKernelOnly(wasm: CoreWasm): (w: Workload, rows: Float32Array) => ArrayLike<number> {
  return (w, rows) => {
    let out: ArrayLike<number>;
    switch (w.id) {
      case 'W1':
      case 'W3':
        out = view(wasm.encode(paperTable(w.n, w.d)));
        break;
      case 'W2':
        out = view(wasm.offsetRow(w.n, w.d, BASE, 0, 0));
        break;
      case 'W4':
        out = view(wasm.dotByOffset(w.d, BASE, w.n - 1, 0));
        break;
      case 'W5':
        view(wasm.pairwiseInput(w.n, w.d)).set(rows);
        out = view(wasm.pairwise(w.n, w.d, 0));
        break;
    }
    const middle = [out[out.length >> 1]]; // read before the buffer is freed
    wasm.releaseResult();
    return middle;
  };
}
