// The work of "Check your table", done in check-table-worker.ts (or in the
// page where there are no workers): read the file in pieces, its shape
// checked against identify's limits (the core's, from ph.limits) before any
// cell; identify it; and the difference from the best candidate. Each request
// gets exactly one final reply (its result, one line saying why not, or
// 'superseded' when a newer request came while it was being read), so the page
// knows when every request is answered.
import type { Identification, Phasor } from '../src/core/index.js';
import {
  readTableBlob,
  readTableText,
  Superseded,
  TableFileError,
  type BlobSource,
  type ParsedTable,
  type ShapeLimits,
} from '../src/check/index.js';
import { drawnGrid, largestMagnitude, type DrawnGrid } from '../src/check/difference-grid.js';
import { bestCandidate } from './check-table-best.js';

export type CheckRequest =
  | { type: 'file'; id: number; name: string; file: Blob }
  | { type: 'text'; id: number; name: string; text: string }
  | { type: 'tensor'; id: number; tensor: string };

export interface TableFacts {
  name: string;
  positions: number;
  dModel: number;
  dtype: string;
}

export type CheckReply =
  | { type: 'tensors'; id: number; tensors: { name: string; dtype: string; shape: number[] }[]; suggested: string }
  | {
      type: 'result';
      id: number;
      table: TableFacts;
      found: Identification;
      /** table − the best candidate's table, or why it cannot be drawn. */
      difference: Difference | string | null;
    }
  | { type: 'error'; id: number; message: string }
  | { type: 'superseded'; id: number };

/** The difference from the best candidate, and what drawing it needs (difference-grid.ts). */
export interface Difference {
  values: Float32Array;
  drawn: DrawnGrid;
  largest: number;
}

type Reply = (reply: CheckReply, transfer?: Transferable[]) => void;

/** The one line a reader's error is shown as. */
function lineOf(error: unknown): string {
  return error instanceof TableFileError || error instanceof RangeError || error instanceof TypeError
    ? error.message
    : `could not read it: ${(error as Error).message}`;
}

class LoadError extends Error {}

export class TableChecker {
  private latest = 0;
  private source: Extract<BlobSource, { kind: 'tensors' }> | null = null;
  private phasor: Promise<Phasor> | null = null;

  constructor(
    private readonly load: () => Promise<Phasor>,
    private readonly reply: Reply,
  ) {}

  async handle(request: CheckRequest): Promise<void> {
    const { id } = request;
    this.latest = id;
    const alive = () => this.latest === id;
    try {
      const ph = await this.api();
      if (!alive()) throw new Superseded();
      const limits: ShapeLimits = {
        maxColumns: ph.limits.maxDModel,
        maxValues: ph.limits.maxIdentifyValues,
        reader: 'identify',
      };
      let table: ParsedTable;
      if (request.type === 'tensor') {
        if (!this.source) throw new TableFileError('No .safetensors file is open');
        table = await this.source.read(request.tensor, alive);
      } else if (request.type === 'text') {
        this.source = null;
        table = readTableText(request.name, request.text, limits);
      } else {
        this.source = null;
        const read = await readTableBlob(request.name, request.file, limits, alive);
        if (read.kind === 'table') {
          table = read.table;
        } else {
          this.source = read;
          this.reply({
            type: 'tensors',
            id,
            tensors: read.tensors.map((t) => ({ name: t.name, dtype: t.dtype, shape: t.shape })),
            suggested: read.suggested,
          });
          table = await read.read(read.suggested);
        }
      }
      if (!alive()) throw new Superseded();
      this.identify(ph, id, table);
    } catch (error) {
      if (error instanceof Superseded) this.reply({ type: 'superseded', id });
      else this.reply({ type: 'error', id, message: error instanceof LoadError ? error.message : lineOf(error) });
    }
  }

  private async api(): Promise<Phasor> {
    this.phasor ??= this.load();
    try {
      return await this.phasor;
    } catch (error) {
      this.phasor = null;
      throw new LoadError(`The WebAssembly could not be loaded: ${(error as Error).message}`);
    }
  }

  private identify(ph: Phasor, id: number, table: ParsedTable): void {
    const facts: TableFacts = {
      name: table.name,
      positions: table.positions,
      dModel: table.dModel,
      dtype: table.dtype,
    };
    let found: Identification;
    try {
      found = ph.identify({ table: table.data, positions: table.positions, dModel: table.dModel });
    } catch (error) {
      this.reply({ type: 'error', id, message: `${table.name}: ${(error as Error).message}` });
      return;
    }
    let difference: Difference | string | null = null;
    if (found.candidates.length > 0) {
      try {
        const options = bestCandidate(found).best.options;
        const model = ph.encode(options as unknown as Parameters<Phasor['encode']>[0]).table;
        const values = new Float32Array(table.data.length);
        for (let i = 0; i < values.length; i++) values[i] = table.data[i] - model[i];
        difference = {
          values,
          drawn: drawnGrid(values, table.positions, table.dModel),
          largest: largestMagnitude(values),
        };
      } catch (error) {
        difference = (error as Error).message;
      }
    }
    // The arrays move to the page (transferred, not copied); the drawn grid is the values themselves for a small table.
    const transfer =
      typeof difference === 'object' && difference !== null ? [difference.values, difference.drawn.values] : [];
    this.reply(
      { type: 'result', id, table: facts, found, difference },
      [...new Set(transfer)].map((a) => a.buffer),
    );
  }
}
