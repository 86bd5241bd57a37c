// The five workloads of the benchmark (issue 5), at full size and at the tiny
// size the unit test runs. Every peer computes the same output for each one.

export type WorkloadId = 'W1' | 'W2' | 'W3' | 'W4' | 'W5';

export interface Workload {
  id: WorkloadId;
  title: string;
  /** W1/W3: table rows; W2: matrix side; W4: number of offsets; W5: number of rows. */
  n: number;
  /** dModel (W1–W4) or the width of the arbitrary rows (W5). */
  d: number;
  /** How many float32 values the output holds (what the fill floor writes). */
  outputValues: number;
}

export const BASE = 10000;

function workload(id: WorkloadId, title: string, n: number, d: number): Workload {
  const outputValues = id === 'W1' || id === 'W3' ? n * d : id === 'W4' ? n : n * n;
  return { id, title, n, d, outputValues };
}

export function workloads(quick: boolean): Workload[] {
  if (quick) {
    return [
      workload('W1', 'PE table', 16, 8),
      workload('W2', 'distance matrix of the table', 12, 16),
      workload('W3', 'long PE table', 64, 8),
      workload('W4', 'PE(0)·PE(k) by offset', 32, 8),
      workload('W5', 'pairwise L2, arbitrary rows', 12, 16),
    ];
  }
  return [
    workload('W1', 'PE table', 2048, 512),
    workload('W2', 'distance matrix of the table', 1000, 1000),
    workload('W3', 'long PE table', 65536, 128),
    workload('W4', 'PE(0)·PE(k) by offset', 4096, 512),
    workload('W5', 'pairwise L2, arbitrary rows', 1000, 1000),
  ];
}

/** "2048 × 512" style size label for tables. */
export function sizeLabel(w: Workload): string {
  const f = (x: number) => x.toLocaleString('en-US');
  switch (w.id) {
    case 'W1':
    case 'W3':
      return `${f(w.n)} × ${f(w.d)}`;
    case 'W2':
      return `${f(w.n)} × ${f(w.n)}, d = ${f(w.d)}`;
    case 'W4':
      return `${f(w.n)} offsets, d = ${f(w.d)}`;
    case 'W5':
      return `${f(w.n)} rows, d = ${f(w.d)}`;
  }
}

/**
 * The W5 input: rows that are neither a PE table nor Toeplitz-structured
 * (PE plus a seeded pseudo-random "token embedding"), so no peer can take a
 * shortcut. Deterministic, so every run measures the same data.
 */
export function arbitraryRows(n: number, d: number): Float32Array {
  let state = 0x9e3779b9;
  const next = () => {
    // mulberry32
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const rows = new Float32Array(n * d);
  for (let p = 0; p < n; p++) {
    for (let t = 0; t < d; t++) {
      const angle = p * Math.pow(BASE, -(t & ~1) / d);
      rows[p * d + t] = (t % 2 === 0 ? Math.sin(angle) : Math.cos(angle)) + (next() - 0.5);
    }
  }
  return rows;
}
