// The straightforward TypeScript a user would write instead of phasor: the
// formula in loops over Float32Array with Math.sin/Math.cos (as written, one
// exp per element; and with the tutorials' div_term hoisted out of the loop),
// and the seeds' "every row minus every row" as a triple loop. JavaScript arithmetic
// is float64, so these are accurate; they are just slow.
import { BASE, type Workload } from '../workloads.js';
import { PEER_LABELS, type Peer } from './peer.js';

/** The formula as written, per element: PE[pos][2i] = sin(pos·exp(−2i·ln(base)/d)), PE[pos][2i+1] = cos(...). */
export function formulaTable(positions: number, dModel: number, base = BASE): Float32Array {
  const pe = new Float32Array(positions * dModel);
  for (let pos = 0; pos < positions; pos++) {
    for (let i = 0; i < dModel / 2; i++) {
      const angle = pos * Math.exp((-2 * i * Math.log(base)) / dModel);
      pe[pos * dModel + 2 * i] = Math.sin(angle);
      pe[pos * dModel + 2 * i + 1] = Math.cos(angle);
    }
  }
  return pe;
}

/** The tutorials' numpy code ported: div_term[i] = exp(−2i·ln(base)/d) computed once, then the loops. */
export function hoistedTable(positions: number, dModel: number, base = BASE): Float32Array {
  const divTerm = new Float64Array(dModel / 2);
  for (let i = 0; i < dModel / 2; i++) divTerm[i] = Math.exp((-2 * i * Math.log(base)) / dModel);
  const pe = new Float32Array(positions * dModel);
  for (let pos = 0; pos < positions; pos++) {
    for (let i = 0; i < dModel / 2; i++) {
      const angle = pos * divTerm[i];
      pe[pos * dModel + 2 * i] = Math.sin(angle);
      pe[pos * dModel + 2 * i + 1] = Math.cos(angle);
    }
  }
  return pe;
}

type TableFn = (positions: number, dModel: number) => Float32Array;

/** |row p − row q| for every pair, all n × n of them, as the seeds' broadcast does. */
export function plainDistances(rows: Float32Array, n: number, d: number): Float32Array {
  const out = new Float32Array(n * n);
  for (let p = 0; p < n; p++) {
    for (let q = 0; q < n; q++) {
      let sum = 0;
      for (let t = 0; t < d; t++) {
        const diff = rows[p * d + t] - rows[q * d + t];
        sum += diff * diff;
      }
      out[p * n + q] = Math.sqrt(sum);
    }
  }
  return out;
}

/** PE(0)·PE(k) for k < offsets, from the table. */
export function plainDotByOffset(pe: Float32Array, offsets: number, dModel: number): Float32Array {
  const out = new Float32Array(offsets);
  for (let k = 0; k < offsets; k++) {
    let sum = 0;
    for (let t = 0; t < dModel; t++) sum += pe[t] * pe[k * dModel + t];
    out[k] = sum;
  }
  return out;
}

function plainPeer(id: 'plain-ts' | 'plain-ts-hoisted', table: TableFn): Peer {
  return {
    id,
    label: PEER_LABELS[id],
    run(w: Workload, rows: Float32Array): Float32Array {
      switch (w.id) {
        case 'W1':
        case 'W3':
          return table(w.n, w.d);
        case 'W2':
          return plainDistances(table(w.n, w.d), w.n, w.d);
        case 'W4':
          return plainDotByOffset(table(w.n, w.d), w.n, w.d);
        case 'W5':
          return plainDistances(rows, w.n, w.d);
      }
    },
  };
}

/** The "plain JS" peer: the formula evaluated per element. */
export const plainFormulaPeer = plainPeer('plain-ts', formulaTable);
/** The stronger loop: the same with div_term computed once per column. */
export const plainHoistedPeer = plainPeer('plain-ts-hoisted', hoistedTable);
