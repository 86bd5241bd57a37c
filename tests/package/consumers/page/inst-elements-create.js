import { createPhasor } from 'phasor';
import 'phasor/elements';

createPhasor().then((ph) => (window.phasorResult = { table: Array.from(ph.encode({ positions: 5, dModel: 4 }).table) }));
