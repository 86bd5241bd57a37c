// The benchmark in a browser page: the same suite as `npm run bench`, with
// phasor loaded the way a site loads it and TF.js's wasm files served by Vite.
// The result lands in window.benchResult (browser.mjs waits for it).
import * as tf from '@tensorflow/tfjs-core';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import { createPhasor } from '../../../web/src/core/index.js';
import { loadCore } from '../../../web/src/core/load.js';
import { FULL_TIMING, QUICK_TIMING } from '../measure.js';
import { floorPeer } from '../peers/floor.js';
import { phasorPeer } from '../peers/phasor.js';
import { phasorKernelOnly } from '../peers/phasor-kernel.js';
import { plainFormulaPeer, plainHoistedPeer } from '../peers/plain.js';
import { tfjsPeer, useWasmBackend } from '../peers/tfjs.js';
import { renderReport } from '../report.js';
import { COMMON_NOTES, runSuite, type BenchResult } from '../suite.js';

declare global {
  interface Window {
    benchResult?: BenchResult;
    benchError?: string;
  }
}

const logElement = document.getElementById('log')!;
function log(line: string): void {
  console.log(`bench: ${line}`);
  logElement.textContent += `${line}\n`;
}

/** "Chrome/131.0.6778.85" (Chromium reports itself as Chrome) from the user agent. */
function browserName(): string {
  const m = /(HeadlessChrome|Chrome|Firefox|Version)\/([\d.]+)/.exec(navigator.userAgent);
  return m ? `${m[1].replace('HeadlessChrome', 'Chromium (headless)')} ${m[2]}` : navigator.userAgent;
}

async function main(): Promise<void> {
  const quick = new URLSearchParams(location.search).has('quick');
  const [simd, scalar] = await Promise.all([createPhasor({ kernels: 'simd' }), createPhasor({ kernels: 'scalar' })]);
  await simd.loadExperiments(); // identify lives there
  const tfjs = await useWasmBackend(tf, setWasmPaths, '/node_modules/@tensorflow/tfjs-backend-wasm/dist/');
  // performance.now() is coarse here (100 µs without cross-origin isolation): longer samples.
  const timing = quick ? { ...QUICK_TIMING, minSampleMs: 2 } : { ...FULL_TIMING, minSampleMs: 20 };
  const result = await runSuite({
    quick,
    timing,
    environment: {
      runtime: browserName(),
      cpu: 'unknown',
      cores: navigator.hardwareConcurrency,
      os: navigator.platform,
      date: new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
      phasorSimd: simd.simd && !scalar.simd,
      tfjs,
      notes: [...COMMON_NOTES, `timer resolution: samples of at least ${timing.minSampleMs} ms`],
    },
    peers: [
      phasorPeer(simd, 'phasor-simd'),
      phasorPeer(scalar, 'phasor-scalar'),
      plainFormulaPeer,
      plainHoistedPeer,
      tfjsPeer(tf),
      floorPeer,
    ],
    kernelOnly: phasorKernelOnly(await loadCore({ kernels: 'simd' })),
    identify: (table, positions, dModel) => simd.identify({ table, positions, dModel }),
    log,
  });
  document.getElementById('report')!.textContent = renderReport(result);
  window.benchResult = result;
}

main().catch((e: unknown) => {
  window.benchError = e instanceof Error ? `${e.message}\n${e.stack}` : String(e);
  log(`failed: ${window.benchError}`);
});
