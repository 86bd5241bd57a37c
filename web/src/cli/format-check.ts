// `phasor check`'s verdicts as text (one verdict line, then each layer type)
// or JSON.
import type { RopeCandidate } from '../core/rope-identify-types.js';
import { formatNumber, formatSmall, layerList, toJson } from './format.js';
import { scalingText } from './format-rope.js';
import type { LayerVerdict } from './rope-check.js';
import type { RopeTensors } from './rope-inputs.js';

const HOW: Record<string, string> = {
  exact: 'exact (float64, rounded once)',
  float32: 'float32 arithmetic',
  float16: 'float32 arithmetic stored as float16',
  bfloat16: 'float32 arithmetic stored as bfloat16',
};

function inputText(input: RopeTensors): string {
  const shape = (t: { positions: number; dModel: number; dtype: string; name: string }) =>
    `${t.name} (${t.dtype}, ${t.positions} × ${t.dModel})`;
  if (input.kind === 'cache') return `cos ${shape(input.cos)} and sin ${shape(input.sin)}`;
  if (input.kind === 'invFreq')
    return `inv_freq ${input.invFreq.name} (${input.invFreq.dtype}, ${input.invFreq.dModel} values)`;
  return `rotated rows ${shape(input.rotated)}${input.original ? `, before RoPE ${input.original.name}` : ''}`;
}

function scheme(v: LayerVerdict): string {
  const t = v.layer;
  return `θ ${formatNumber(t.theta)}, ${t.ropeType}${t.scaling ? ` (${scalingText(t.scaling, t.ropeType)})` : ''}, rotary dim ${t.rotaryDim}`;
}

function measured(c: RopeCandidate): string {
  return `${HOW[c.precision] ?? c.precision}: departs from the exact values by at most ${formatSmall(c.maxError)}, ${c.worstRatio.toPrecision(3)} of the bound`;
}

/** The one line of a mismatch: the nearest layer type, where it departs, and what the tensor reads as. */
function mismatchLine(config: string, verdicts: readonly LayerVerdict[]): string {
  const ratio = (v: LayerVerdict) => v.candidate?.worstRatio ?? Infinity;
  const nearest = verdicts.reduce((a, b) => (ratio(b) < ratio(a) ? b : a));
  const id = nearest.identification ?? verdicts.find((v) => v.identification)?.identification;
  const reads = id ? `; the tensor reads as: ${id.message.replace(/\.$/, '')}` : '';
  return `mismatch: no layer type of ${config} made it; nearest ${nearest.layer.layerType}: ${nearest.reasons[0] ?? 'departs'}${reads}`;
}

export function checkText(config: string, input: RopeTensors, verdicts: readonly LayerVerdict[]): string {
  const matches = verdicts.filter((v) => v.match);
  const lines = [`${inputText(input)} against ${config}:`];
  if (matches.length) {
    const names = matches.map((v) => `${v.layer.layerType} (${v.layer.layers.length} layers)`).join(', ');
    lines.push(`match: ${names}${matches[0].candidate ? `, ${HOW[matches[0].candidate.precision]}` : ''}`);
  } else lines.push(mismatchLine(config, verdicts));
  for (const v of verdicts) {
    lines.push(`  ${v.layer.layerType} (${layerList(v.layer.layers)}): ${scheme(v)}`);
    if (v.match && v.candidate) lines.push(`    match, ${measured(v.candidate)}`);
    for (const reason of v.reasons) lines.push(`    ${reason}`);
  }
  if (!matches.length) {
    // The mismatch line says what the tensor reads as; slices of other widths read otherwise.
    const ids = [...new Set(verdicts.map((v) => v.identification).filter((id) => id !== undefined))];
    if (ids.length > 1) for (const id of ids) lines.push(`  the tensor reads as: ${id!.message}`);
  }
  return `${lines.join('\n')}\n`;
}

export function checkJson(config: string, input: RopeTensors, verdicts: readonly LayerVerdict[]): string {
  const tables =
    input.kind === 'cache'
      ? [input.cos, input.sin]
      : input.kind === 'invFreq'
        ? [input.invFreq]
        : [input.rotated, ...(input.original ? [input.original] : [])];
  return toJson({
    config,
    input: {
      kind: input.kind,
      tensors: tables.map((t) => ({ name: t.name, dtype: t.dtype, shape: [t.positions, t.dModel] })),
    },
    match: verdicts.some((v) => v.match),
    layerTypes: verdicts.map((v) => ({
      layerType: v.layer.layerType,
      layers: v.layer.layers,
      match: v.match,
      reasons: v.reasons,
      candidate: v.candidate,
    })),
    identification: verdicts.find((v) => v.identification)?.identification,
  });
}
