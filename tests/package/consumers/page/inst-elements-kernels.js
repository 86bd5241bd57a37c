import { createPhasor } from 'phasor';
import 'phasor/elements';

Promise.all([createPhasor({ kernels: 'simd' }), createPhasor(), createPhasor({ experiments: true })]).then(([a, b, c]) => {
  window.phasorResult = { same: a === b && b === c, table: Array.from(a.encode({ positions: 5, dModel: 4 }).table) };
});
