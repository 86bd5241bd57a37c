// phasor table: writes a sinusoidal table (ph.encode, every convention and
// general option as a kebab-case flag) to .npy or .safetensors.
import { CONVENTION_NAMES } from '../../core/conventions.js';
import { LAYOUTS, ODD_WIDTHS, ORDERS } from '../../core/types.js';
import { VERSION } from '../../core/version.js';
import type { EncodeOptions } from '../../core/types.js';
import { flag, inFlagTerms, kebab, typedFlag, type CommandSpec, type FlagSpec } from '../args.js';
import type { Command } from '../command.js';
import { EXIT, UsageError } from '../errors.js';
import { outputFormat, writeBytes } from '../files.js';
import { npyBytes } from '../npy-writer.js';
import { safetensorsBytes } from '../safetensors-writer.js';
import { STORED_TYPES, type StoredType } from '../stored-floats.js';

const option = (option: string, kind: FlagSpec['kind'], help: string, extra: Partial<FlagSpec> = {}): FlagSpec => ({
  name: kebab(option),
  option,
  kind,
  help,
  value: kind === 'number' ? 'X' : undefined,
  ...extra,
});

/** ph.encode's options, as flags. */
const ENCODE_FLAGS: FlagSpec[] = [
  option('positions', 'number', 'rows of the table (required)', { value: 'N' }),
  option('dModel', 'number', 'width of a row (required)', { value: 'D' }),
  option('convention', 'choice', "a framework's table by name; takes that framework's own flags below", {
    choices: CONVENTION_NAMES,
  }),
  option('offset', 'number', 'added to every row position (default 0)'),
  option('buffer', 'boolean', "the framework's stored buffer from position 0 (its zeroed padding row included)"),
  option('base', 'number', "frequency ratio (default 10000); also the paper convention's own"),
  option('spacing', 'choice', 'frequency spacing (default paper)', {
    choices: ['paper', 'tensor2tensor', 'geometric'],
  }),
  option('maxFrequency', 'number', 'the fastest frequency ω0 (default 1)'),
  option('minFrequency', 'number', 'the slowest frequency, geometric spacing (instead of --base)'),
  option('oddWidth', 'choice', 'what an odd --d-model means (default error)', { choices: ODD_WIDTHS }),
  option('layout', 'choice', 'interleaved (sin, cos per pair; default) or split (sines, then cosines)', {
    choices: LAYOUTS,
  }),
  option('order', 'choice', 'which trig comes first (default sin-cos)', { choices: ORDERS }),
  option('scale', 'number', 'multiplies every value (default 1; mlx: its own)'),
  option('paddingIdx', 'index', "a padding index (fairseq's padding_idx; 'none' for none)", { value: 'I|none' }),
  option('minTimescale', 'number', 'tensor2tensor min_timescale'),
  option('maxTimescale', 'number', 'tensor2tensor / whisper max_timescale'),
  option('startIndex', 'number', 'tensor2tensor / keras-hub start_index'),
  option('pastKeyValuesLength', 'number', "Hugging Face's past_key_values_length (fairseq family, marian)"),
  option('maxWavelength', 'number', 'keras-hub max_wavelength'),
  option('minFreq', 'number', 'mlx min_freq'),
  option('maxFreq', 'number', 'mlx max_freq'),
  option('cosFirst', 'boolean', 'mlx cos_first'),
  option('fullTurns', 'boolean', 'mlx full_turns'),
];

const spec: CommandSpec = {
  name: 'table',
  summary: 'write a sinusoidal position table (any convention) to .npy or .safetensors',
  usage: ['table --positions N --d-model D [--convention NAME | general options] --out FILE'],
  about: [
    "The table is ph.encode's: every value computed from a float64 phase and rounded once to float32. " +
      '--dtype float16 or bfloat16 then rounds those float32 values to nearest (ties to even), as ' +
      "PyTorch's tensor.to(dtype) does. numpy has no bfloat16: write it to .safetensors.",
    'The file holds one tensor of shape [positions, d-model]; in .safetensors it is named by --tensor and ' +
      "the metadata records phasor's version and the general options (ph.encode(options) makes it again).",
  ],
  flags: [
    ...ENCODE_FLAGS,
    { name: 'out', kind: 'text', value: 'FILE', help: 'the file to write: .npy or .safetensors (required)' },
    { name: 'dtype', kind: 'choice', choices: STORED_TYPES, help: 'stored type (default float32)' },
    { name: 'tensor', kind: 'text', value: 'NAME', help: "the tensor's name in a .safetensors file (default pe)" },
  ],
  maxPositionals: 0,
  examples: [
    'phasor table --convention fairseq --positions 1024 --d-model 512 --out pe.npy',
    'phasor table --convention whisper --positions 1500 --d-model 1280 --dtype float16 --out whisper.npy',
    'phasor table --positions 2048 --d-model 512 --layout split --base 500 --out pe.safetensors',
  ],
};

export const table: Command = {
  spec,
  async run(args, context) {
    const cmd = 'phasor table';
    const out = flag<string>(args, 'out');
    if (out === undefined) throw new UsageError(`${cmd}: --out is required (the .npy or .safetensors file to write)`);
    const format = outputFormat(cmd, typedFlag(args, 'out'), out);
    const type = flag<StoredType>(args, 'dtype') ?? 'float32';
    if (format === 'npy' && type === 'bfloat16')
      throw new UsageError(`${cmd}: numpy has no bfloat16 type; write bfloat16 to a .safetensors file`);
    if (format === 'npy' && args.flags.has('tensor'))
      throw new UsageError(
        `${cmd}: ${typedFlag(args, 'tensor')} names a tensor in a .safetensors file; ${out} is .npy`,
      );
    const options: Record<string, unknown> = {};
    for (const f of ENCODE_FLAGS) if (args.flags.has(f.name)) options[f.option!] = flag(args, f.name);
    const ph = await context.phasor();
    const encoding = inFlagTerms(spec, args, () => ph.encode(options as unknown as EncodeOptions), ['into']);
    const shape = [encoding.positions, encoding.dModel];
    const bytes =
      format === 'npy'
        ? npyBytes(encoding.table, shape, type)
        : safetensorsBytes([{ name: flag<string>(args, 'tensor') ?? 'pe', values: encoding.table, shape, type }], {
            phasor: VERSION,
            options: JSON.stringify(encoding.options),
          });
    writeBytes(cmd, out, bytes);
    const what = encoding.convention ? `the ${encoding.convention} table` : 'a table';
    context.out(`wrote ${out}: ${what}, ${encoding.positions} positions × ${encoding.dModel}, ${type}\n`);
    return EXIT.ok;
  },
};
