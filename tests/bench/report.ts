// Renders a BenchResult as markdown: the table printed by `npm run bench` and
// the section of docs/performance.md between <!-- bench:start --> and <!-- bench:end -->.
import { identifyLines } from './identify.js';
import { identifyRopeLines } from './identify-rope.js';
import { PEER_LABELS, type PeerId } from './peers/peer.js';
import { ACCURACY_ORDER, type AccuracyColumn, type BenchResult } from './suite.js';

const ACCURACY_LABELS: Record<AccuracyColumn, string> = {
  ...PEER_LABELS,
  'plain-ts': 'plain TS (float64 math)',
  'naive-float32': 'naive float32 formula',
  'tfjs-wasm': 'TF.js wasm (float32)',
};

function sig(x: number, digits = 3): string {
  if (!Number.isFinite(x)) return String(x);
  if (x === 0) return '0';
  const a = Math.abs(x);
  if (a >= 10 ** digits) return Math.round(x).toLocaleString('en-US');
  return Number(x.toPrecision(digits)).toString();
}

/** 0.031 → "0.031 (32× faster)"; 3.4 → "3.4 (3.4× slower)". */
export function formatRatio(r: number | undefined): string {
  if (r === undefined || !Number.isFinite(r)) return '—';
  if (r < 1) return `${sig(r, 2)} (${sig(1 / r, 2)}× faster)`;
  return `${sig(r, 2)} (${sig(r, 2)}× slower)`;
}

export function formatError(e: number | undefined): string {
  if (e === undefined) return '—';
  if (!Number.isFinite(e)) return 'NaN';
  if (e === 0) return '0';
  return e.toExponential(1);
}

function row(cells: string[]): string {
  return `| ${cells.join(' | ')} |`;
}

function header(cells: string[], numericFrom: number): string[] {
  return [row(cells), row(cells.map((_, i) => (i >= numericFrom ? '--:' : ':--')))];
}

function others(result: BenchResult): PeerId[] {
  return result.peers.map((p) => p.id).filter((id) => id !== 'phasor-simd');
}

export function machineLine(result: BenchResult): string {
  const e = result.environment;
  const end = e.loadAverageAtEnd !== undefined ? ` → ${e.loadAverageAtEnd.toFixed(2)}` : '';
  const load = e.loadAverage !== undefined ? `, load average ${e.loadAverage.toFixed(2)}${end}` : '';
  return `${e.runtime} on ${e.cpu} (${e.cores} cores), ${e.os}, ${e.date}${load}`;
}

export function ratioTable(result: BenchResult): string[] {
  const peers = others(result);
  const lines = header(['workload', 'size', ...peers.map((id) => PEER_LABELS[id])], 2);
  for (const w of result.workloads) {
    lines.push(row([`${w.id} ${w.title}`, w.size, ...peers.map((id) => formatRatio(result.ratios[w.id]?.[id]))]));
  }
  return lines;
}

export function medianTable(result: BenchResult): string[] {
  const peers = result.peers.map((p) => p.id);
  const lines = header(['workload', ...peers.map((id) => PEER_LABELS[id])], 1);
  for (const w of result.workloads) {
    lines.push(
      row([
        w.id,
        ...peers.map((id) => {
          const t = result.timings[w.id]?.[id];
          if (!t) return '—';
          return `${sig(t.medianMs)} (${t.batch > 1 ? `${t.runs}×${t.batch}` : t.runs})`;
        }),
      ]),
    );
  }
  return lines;
}

export function accuracyTable(result: BenchResult): string[] {
  const columns = ACCURACY_ORDER.filter((c) => result.workloads.some((w) => result.accuracy[w.id]?.[c] !== undefined));
  const lines = header(['workload', 'values up to', ...columns.map((c) => ACCURACY_LABELS[c])], 1);
  for (const w of result.workloads) {
    lines.push(
      row([
        `${w.id} ${w.size}`,
        sig(result.referenceScale[w.id] ?? NaN, 3),
        ...columns.map((c) => formatError(result.accuracy[w.id]?.[c])),
      ]),
    );
  }
  return lines;
}

/** Where phasor's time goes: the API call, the wasm call alone (no copy-out), and the fill floor. */
export function breakdownTable(result: BenchResult): string[] {
  const lines = header(
    ['workload', 'phasor API (ms)', 'wasm call alone, no copy-out (ms)', 'share of the API time', 'fill floor (ms)'],
    1,
  );
  for (const w of result.workloads) {
    const api = result.timings[w.id]?.['phasor-simd']?.medianMs;
    const kernel = result.kernelOnly?.[w.id]?.medianMs;
    const floor = result.timings[w.id]?.['fill-floor']?.medianMs;
    if (api === undefined || kernel === undefined) continue;
    const share = `${Math.round((100 * kernel) / api)} %`;
    lines.push(row([`${w.id} ${w.size}`, sig(api), sig(kernel), share, floor === undefined ? '—' : sig(floor)]));
  }
  return lines.length > 2 ? lines : [];
}

export function targetLines(result: BenchResult): string[] {
  return result.targets.map((t) => {
    const how =
      t.peer === 'fill-floor'
        ? `${sig(t.ratio, 2)}× the floor's time`
        : t.ratio < 1
          ? `${sig(1 / t.ratio, 3)}× faster`
          : `${sig(t.ratio, 3)}× slower`;
    const extra = t.extra ? ' _(stricter than the issue)_' : '';
    return `- ${t.met ? 'met' : '**missed**'}: ${t.text}${extra} — ${how} (ratio ${sig(t.ratio, 3)}, target ≤ ${sig(t.maxRatio, 3)})`;
  });
}

function tfjsLine(result: BenchResult): string {
  const tf = result.environment.tfjs;
  if (!tf) return 'TF.js: not run here.';
  return `TF.js ${tf.version}, backend '${tf.backend}', binary ${tf.binary} (SIMD ${tf.simd ? 'on' : 'off'}, threads ${tf.threads ? 'on' : 'off'}).`;
}

/** The whole report for the terminal. */
export function renderReport(result: BenchResult): string {
  const lines = [
    `## phasor bench (${result.mode}) — ${machineLine(result)}`,
    '',
    `phasor: wasm SIMD kernels ${result.environment.phasorSimd ? 'on' : 'OFF (the SIMD build reported simd: false)'}. ${tfjsLine(result)}`,
    '',
    '### Ratios: phasor (wasm SIMD) time ÷ peer time (median; below 1 means phasor is faster)',
    '',
    ...ratioTable(result),
    '',
    '### Medians in ms (samples×calls per sample)',
    '',
    ...medianTable(result),
    '',
    result.mode === 'full' ? '### Targets' : '### Targets (they are about the full sizes; meaningless here)',
    '',
    ...targetLines(result),
    '',
    '### Accuracy: max |value − float64 reference|',
    '',
    ...accuracyTable(result),
    '',
    '### Where phasor (wasm SIMD) spends its time',
    '',
    ...breakdownTable(result),
    '',
    ...identifyLines(result.identify),
    ...identifyRopeLines(result.identifyRope),
    ...(result.environment.notes ?? []).map((n) => `Note: ${n}`),
    `Total ${result.totalSeconds.toFixed(1)} s.`,
  ];
  return lines.join('\n');
}

/** The accuracy bound in words, from the run's numbers. */
export function accuracySummary(result: BenchResult): string {
  const a = result.accuracy;
  const tables = Math.max(a.W1?.['phasor-simd'] ?? NaN, a.W3?.['phasor-simd'] ?? NaN);
  return [
    `phasor's tables (W1, W3) are within ${formatError(tables)} of float64, inside the bound 2^-25 + |p|·2^-51 + 2^-40 (float32`,
    `rounding, 3.0e-8 here); the naive float32 formula is off by ${formatError(a.W3?.['naive-float32'])}`,
    `at W3, TF.js by ${formatError(a.W3?.['tfjs-wasm'])}. Distances and dot products (W2, W4) are float64 sums rounded`,
    "once. TF.js's W2/W5 error is the cancellation of |a|² + |b|² − 2a·b on the diagonal (true distance 0);",
    "phasor's W5 kernel sums in float32.",
  ].join('\n');
}

/** The section of docs/performance.md (between the markers), regenerated from the saved results. */
export function renderReadmeSection(node: BenchResult, browser?: BenchResult): string {
  const lines = [
    `_Generated by \`npm run bench\`${browser ? ' and `npm run bench:browser`' : ''} from \`tests/bench/results/\`; edit the bench, not this text._`,
    '',
    `Measured with ${machineLine(node)}. ${tfjsLine(node)}`,
    'Each number is the median of repeated runs after a warm-up, the peers of a workload timed round-robin;',
    'the machine was shared with other jobs, so expect ±20 % between runs. Workloads: W1 the 2048 × 512',
    "table, W2 the seeds' 1000 × 1000 distance matrix (d = 1000), W3 the 65,536 × 128 table, W4 PE(0)·PE(k)",
    'for 4096 offsets (d = 512), W5 the general pairwise L2 kernel on 1000 arbitrary rows (d = 1000, no',
    'Toeplitz shortcut). Peers: phasor through its public API (results copied out of wasm memory), its',
    'build without SIMD, "plain TS" = the formula per element in loops over Float32Array with',
    "Math.exp/Math.sin/Math.cos and a triple loop for distances, the same with the tutorials' div_term",
    'hoisted out of the loop, TF.js (range, outerProduct, sin, cos, concat; distances as',
    '|a|² + |b|² − 2a·b with matMul, since the broadcast needs a 4 GB temporary), and the "fill floor":',
    'allocating and filling a Float32Array of the output size. Source: `tests/bench/`.',
    '',
    '**phasor (wasm SIMD) time ÷ peer time**, Node (below 1: phasor is faster):',
    '',
    ...ratioTable(node),
    '',
    ...targetLines(node),
    '',
    '**Accuracy**: max |value − float64 reference| (the reference is computed in float64 from the',
    'definitions; "naive float32 formula" is the tutorials\' code with every operation rounded to float32,',
    'as torch or numpy float32 run it):',
    '',
    ...accuracyTable(node),
    '',
    accuracySummary(node),
    '',
    "**Where phasor's time goes**: the wasm call alone (result left in wasm memory) against the whole API",
    'call, which also copies the result into a fresh JavaScript array (for W2 the wasm computes the first',
    'row and the API lays the n × n matrix out from it), and the fill floor (allocating and writing an',
    'array of that size):',
    '',
    ...breakdownTable(node),
    '',
    '**Medians** in ms (samples × calls per sample):',
    '',
    ...medianTable(node),
  ];
  if (browser) {
    lines.push(
      '',
      `**In Chromium**, the same page a user opens (\`npm run bench:browser\`): ${machineLine(browser)}. ${tfjsLine(browser)}`,
      'phasor (wasm SIMD) time ÷ peer time:',
      '',
      ...ratioTable(browser),
      '',
      ...targetLines(browser),
      '',
      '<details><summary>Chromium medians in ms</summary>',
      '',
      ...medianTable(browser),
      '',
      '</details>',
    );
  }
  return lines.join('\n');
}

export const README_START = '<!-- bench:start -->';
export const README_END = '<!-- bench:end -->';

/** docs/performance.md with its bench section replaced; markers are added under "## Measured" when missing. */
export function replaceReadmeSection(readme: string, section: string): string {
  const start = readme.indexOf(README_START);
  const end = readme.indexOf(README_END);
  const block = `${README_START}\n${section}\n${README_END}`;
  if (start >= 0 && end > start) return readme.slice(0, start) + block + readme.slice(end + README_END.length);
  const heading = '## Measured';
  const at = readme.indexOf(heading);
  if (at >= 0) {
    const lineEnd = readme.indexOf('\n', at);
    return `${readme.slice(0, lineEnd + 1)}\n${block}\n${readme.slice(lineEnd + 1)}`;
  }
  return `${readme.trimEnd()}\n\n${heading}\n\n${block}\n`;
}
