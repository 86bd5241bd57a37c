// phasor through its public API, exactly as a user calls it: every result is
// copied out of wasm memory (that copy is part of the measured time).
import type { Phasor } from '../../../web/src/core/index.js';
import { BASE, type Workload } from '../workloads.js';
import { PEER_LABELS, type Peer } from './peer.js';

export function phasorPeer(ph: Phasor, id: 'phasor-simd' | 'phasor-scalar'): Peer {
  return {
    id,
    label: PEER_LABELS[id],
    run(w: Workload, rows: Float32Array): Float32Array {
      switch (w.id) {
        case 'W1':
        case 'W3':
          return ph.encode({ positions: w.n, dModel: w.d, base: BASE }).table;
        case 'W2':
          return ph.distanceMatrix({ positions: w.n, dModel: w.d, base: BASE });
        case 'W4':
          return ph.dotByOffset({ dModel: w.d, base: BASE, maxOffset: w.n - 1 });
        case 'W5':
          return ph.pairwise({ rows, dim: w.d, metric: 'l2' });
      }
    },
  };
}
