// Node CommonJS: require() of every entry, with require(esm) switched off as
// on Node 20.0–20.18, so only a real CommonJS build can pass.
const { createPhasor } = require('phasor');
require('phasor/lean');
require('phasor/elements');
require('phasor/embed');
createPhasor({ experiments: true }).then((ph) =>
  console.log(
    JSON.stringify({
      table: Array.from(ph.encode({ positions: 5, dModel: 4 }).table),
      slopes: Array.from(ph.alibiSlopes({ heads: 8 })),
      resolved: require.resolve('phasor').replace(/\\/g, '/').split('/node_modules/')[1],
      defined: typeof customElements !== 'undefined',
    }),
  ),
);
