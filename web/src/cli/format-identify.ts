// ph.identify's answer as text: the verdict line, how the table was made
// (the candidate's own sentence), the `phasor table` command that writes its
// exact table, then ties and hints, or what departs when nothing matches.
import type { IdentifiedOptions, Identification, IdentifyCandidate } from '../core/identify-types.js';
import type { RopeCandidate, RopeIdentification } from '../core/rope-identify-types.js';
import { kebab } from './args.js';
import { formatNumber, formatSmall } from './format.js';
import { scalingText } from './format-rope.js';
import type { RopeTensors } from './rope-inputs.js';

const PRECISION: Record<string, string> = {
  exact: 'exact (float64, rounded once)',
  float32: 'float32 arithmetic',
  float16: 'stored as float16',
  bfloat16: 'stored as bfloat16',
};

/** The `phasor table` flags that write a candidate's exact table. */
export function tableCommand(options: IdentifiedOptions): string {
  const flags: string[] = [];
  for (const [key, value] of Object.entries(options)) {
    if (value === undefined || value === false) continue;
    if (value === true) flags.push(`--${kebab(key)}`);
    else if (value === null) flags.push(`--${kebab(key)} none`);
    else flags.push(`--${kebab(key)} ${typeof value === 'string' ? kebab(value) : value}`);
  }
  return `phasor table ${flags.join(' ')} --out FILE`;
}

function name(c: IdentifyCandidate): string {
  return c.convention ? `the ${c.convention} table` : 'a table of general options no framework uses';
}

export function identificationText(file: string, dtype: string, found: Identification): string {
  const best = found.candidates[0];
  const head = `${file} (${dtype}):`;
  if (!best) return `${head} no match: no sinusoidal table fits it\n`;
  const lines: string[] = [];
  if (found.match) {
    lines.push(
      `${head} match: ${name(best)}, ${PRECISION[best.precision] ?? best.precision}${best.exact ? '' : ' (not the exact table)'}`,
    );
  } else {
    lines.push(`${head} no match: the nearest is ${name(best)}, which does not reproduce it`);
    for (const d of best.differs) lines.push(`  ${d}`);
  }
  const [how, ...rest] = best.notes;
  if (how) lines.push(`  ${how}`);
  lines.push(`  ${found.match ? 'its exact table' : 'the nearest exact table'}: ${tableCommand(best.options)}`);
  for (const note of rest) lines.push(`  ${note}`);
  return `${lines.join('\n')}\n`;
}

const ROPE_PRECISION: Record<string, string> = {
  exact: 'exact (float64, rounded once)',
  float32: 'float32 arithmetic',
  float16: 'float32 arithmetic stored as float16',
  bfloat16: 'float32 arithmetic stored as bfloat16',
};

/** A candidate's RoPE in a few words: θ, the scaling (per-pair factors counted, not listed), the rotary width. */
function ropeText(c: RopeCandidate): string {
  const scaling = c.scaling ? `${c.scaling.type} (${scalingText(c.scaling)})` : 'no scaling';
  return `${c.preset ? `preset ${c.preset}: ` : ''}θ ${formatNumber(c.theta)}, ${scaling}, rotary dim ${c.rotaryDim}`;
}

/** ph.identifyRope's answer: the verdict line (its message), then the matching candidates (or the nearest). */
export function ropeIdentificationText(input: RopeTensors, found: RopeIdentification): string {
  const main = input.kind === 'cache' ? input.cos : input.kind === 'invFreq' ? input.invFreq : input.rotated;
  const what = input.kind === 'cache' ? 'cos/sin cache' : input.kind === 'invFreq' ? 'inv_freq' : 'rotated rows';
  const lines = [`${main.name} (${what}, ${main.dtype}): ${found.match ? 'match' : 'no match'}: ${found.message}`];
  const shown = found.match ? found.candidates.filter((c) => c.match) : found.candidates.slice(0, 1);
  for (const c of shown.slice(0, 3)) {
    lines.push(
      `  ${c.match ? 'match' : 'nearest'}: ${ropeText(c)}, attention factor ${formatNumber(c.attentionFactor)}; ` +
        `${ROPE_PRECISION[c.precision] ?? c.precision}: max error ${formatSmall(c.maxError)}, ${c.worstRatio.toPrecision(3)} of the bound`,
    );
  }
  return `${lines.join('\n')}\n`;
}
