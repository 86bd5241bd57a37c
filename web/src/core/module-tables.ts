// The tables the C++ core defines once and each module exports: its limits
// (cpp/include/phasor/limits.hpp), every enum's names in code order, and
// the experiments' input slots. The API reads codes, bounds and slots from
// here, never from a copy; read once per module and kept.
import type { ExperimentsWasm, ModuleCommon, SlotName, WasmEnums, WasmLimits } from './wasm-module.js';

const limitsCache = new WeakMap<ModuleCommon, Readonly<WasmLimits>>();
const enumsCache = new WeakMap<ModuleCommon, Readonly<WasmEnums>>();
const slotsCache = new WeakMap<ExperimentsWasm, Readonly<Record<SlotName, number>>>();

function cached<M extends object, T extends object>(
  cache: WeakMap<M, Readonly<T>>,
  wasm: M,
  read: () => T,
): Readonly<T> {
  let table = cache.get(wasm);
  if (!table) {
    table = Object.freeze(read());
    cache.set(wasm, table);
  }
  return table;
}

export function limitsOf(wasm: ModuleCommon): Readonly<WasmLimits> {
  return cached(limitsCache, wasm, () => wasm.limits());
}

export function enumsOf(wasm: ModuleCommon): Readonly<WasmEnums> {
  return cached(enumsCache, wasm, () => {
    const enums = wasm.enums();
    for (const names of Object.values(enums)) Object.freeze(names);
    return enums;
  });
}

export function slotsOf(wasm: ExperimentsWasm): Readonly<Record<SlotName, number>> {
  return cached(slotsCache, wasm, () => wasm.inputSlots());
}
