// The layer types of "Check your model": a strip of the model's layers
// coloured by type (where NoPE layers sit), and one card per type with its
// RoPE in words, its wavelengths against the context, and "Copy as code".
import type { RopeConfig, RopeLayerType } from '../src/core/index.js';
import { exact, integer } from '../src/charts/format.js';
import { drawLayerWavelengths } from '../src/charts/rope-config-charts.js';
import { openCodeDialog } from '../src/code/code-dialog.js';
import type { RopeCode } from '../src/code/code-config.js';
import { element } from './element.js';
import { PanelHost } from './panel-host.js';
import {
  layersText,
  mropeAxes,
  mropeText,
  pairingText,
  passThroughSlots,
  ranges,
  scalingText,
} from './rope-config-text.js';

const GROUP_CLASSES = 6;
/** The cache a snippet computes stops here: Gemma 4's whole context would be arrays of 1 GiB. */
const CODE_POSITIONS = 32768;

/** A layer type's name as the card and the strip show it. */
export function groupName(t: RopeLayerType): string {
  const name = t.layerType === 'all' ? 'every layer' : t.layerType;
  return t.nope ? `${name} (NoPE)` : name;
}

/** The layers a type covers, in a sentence: 'every layer', 'the full_attention layers', 'the sliding_attention (NoPE) layers'. */
export function layersPhrase(t: RopeLayerType): string {
  return t.layerType === 'all' && !t.nope ? 'every layer' : `the ${groupName(t)} layers`;
}

/** One cell per layer, coloured by its group, with a legend. */
export function layerStrip(rope: RopeConfig): HTMLElement {
  const box = element('figure', 'layer-strip-figure');
  const caption = element('figcaption', '', `The ${integer(rope.layerCount)} layers, by what RoPE they apply`);
  const strip = element('div', 'layer-strip');
  strip.setAttribute('role', 'img');
  const groupOf = new Map<number, number>();
  rope.layerTypes.forEach((t, g) => t.layers.forEach((l) => groupOf.set(l, g)));
  for (let l = 0; l < rope.layerCount; l++) {
    const g = groupOf.get(l) ?? -1;
    const cell = element('span', `layer-cell group-${g % GROUP_CLASSES}${rope.layerTypes[g]?.nope ? ' nope' : ''}`);
    cell.title = `layer ${l}: ${g >= 0 ? groupName(rope.layerTypes[g]) : 'unknown'}`;
    strip.append(cell);
  }
  strip.setAttribute(
    'aria-label',
    rope.layerTypes.map((t) => `${groupName(t)}: ${layersText(t.layers, rope.layerCount)}`).join('; '),
  );
  const legend = element('ul', 'layer-legend');
  rope.layerTypes.forEach((t, g) => {
    const li = element('li');
    li.append(element('span', `layer-cell group-${g % GROUP_CLASSES}${t.nope ? ' nope' : ''}`), groupName(t));
    legend.append(li);
  });
  box.append(caption, strip, legend);
  return box;
}

export function layerCards(rope: RopeConfig): HTMLElement[] {
  return rope.layerTypes.map((t, g) => layerCard(rope, t, g));
}

function fact(list: HTMLDListElement, term: string, value: string | Node, className = ''): void {
  const dt = element('dt', '', term);
  const dd = element('dd', className);
  dd.append(value);
  list.append(dt, dd);
}

function layerCard(rope: RopeConfig, t: RopeLayerType, g: number): HTMLElement {
  const card = element('article', 'model-card');
  card.dataset.layerType = t.layerType;
  const title = element('h3');
  title.append(element('span', `layer-cell group-${g % GROUP_CLASSES}${t.nope ? ' nope' : ''}`), groupName(t));
  const facts = element('dl', 'model-facts');
  fact(facts, 'Layers', layersText(t.layers, rope.layerCount));
  card.append(title, facts);
  if (t.nope) {
    fact(facts, 'RoPE', 'none: these layers apply no rotary embedding (all positions look alike to them)');
    fact(facts, 'Head', `${t.headDim} values, none turned`);
    return card;
  }
  const pass = passThroughSlots(t);
  const turning = t.rotatedSlots.length;
  fact(facts, 'θ', exact(t.theta));
  fact(facts, 'rope_type', t.ropeType);
  fact(facts, 'Scaling', scalingText(t.scaling));
  fact(
    facts,
    'Attention factor',
    t.attentionFactor === 1 ? '1' : `${exact(t.attentionFactor)} (cos and sin are multiplied by it)`,
    t.attentionFactor === 1 ? '' : 'model-attention',
  );
  fact(
    facts,
    'Head',
    `${t.headDim} values: ${turning} turn (${turning / 2} pairs), ${pass.length} pass through` +
      (t.rotaryDim !== t.headDim ? `; rotary width ${t.rotaryDim}` : ''),
  );
  fact(facts, 'Turning slots', ranges(t.rotatedSlots));
  fact(facts, 'Pass-through slots', pass.length ? ranges(pass) : 'none');
  fact(facts, 'Pairing', pairingText(t));
  if (t.mrope) fact(facts, 'M-RoPE sections', mropeBar(t), 'model-mrope');
  if (t.queryScale)
    fact(
      facts,
      'Query scale',
      `queries × (1 + ${exact(t.queryScale.beta)} · ln(1 + ⌊p / ${integer(t.queryScale.originalLength)}⌋))`,
    );

  const chart = new PanelHost('model-wavelengths', `Wavelengths of the ${t.layerType} layers`);
  const original = t.scaling?.originalLength ?? t.scaling?.originalMaxPositionEmbeddings ?? null;
  const unscaled = t.scaling && t.scaling.type !== 'none' ? unscaledFrequencies(t) : null;
  chart.show((width, theme) =>
    drawLayerWavelengths(
      chart.panel,
      width,
      {
        invFreq: t.invFreq,
        unscaled,
        context: rope.maxPositionEmbeddings,
        originalLength: original,
        name: t.layerType,
      },
      theme,
    ),
  );
  const copy = element('button', 'model-copy', 'Copy as code');
  copy.type = 'button';
  copy.addEventListener('click', () =>
    openCodeDialog(chart.shadow, codeConfig(rope, t), `RoPE of ${layersPhrase(t)}`, copy),
  );
  card.append(chart.host, copy);
  return card;
}

/** θ^(−2i/d) over the same pairs, before the scaling (proportional: the turning pairs); null when the scaling changes none. */
function unscaledFrequencies(t: RopeLayerType): Float64Array | null {
  const unscaled = Float64Array.from(t.invFreq, (w, i) => (w === 0 ? 0 : t.theta ** ((-2 * i) / t.rotaryDim)));
  return unscaled.every((w, i) => Math.abs(w - t.invFreq[i]) <= 1e-12 * w) ? null : unscaled;
}

/** The sections over the pairs: one cell per pair coloured by its axis, and the ranges in words. */
function mropeBar(t: RopeLayerType): Node {
  const box = element('div');
  const bar = element('div', 'mrope-bar');
  bar.setAttribute('role', 'img');
  bar.setAttribute('aria-label', mropeText(t.mrope!));
  mropeAxes(t.mrope!).forEach((axis, i) => {
    const cell = element('span', `mrope-cell axis-${axis}`);
    cell.title = `pair ${i}: ${['time', 'height', 'width'][axis]}`;
    bar.append(cell);
  });
  box.append(
    `[${t.mrope!.sections.join(', ')}]${t.mrope!.interleaved ? ', interleaved' : ''} — ${mropeText(t.mrope!)}`,
    bar,
  );
  return box;
}

/** "Copy as code": the layer type's cos/sin cache over the model's context, with what the cache does not say. */
export function codeConfig(rope: RopeConfig, t: RopeLayerType): RopeCode {
  const notes = [`${rope.modelType ?? 'model'}: ${layersPhrase(t)} (${layersText(t.layers, rope.layerCount)})`];
  if (t.ropeDims === 'last')
    notes.push(`RoPE turns the last ${t.rotaryDim} of the ${t.headDim} values of a head; the others pass through.`);
  if (t.outputPairing !== t.pairing)
    notes.push(
      `this is the cache in the layout the model writes (${t.outputPairing}); q and k are reordered first: pairs (2i, 2i+1) become evens then odds (transformers' apply_rotary_pos_emb_interleave).`,
    );
  if (t.mrope)
    notes.push(
      `M-RoPE sections [${t.mrope.sections.join(', ')}]${t.mrope.interleaved ? ' (interleaved)' : ''}: this is the text cache (t = h = w); image tokens take each axis' positions.`,
    );
  if (t.queryScale)
    notes.push(
      `queries are also multiplied by 1 + ${t.queryScale.beta} * log(1 + floor(p / ${t.queryScale.originalLength})).`,
    );
  if (rope.maxPositionEmbeddings > CODE_POSITIONS)
    notes.push(
      `positions 0 … ${CODE_POSITIONS - 1} of the model's ${rope.maxPositionEmbeddings}: raise the count for more (the arrays are positions × width float64).`,
    );
  return {
    kind: 'rope',
    dim: t.headDim,
    rotaryDim: t.rotaryDim,
    theta: t.theta,
    // The cache's layout is where the turned values are written (DeepSeek-V3: half, as transformers builds it).
    pairing: t.outputPairing,
    positions: Math.min(rope.maxPositionEmbeddings, CODE_POSITIONS),
    scalings: t.scaling ? [t.scaling] : [],
    notes,
  };
}
