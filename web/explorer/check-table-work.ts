// The work of "Check your table" (and of "Check your model"'s identifyRope),
// done in check-table-worker.ts, or in the page where no worker starts: read
// the files in pieces, each shape checked before any cell against identify's
// limits, or identifyRope's for a RoPE tensor (the core's, from ph.limits;
// check-table-read.ts); say what they hold (check-input.ts); run ph.identify on a table, with the difference from
// the best candidate, or ph.identifyRope on a RoPE cache, inv_freq or rotated
// rows. Each request gets exactly one final reply (its result, one line
// saying why not, or 'superseded' when a newer request came while it was
// being read), so the page knows when every request is answered.
import type { Identification, IdentifyRopeOptions, Phasor, RopeIdentification } from '../src/core/index.js';
import { readTableText, Superseded, TableFileError, type ParsedTable } from '../src/check/index.js';
import type { CheckInput } from '../src/check/check-input.js';
import { drawnGrid, largestMagnitude, type DrawnGrid } from '../src/check/difference-grid.js';
import { bestCandidate } from './check-table-best.js';
import { readFiles, readTensor, type ReadLimits, type TensorSource } from './check-table-read.js';

export type CheckRequest =
  | { type: 'files'; id: number; files: { name: string; file: Blob }[] }
  | { type: 'text'; id: number; name: string; text: string }
  | { type: 'tensor'; id: number; tensor: string }
  /** Read and classified only: "Check your model" identifies the input for each layer type it is set against. */
  | { type: 'read'; id: number; files: { name: string; file: Blob }[] }
  | { type: 'identifyRope'; id: number; options: IdentifyRopeOptions };

export interface TableFacts {
  name: string;
  positions: number;
  dModel: number;
  dtype: string;
}

/** What a RoPE input is, for the page's status line and verdict. */
export interface RopeFacts {
  kind: 'cache' | 'invFreq' | 'rotated';
  name: string;
  dtype: string;
  rows: number;
  width: number;
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
  | { type: 'rope'; id: number; input: RopeFacts | null; found: RopeIdentification }
  | { type: 'input'; id: number; input: CheckInput }
  | { type: 'error'; id: number; message: string; name?: string }
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
  private source: TensorSource | null = null;
  private phasor: Promise<Phasor> | null = null;

  constructor(
    private readonly load: () => Promise<Phasor>,
    private readonly reply: Reply,
  ) {}

  async handle(request: CheckRequest): Promise<void> {
    const { id } = request;
    try {
      if (request.type === 'identifyRope') return this.identifyRope(request.id, request.options);
      this.latest = id;
      const alive = () => this.latest === id;
      const ph = await this.api();
      if (!alive()) throw new Superseded();
      const limits: ReadLimits = {
        table: { maxColumns: ph.limits.maxDModel, maxValues: ph.limits.maxIdentifyValues, reader: 'identify' },
        rope: { maxColumns: ph.limits.maxDModel, maxValues: ph.limits.maxRopeValues, reader: 'identifyRope' },
      };
      let input: CheckInput;
      if (request.type === 'tensor') {
        if (!this.source) throw new TableFileError('No .safetensors file is open');
        input = await readTensor(this.source, request.tensor, limits, alive);
      } else if (request.type === 'text') {
        this.source = null;
        input = { kind: 'table', table: readTableText(request.name, request.text, limits.table) };
      } else if (request.type === 'read') {
        const { input } = await readFiles(request.files, limits, alive);
        if (!alive()) throw new Superseded();
        return this.reply({ type: 'input', id, input });
      } else {
        this.source = null;
        const read = await readFiles(request.files, limits, alive);
        if (read.source) {
          this.source = read.source;
          const { tensors } = read.source;
          this.reply({
            type: 'tensors',
            id,
            tensors: tensors.map((t) => ({ name: t.name, dtype: t.dtype, shape: t.shape })),
            suggested: read.chosen!,
          });
        }
        input = read.input;
      }
      if (!alive()) throw new Superseded();
      if (input.kind === 'table') this.identify(ph, id, input.table);
      else this.rope(ph, id, input);
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

  /** A call from a page that read its own input: the core's error comes back with its class. */
  private async identifyRope(id: number, options: IdentifyRopeOptions): Promise<void> {
    try {
      const ph = await this.api();
      this.reply({ type: 'rope', id, input: null, found: ph.identifyRope(options) });
    } catch (e) {
      const error = e as Error;
      this.reply({ type: 'error', id, message: error.message, name: error.name });
    }
  }

  private rope(ph: Phasor, id: number, input: Exclude<CheckInput, { kind: 'table' }>): void {
    const facts: RopeFacts =
      input.kind === 'invFreq'
        ? { kind: 'invFreq', name: input.name, dtype: input.dtype, rows: 1, width: input.invFreq.length }
        : { kind: input.kind, name: input.name, dtype: input.dtype, rows: input.rows, width: input.width };
    let found: RopeIdentification;
    try {
      found = ph.identifyRope(
        input.kind === 'invFreq'
          ? { invFreq: input.invFreq }
          : input.kind === 'cache'
            ? { cos: input.cos, sin: input.sin, width: input.width }
            : { rotated: input.rotated, ...(input.original ? { original: input.original } : {}), width: input.width },
      );
    } catch (error) {
      this.reply({ type: 'error', id, message: `${input.name}: ${(error as Error).message}` });
      return;
    }
    this.reply({ type: 'rope', id, input: facts, found });
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
