// TensorFlow.js (tfjs-core + the wasm backend) written the way its users write
// PE: tf.range for positions and frequencies, tf.outerProduct, sin and cos,
// concatenated: the split layout (sines, then cosines). Stacking them into the
// interleaved layout (tf.stack + reshape) is also idiomatic but slower in
// this backend, so TF.js gets the faster one. Every
// result is read back with dataSync(), so the work is really done and paid for.
//
// W2 and W5 use the matMul form |a|² + |b|² − 2a·b: the seeds' broadcast
// (n,1,d) − (1,n,d) needs a 1000 × 1000 × 1000 float32 temporary (4 GB), more
// than a wasm32 heap holds ("memory access out of bounds" here).
import type * as tfCore from '@tensorflow/tfjs-core';
import { BASE, type Workload } from '../workloads.js';
import { PEER_LABELS, type Peer } from './peer.js';

type Tf = typeof tfCore;

/** The float32 PE table as a tensor: [n, d], sin(p·ω_i) at i and cos at d/2 + i (split layout). */
export function tfTable(tf: Tf, n: number, d: number): tfCore.Tensor2D {
  return tf.tidy(() => {
    const divTerm = tf.exp(tf.mul<tfCore.Tensor1D>(tf.range(0, d, 2, 'float32'), -Math.log(BASE) / d));
    const angles = tf.outerProduct(tf.range(0, n, 1, 'float32'), divTerm);
    return tf.concat([tf.sin(angles), tf.cos(angles)], 1);
  });
}

/** Euclidean distances between all rows of x, by |a|² + |b|² − 2a·b. */
export function tfDistances(tf: Tf, x: tfCore.Tensor2D): tfCore.Tensor2D {
  return tf.tidy(() => {
    const squares = tf.sum(tf.square(x), 1);
    const gram = tf.matMul(x, x, false, true);
    const d2 = tf.sub<tfCore.Tensor2D>(
      tf.add(tf.reshape(squares, [-1, 1]), tf.reshape(squares, [1, -1])),
      tf.mul(gram, 2),
    );
    return tf.sqrt(tf.relu(d2)); // relu: rounding can make d2 slightly negative
  });
}

function read(tf: Tf, make: () => tfCore.Tensor): Float32Array {
  const t = make();
  try {
    return t.dataSync() as Float32Array;
  } finally {
    t.dispose();
  }
}

export function tfjsPeer(tf: Tf): Peer {
  return {
    id: 'tfjs-wasm',
    label: PEER_LABELS['tfjs-wasm'],
    tableLayout: 'split',
    run(w: Workload, rows: Float32Array): Float32Array {
      switch (w.id) {
        case 'W1':
        case 'W3':
          return read(tf, () => tfTable(tf, w.n, w.d));
        case 'W2':
          return read(tf, () => tf.tidy(() => tfDistances(tf, tfTable(tf, w.n, w.d))));
        case 'W4':
          return read(tf, () =>
            tf.tidy(() => {
              const pe = tfTable(tf, w.n, w.d);
              return tf.reshape(tf.matMul(pe, tf.slice(pe, [0, 0], [1, w.d]), false, true), [w.n]);
            }),
          );
        case 'W5':
          return read(tf, () => tf.tidy(() => tfDistances(tf, tf.tensor2d(rows, [w.n, w.d]))));
      }
    },
  };
}

export interface TfjsInfo {
  version: string;
  backend: string;
  /** The .wasm file the backend asked for (seen through the path map). */
  binary: string;
  simd: boolean;
  threads: boolean;
}

const WASM_FILES = ['tfjs-backend-wasm.wasm', 'tfjs-backend-wasm-simd.wasm', 'tfjs-backend-wasm-threaded-simd.wasm'];

/**
 * Switches TF.js to the wasm backend and reports which binary it loaded:
 * the path map is watched, so the last name the backend looks up is the one
 * it instantiates. `dir` is where the three .wasm files are (a directory path
 * in Node, a URL prefix in the browser).
 */
export async function useWasmBackend(
  tf: Tf,
  setWasmPaths: (paths: Record<string, string>) => void,
  dir: string,
): Promise<TfjsInfo> {
  const requested: string[] = [];
  const paths = Object.fromEntries(WASM_FILES.map((name) => [name, dir + name]));
  setWasmPaths(
    new Proxy(paths, {
      get(target, key) {
        if (typeof key === 'string' && WASM_FILES.includes(key)) requested.push(key);
        return target[key as string];
      },
    }),
  );
  requested.length = 0; // setWasmPaths itself checks every name
  if (!(await tf.setBackend('wasm'))) throw new Error('bench: TF.js could not start its wasm backend');
  await tf.ready();
  return {
    version: tf.version_core,
    backend: tf.getBackend(),
    binary: requested.at(-1) ?? 'unknown',
    simd: Boolean(await tf.env().getAsync('WASM_HAS_SIMD_SUPPORT')),
    threads: Boolean(await tf.env().getAsync('WASM_HAS_MULTITHREAD_SUPPORT')),
  };
}
