// `npm run bench`: times every workload for every peer in this one Node
// process, prints the markdown report, writes tests/bench/results/latest.json
// and regenerates docs/performance.md's bench section from it.
//
//   node tests/bench/run.mjs            full sizes (about a minute and a half)
//   node tests/bench/run.mjs --quick    tiny sizes, one sample each; writes
//                                       results/quick.json, never the docs
//   --out <file>                        write the JSON there (and leave the docs alone)
//   --readme                            only regenerate docs/performance.md from the saved
//                                       results (latest.json, browser.json); measure nothing
//
// The bench and the API are TypeScript. Node 20 cannot import .ts, so this
// launcher starts Vite's dev server in middleware mode (no port, no HMR) and
// loads them with ssrLoadModule: the same transform the browser page gets,
// and the core's own Node path (it reads the .wasm from disk next to its
// glue). TF.js is imported natively (its CommonJS Node build).
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { loadAverageNow, loader, machine, regenerateReadme, resultsDir, startVite, writeJson } from './launch.mjs';

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    out: { type: 'string' },
    readme: { type: 'boolean', default: false },
  },
});

async function loadTfjs(useWasmBackend) {
  const tf = await import('@tensorflow/tfjs-core');
  const { setWasmPaths } = await import('@tensorflow/tfjs-backend-wasm');
  const require = createRequire(import.meta.url);
  const dir = `${dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json'))}/dist/`;
  const info = await useWasmBackend(tf, setWasmPaths, dir);
  return { tf, info };
}

async function measureAndReport(server) {
  const load = loader(server);
  const [{ createPhasor }, suite, report, measure, phasorPeers, tfjsPeers, plainPeers, { floorPeer }] =
    await Promise.all([
      load('web/src/core/index.ts'),
      load('tests/bench/suite.ts'),
      load('tests/bench/report.ts'),
      load('tests/bench/measure.ts'),
      load('tests/bench/peers/phasor.ts'),
      load('tests/bench/peers/tfjs.ts'),
      load('tests/bench/peers/plain.ts'),
      load('tests/bench/peers/floor.ts'),
    ]);
  const { loadCore } = await load('web/src/core/load.ts');
  const { phasorKernelOnly } = await load('tests/bench/peers/phasor-kernel.ts');

  const [simd, scalar] = await Promise.all([createPhasor({ kernels: 'simd' }), createPhasor({ kernels: 'scalar' })]);
  await simd.loadExperiments(); // identify lives there
  const { tf, info: tfjs } = await loadTfjs(tfjsPeers.useWasmBackend);

  const result = await suite.runSuite({
    quick: args.quick,
    timing: args.quick ? measure.QUICK_TIMING : measure.FULL_TIMING,
    environment: {
      runtime: `Node ${process.version} (V8 ${process.versions.v8})`,
      ...machine(),
      phasorSimd: simd.simd && !scalar.simd,
      tfjs,
      notes: suite.COMMON_NOTES,
    },
    peers: [
      phasorPeers.phasorPeer(simd, 'phasor-simd'),
      phasorPeers.phasorPeer(scalar, 'phasor-scalar'),
      plainPeers.plainFormulaPeer,
      plainPeers.plainHoistedPeer,
      tfjsPeers.tfjsPeer(tf),
      floorPeer,
    ],
    kernelOnly: phasorKernelOnly(await loadCore({ kernels: 'simd' })),
    identify: (table, positions, dModel) => simd.identify({ table, positions, dModel }),
    identifyRope: {
      call: (cos, sin, width) => simd.identifyRope({ cos, sin, width }),
      caches: [
        { name: 'Llama 2 (theta 1e4)', ...simd.ropeFrequencies({ preset: 'llama-2-7b' }) },
        {
          name: 'Qwen2.5 YaRN (theta 1e6, x4, L 32768)',
          ...simd.ropeFrequencies({ preset: 'qwen2.5-7b-instruct-yarn' }),
        },
      ],
    },
    log: (line) => process.stderr.write(`bench: ${line}\n`),
  });
  result.environment.loadAverageAtEnd = loadAverageNow();

  const out = args.out ?? `${resultsDir}/${args.quick ? 'quick' : 'latest'}.json`;
  writeJson(out, result);
  process.stdout.write(`${report.renderReport(result)}\n`);
  process.stderr.write(`bench: wrote ${out}\n`);
  if (!args.quick && !args.out && (await regenerateReadme(server))) {
    process.stderr.write(
      'bench: regenerated docs/performance.md between <!-- bench:start --> and <!-- bench:end -->\n',
    );
  }
}

const server = await startVite({ listen: false });
try {
  if (!args.readme) {
    await measureAndReport(server);
  } else if (await regenerateReadme(server)) {
    process.stderr.write('bench: regenerated docs/performance.md from tests/bench/results/\n');
  } else {
    throw new Error('bench: no full run in tests/bench/results/latest.json yet; run `npm run bench` first');
  }
} finally {
  await server.close();
}
