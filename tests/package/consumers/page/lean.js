import { createPhasor } from 'phasor/lean';
import 'phasor/elements';

createPhasor({ experiments: true }).then(
  (ph) => {
    window.phasorResult = { table: Array.from(ph.encode({ positions: 5, dModel: 4 }).table), slopes: Array.from(ph.alibiSlopes({ heads: 8 })) };
  },
  (error) => (window.phasorResult = { error: String(error) }),
);
