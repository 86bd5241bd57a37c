import 'phasor/embed';

window.phasorResult = { embed: true };
