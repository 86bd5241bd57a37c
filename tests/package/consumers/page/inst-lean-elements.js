import { createPhasor } from 'phasor/lean';
import 'phasor/elements';

createPhasor({ experiments: true }).then((ph) => (window.phasorResult = { table: Array.from(ph.encode({ positions: 5, dModel: 4 }).table) }));
