// The config a RoPE command reads: a config.json file, or a preset (a cited
// config's RoPE fields, rope-presets.ts) by name.
import type { Phasor } from '../core/phasor.js';
import type { RopeConfig } from '../core/rope-config-types.js';
import { ROPE_PRESET_NAMES, ROPE_PRESETS, type RopePresetName } from '../core/rope-presets.js';
import { flag, typedFlag, type FlagSpec, type ParsedArgs } from './args.js';
import { refusalOf, UsageError } from './errors.js';
import { readJson } from './files.js';

export const PRESET_FLAG: FlagSpec = {
  name: 'preset',
  kind: 'choice',
  choices: ROPE_PRESET_NAMES,
  help: "a real model's config instead of a file (the RoPE fields of its config.json)",
};

export interface ConfigSource {
  /** How messages name it: the file as typed, or 'preset NAME'. */
  name: string;
  rope: RopeConfig;
  /** A preset's own layer type, where its model has several. */
  layerType?: string;
}

/** Reads the config from `path` or --preset (exactly one of them), through ph.ropeFromConfig. */
export function readConfig(cmd: string, ph: Phasor, args: ParsedArgs, path: string | undefined): ConfigSource {
  const preset = flag<RopePresetName>(args, 'preset');
  if (preset !== undefined && path !== undefined)
    throw new UsageError(`${cmd}: give a config file or ${typedFlag(args, 'preset')}, not both`);
  if (preset === undefined && path === undefined)
    throw new UsageError(`${cmd}: give a config.json (or --preset NAME); see ${cmd} --help`);
  const name = path ?? `preset ${preset}`;
  const config = path !== undefined ? readJson(cmd, path) : ROPE_PRESETS[preset!].fields;
  try {
    return { name, rope: ph.ropeFromConfig(config), layerType: preset && ROPE_PRESETS[preset].layerType };
  } catch (error) {
    const reason = refusalOf(error);
    if (reason === undefined) throw error;
    throw new UsageError(`${cmd}: ${name}: ${reason}`);
  }
}
