// The floor no implementation that returns a fresh JavaScript array can beat:
// allocating a Float32Array of the output size and writing every value once.
import type { Workload } from '../workloads.js';
import type { Peer } from './peer.js';

export const floorPeer: Peer = {
  id: 'fill-floor',
  label: 'fill floor',
  run(w: Workload): Float32Array {
    return new Float32Array(w.outputValues).fill(0.5);
  },
};
