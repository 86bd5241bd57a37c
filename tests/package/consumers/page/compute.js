import { createPhasor } from 'phasor';

createPhasor().then(
  (ph) => (window.phasorResult = { table: Array.from(ph.encode({ positions: 5, dModel: 4 }).table) }),
  (error) => (window.phasorResult = { error: String(error) }),
);
