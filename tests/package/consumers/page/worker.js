import { createPhasor } from 'phasor';

createPhasor({ experiments: true }).then(
  (ph) => postMessage({ table: Array.from(ph.encode({ positions: 5, dModel: 4 }).table), slopes: Array.from(ph.alibiSlopes({ heads: 8 })) }),
  (error) => postMessage({ error: String(error) }),
);
