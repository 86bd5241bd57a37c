import 'phasor/embed';
import { createPhasor } from 'phasor';

createPhasor({ experiments: true }).then((ph) => (window.phasorResult = { table: Array.from(ph.encode({ positions: 5, dModel: 4 }).table) }));
