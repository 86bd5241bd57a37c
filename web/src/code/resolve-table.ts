// A chart's or identify's encode options, general or by convention name, as
// the one set of general options the snippet computes: a convention's
// parameters (their defaults filled in) become its point of the option space
// through the same table ph.encode reads (core/conventions.ts).
import { CONVENTIONS } from '../core/conventions.js';
import type { ConventionName, EncodeOptions, ResolvedEncodeOptions } from '../core/index.js';

export type TableOptions = Omit<EncodeOptions, 'into'>;

export function resolveTable(options: TableOptions): ResolvedEncodeOptions {
  const { positions, dModel } = options;
  const offset = options.offset ?? 0;
  const buffer = options.buffer ?? false;
  const name = options.convention as ConventionName | undefined;
  if (name) {
    const convention = CONVENTIONS[name];
    const given = options as unknown as Record<string, number | boolean | null | undefined>;
    const values: Record<string, number | boolean | null> = {};
    for (const [key, parameter] of Object.entries(convention.parameters)) {
      const fallback = typeof parameter.default === 'function' ? parameter.default(dModel) : parameter.default;
      values[key] = given[key] !== undefined ? given[key]! : fallback;
    }
    const point = convention.point(values, { buffer });
    return { positions, dModel, buffer, ...point, offset: offset + point.offset };
  }
  const maxFrequency = options.maxFrequency ?? 1;
  return {
    positions,
    dModel,
    offset,
    buffer,
    base: options.minFrequency !== undefined ? maxFrequency / options.minFrequency : (options.base ?? 10000),
    layout: options.layout ?? 'interleaved',
    spacing: options.spacing ?? 'paper',
    order: options.order ?? 'sinCos',
    oddWidth: options.oddWidth ?? 'error',
    maxFrequency,
    scale: options.scale ?? 1,
    paddingIdx: options.paddingIdx ?? null,
  };
}
