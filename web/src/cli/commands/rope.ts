// phasor rope: a config.json's RoPE per layer type (ph.ropeFromConfig), as text or JSON.
import type { CommandSpec } from '../args.js';
import { flag } from '../args.js';
import type { Command } from '../command.js';
import { PRESET_FLAG, readConfig } from '../config-source.js';
import { EXIT } from '../errors.js';
import { toJson } from '../format.js';
import { ropeConfigText } from '../format-rope.js';

const spec: CommandSpec = {
  name: 'rope',
  summary: "a model's RoPE from its config.json, per layer type",
  usage: ['rope CONFIG.json [--json]', 'rope --preset NAME [--json]'],
  about: [
    'Reads the config as Hugging Face transformers reads it (v4 and v5 spellings, a nested text_config) ' +
      'and prints, for each layer type: its layers, NoPE, head and rotary dims and which slots turn, pairing ' +
      'and output layout, θ, the rope_type and its scaling, the attention factor, M-RoPE sections and the ' +
      'inverse frequencies; then the defaults taken and every RoPE-looking key that was not understood ' +
      '(docs/rope-config.md).',
    'A malformed or contradictory config exits 2 with the key named.',
  ],
  flags: [
    { name: 'json', kind: 'boolean', help: "print ph.ropeFromConfig's result as JSON (typed arrays as arrays)" },
    PRESET_FLAG,
  ],
  maxPositionals: 1,
  examples: [
    'phasor rope config.json',
    'phasor rope config.json --json > rope.json',
    'phasor rope --preset gemma-4-31b-it',
  ],
};

export const rope: Command = {
  spec,
  async run(args, context) {
    const source = readConfig('phasor rope', await context.phasor(), args, args.positionals[0]);
    context.out(flag(args, 'json') ? toJson(source.rope) : ropeConfigText(source.name, source.rope));
    return EXIT.ok;
  },
};
