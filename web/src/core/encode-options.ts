// Reading encode()/frequencies() options: either the general table options or
// a convention by name with its framework's own parameters (conventions.ts),
// resolved to the one set of general options the core takes. Types are
// checked here (TypeError); ranges by the core (RangeError), whose message
// says which convention parameter a general option came from.
import { CONVENTION_NAMES, CONVENTIONS, type Convention } from './conventions.js';
import { OptionReader } from './options.js';
import {
  LAYOUTS,
  ODD_WIDTHS,
  ORDERS,
  type ConventionName,
  type EncodeSpacing,
  type ResolvedEncodeOptions,
} from './types.js';
import type { WasmEnums } from './wasm-module.js';

const DEFAULT_BASE = 10000;
const ENCODE_SPACINGS: readonly EncodeSpacing[] = ['paper', 'tensor2tensor', 'geometric'];
const GENERAL = [
  'base',
  'spacing',
  'maxFrequency',
  'minFrequency',
  'oddWidth',
  'layout',
  'order',
  'scale',
  'paddingIdx',
] as const;
const CALL = ['positions', 'dModel', 'offset', 'buffer', 'into', 'convention'] as const;
const FRAMEWORK = [
  'minTimescale',
  'maxTimescale',
  'startIndex',
  'pastKeyValuesLength',
  'maxWavelength',
  'minFreq',
  'maxFreq',
  'cosFirst',
  'fullTurns',
] as const;
const ALL_KEYS: readonly string[] = [...new Set<string>([...CALL, ...GENERAL, ...FRAMEWORK])];

/** The general options and the codes the core takes for them. */
export interface ResolvedTable {
  options: ResolvedEncodeOptions;
  codes: { layout: number; spacing: number; order: number; oddWidth: number };
  convention?: ConventionName;
  /** Adds to a core refusal which convention parameter the refused option came from. */
  explain(message: string): string;
}

/**
 * Reads `options` for `fn` ('encode' or 'frequencies'); positions is required
 * for encode and ignored by frequencies (1 then).
 */
export function readTableOptions(
  fn: 'encode' | 'frequencies',
  options: unknown,
  enums: Readonly<WasmEnums>,
): { reader: OptionReader; table: ResolvedTable } {
  const allowed = fn === 'encode' ? ALL_KEYS : ALL_KEYS.filter((k) => k !== 'into');
  const o = new OptionReader(fn, options, allowed);
  const positions = fn === 'encode' ? o.number('positions') : o.number('positions', 1);
  const dModel = o.number('dModel');
  const offset = o.number('offset', 0);
  const buffer = o.boolean('buffer', false);
  const name = o.has('convention') ? o.choice('convention', CONVENTION_NAMES, 'paper').name : undefined;
  const options_ = name
    ? fromConvention(fn, o, name, CONVENTIONS[name], positions, dModel, offset, buffer)
    : fromGeneral(fn, o, positions, dModel, offset, buffer);
  const codes = {
    layout: enums.layout.indexOf(options_.layout),
    spacing: enums.spacing.indexOf(options_.spacing === 'geometric' ? 'tensor2tensor' : options_.spacing),
    order: enums.order.indexOf(options_.order),
    oddWidth: enums.oddWidth.indexOf(options_.oddWidth),
  };
  const derived = name ? CONVENTIONS[name].derived : {};
  const explain = (message: string) => {
    const key = Object.keys(derived).find((k) => message.startsWith(`${k} `));
    return key && derived[key] !== key ? `${message} (convention '${name}' sets ${key} = ${derived[key]})` : message;
  };
  return { reader: o, table: { options: options_, codes, convention: name, explain } };
}

function fromGeneral(
  fn: string,
  o: OptionReader,
  positions: number,
  dModel: number,
  offset: number,
  buffer: boolean,
): ResolvedEncodeOptions {
  for (const key of FRAMEWORK) {
    if (o.has(key)) {
      const owners = CONVENTION_NAMES.filter((c) => key in CONVENTIONS[c].parameters);
      throw new TypeError(
        `phasor.${fn}: ${key} is a framework parameter (of convention ${owners.map((c) => `'${c}'`).join(', ')}); give convention too`,
      );
    }
  }
  const spacing = o.choice('spacing', ENCODE_SPACINGS, 'paper').name;
  const maxFrequency = o.number('maxFrequency', 1);
  let base = o.number('base', DEFAULT_BASE);
  if (o.has('minFrequency')) {
    if (o.has('base'))
      throw new TypeError(`phasor.${fn}: give base or minFrequency, not both (base = maxFrequency / minFrequency)`);
    const minFrequency = o.number('minFrequency');
    if (spacing === 'paper') {
      throw new RangeError(
        `phasor.${fn}: minFrequency sets the geometric spacing's range; with spacing 'paper' the slowest frequency is maxFrequency · base^(−(d−2)/d): give base`,
      );
    }
    base = maxFrequency / minFrequency;
  }
  return {
    positions,
    dModel,
    base,
    offset,
    layout: o.choice('layout', LAYOUTS, 'interleaved').name,
    spacing,
    order: o.choice('order', ORDERS, 'sinCos').name,
    oddWidth: o.choice('oddWidth', ODD_WIDTHS, 'error').name,
    maxFrequency,
    scale: o.number('scale', 1),
    paddingIdx: readIndex(o, null),
    buffer,
  };
}

function fromConvention(
  fn: string,
  o: OptionReader,
  name: ConventionName,
  convention: Convention,
  positions: number,
  dModel: number,
  offset: number,
  buffer: boolean,
): ResolvedEncodeOptions {
  const own = Object.keys(convention.parameters);
  for (const key of ALL_KEYS) {
    if (o.has(key) && !(CALL as readonly string[]).includes(key) && !own.includes(key)) {
      throw new TypeError(
        `phasor.${fn}: ${key} is not an option of convention '${name}', whose options are ${[...CALL.filter((k) => k !== 'convention'), ...own].join(', ')}; ` +
          'drop convention to set the general options yourself',
      );
    }
  }
  const values: Record<string, number | boolean | null> = {};
  for (const [key, parameter] of Object.entries(convention.parameters)) {
    const fallback = typeof parameter.default === 'function' ? parameter.default(dModel) : parameter.default;
    if (parameter.kind === 'boolean') values[key] = o.boolean(key, fallback as boolean);
    else if (parameter.kind === 'index') values[key] = readIndex(o, fallback as number | null);
    else values[key] = o.number(key, fallback as number);
  }
  const refusal = convention.refuses?.(dModel);
  if (refusal) throw new RangeError(`phasor.${fn}: ${refusal}`);
  const point = convention.point(values, { buffer });
  return {
    positions,
    dModel,
    base: point.base,
    offset: offset + point.offset,
    layout: point.layout,
    spacing: point.spacing,
    order: point.order,
    oddWidth: point.oddWidth,
    maxFrequency: point.maxFrequency,
    scale: point.scale,
    paddingIdx: point.paddingIdx,
    buffer,
  };
}

// A padding index: a number, or null for none.
function readIndex(o: OptionReader, fallback: number | null): number | null {
  const raw = o.raw('paddingIdx');
  if (raw === undefined) return fallback;
  return raw === null ? null : o.number('paddingIdx');
}
