// "Check your model", a tensor from a port: a cos/sin cache, inv_freq or
// rotated q/k rows (.npy, .safetensors) read and identified by
// ph.identifyRope in "Check your table"'s worker (check-table-client.ts),
// compared with the RoPE the config gives the chosen layer type (the same frequencies, attention factor, width and layout, or
// what departs), and shown with identifyRope's verdict (rope-verdict.ts:
// precision, candidates, the precision chart). A file the page cannot use
// gets one line.
import type { Phasor, RopeCandidate, RopeConfig, RopeIdentification, RopeLayerType } from '../src/core/index.js';
import { exact, integer } from '../src/charts/format.js';
import { groupName, layersPhrase } from './check-model-cards.js';
import { CheckClient } from './check-table-client.js';
import { dropZone } from './drop-zone.js';
import { element } from './element.js';
import { ropeVerdictView } from './rope-verdict.js';
import { tensorDepartures, tensorInput, type TensorInput } from './rope-tensor-compare.js';
import { scalingText } from './rope-config-text.js';

const PRECISION: Record<string, string> = {
  exact: 'rounded once from float64',
  float32: 'made in float32 arithmetic, as transformers computes it',
  float16: 'made in float32 arithmetic and stored as float16',
  bfloat16: 'made in float32 arithmetic and stored as bfloat16',
};

/** A candidate in a few words. */
export function candidateText(c: RopeCandidate): string {
  const named = c.preset ? `preset '${c.preset}': ` : '';
  const layout = c.pairing ? `, ${c.pairing} layout` : '';
  const factor = c.attentionFactor !== 1 ? `, attention factor ${exact(+c.attentionFactor.toPrecision(6))}` : '';
  return `${named}θ ${exact(c.theta)}, scaling ${scalingText(c.scaling)}, rotary width ${c.rotaryDim}${layout}${factor}`;
}

export class TensorCheck {
  readonly root = element('div', 'model-tensor');
  private readonly layer = element('select');
  private readonly status = element('p', 'check-status');
  private readonly error = element('p', 'check-error');
  private readonly verdict = element('p', 'model-verdict');
  private readonly departs = element('ul', 'model-departs');
  private readonly detail = element('div', 'model-verdict-detail');
  private readonly identifier = new CheckClient();
  private ph: Phasor | null = null;
  private rope: RopeConfig | null = null;
  private input: TensorInput | null = null;
  /** Counts the checks asked for: an answer to an older one is dropped. */
  private asked = 0;

  constructor() {
    const title = element('h3', '', 'Check a tensor against this config');
    const drop = dropZone(
      'check-drop model-tensor-drop',
      'Drop a RoPE tensor here',
      (files) => void this.readFiles(files),
    );
    const text = element('p', 'check-drop-text');
    text.append(
      'Drop a tensor from your port: a cos/sin cache (one .safetensors with both, or cos.npy and sin.npy together), ',
      element('code', '', 'inv_freq'),
      ', or q/k rows after RoPE (.npy or .safetensors); or choose: ',
    );
    const chooser = element('input', 'check-file');
    chooser.type = 'file';
    chooser.id = 'model-tensor-file';
    chooser.multiple = true;
    chooser.accept = '.npy,.safetensors';
    chooser.setAttribute('aria-label', 'Choose a RoPE tensor file');
    text.append(chooser);
    drop.append(text);
    const field = element('div', 'local-field');
    const label = element('label', '', 'Compare with the layer type');
    label.htmlFor = 'model-tensor-layer';
    this.layer.id = 'model-tensor-layer';
    field.append(label, this.layer);
    this.status.setAttribute('aria-live', 'polite');
    this.error.setAttribute('role', 'alert');
    this.error.hidden = true;
    this.root.append(title, drop, field, this.status, this.error, this.verdict, this.departs, this.detail);

    this.layer.addEventListener('change', () => void this.check());
    chooser.addEventListener('change', () => {
      void this.readFiles([...(chooser.files ?? [])]);
      chooser.value = '';
    });
  }

  /** A new config: its layer types with RoPE become the choices; a tensor already read is checked against it. */
  use(ph: Phasor, rope: RopeConfig): void {
    this.ph = ph;
    this.rope = rope;
    const previous = this.layer.value;
    this.layer.replaceChildren(
      ...rope.layerTypes.flatMap((t, k) => (t.nope ? [] : [new Option(groupName(t), String(k))])),
    );
    if ([...this.layer.options].some((o) => o.value === previous)) this.layer.value = previous;
    this.root.hidden = this.layer.options.length === 0;
    void this.check();
  }

  private fail(message: string): void {
    this.asked++; // an answer still on its way is for what came before this refusal
    this.error.textContent = message;
    this.error.hidden = false;
    this.verdict.textContent = '';
    this.departs.replaceChildren();
    this.detail.replaceChildren();
  }

  private async readFiles(files: File[]): Promise<void> {
    if (files.length === 0) return this.fail('Nothing to read: drop a .npy or .safetensors file.');
    this.error.hidden = true;
    const reply = await this.identifier.send({
      type: 'read',
      files: files.slice(0, 3).map((file) => ({ name: file.name, file })),
    });
    if (reply.type === 'superseded') return;
    if (reply.type !== 'input') {
      this.input = null;
      return this.fail(reply.type === 'error' ? reply.message : 'could not read it');
    }
    this.input = tensorInput(reply.input);
    await this.check();
  }

  /** Picks the layer type whose width fits the tensor, unless the reader chose one. */
  private layerFor(input: TensorInput): RopeLayerType | null {
    const types = this.rope?.layerTypes ?? [];
    const chosen = types[Number(this.layer.value)];
    if (chosen && input.width === widthOf(chosen, input)) return chosen;
    const fitting = types.findIndex((t) => !t.nope && input.width === widthOf(t, input));
    if (fitting >= 0) this.layer.value = String(fitting);
    return types[Number(this.layer.value)] ?? null;
  }

  private async check(): Promise<void> {
    const { ph, rope, input } = this;
    if (!ph || !rope || !input) return;
    const t = this.layerFor(input);
    if (!t) return;
    const asked = ++this.asked;
    const size = `${input.name}: ${input.what}, ${integer(input.rows)} × ${integer(input.width)} (${input.dtype})`;
    this.status.textContent = `Checking ${size}…`;
    let found: RopeIdentification;
    try {
      found = await this.identifier.identifyRope({ ...input.options, headDim: t.headDim });
    } catch (e) {
      if (asked === this.asked)
        this.fail(`${input.name}: ${(e as Error).message.replace(/^phasor\.identifyRope: /, '')}`);
      return;
    }
    // A later file or layer type was chosen meanwhile: its verdict is the one to show.
    if (asked !== this.asked) return;
    this.status.textContent = `${size}.`;
    this.error.hidden = true;
    this.show(ph, t, input, found);
  }

  private show(ph: Phasor, t: RopeLayerType, input: TensorInput, found: RopeIdentification): void {
    const best = found.candidates[0];
    this.detail.replaceChildren(
      element('h4', '', 'The tensor on its own (ph.identifyRope)'),
      ropeVerdictView(found, { kind: input.kind, name: input.name }),
    );
    if (!best) {
      this.root.dataset.verdict = 'none';
      this.verdict.textContent = 'No RoPE: nothing comes near this tensor.';
      this.departs.replaceChildren();
      return;
    }
    const departures = tensorDepartures(ph, t, best, input.kind);
    const precision = `${PRECISION[best.precision] ?? best.precision}: largest difference ${exact(+best.maxError.toPrecision(3))}, allowed ${exact(+best.tolerance.toPrecision(3))}`;
    const layer = layersPhrase(t);
    if (best.match && departures.length === 0) {
      this.root.dataset.verdict = 'match';
      this.verdict.textContent = `Match: this is the config's RoPE for ${layer}, ${precision}.`;
    } else if (best.match) {
      this.root.dataset.verdict = 'other';
      this.verdict.textContent = `Not this config's RoPE for ${layer}. The tensor is ${candidateText(best)} (${precision}).`;
    } else {
      this.root.dataset.verdict = 'mismatch';
      this.verdict.textContent = `No RoPE reproduces it within its precision. Nearest candidate: ${candidateText(best)}, worst value ${exact(+best.worstRatio.toPrecision(3))} × its bound.`;
    }
    this.departs.replaceChildren(...departures.map((d) => element('li', '', d)));
  }
}

/** The tensor width the layer type gives for this kind of input. */
function widthOf(t: RopeLayerType, input: TensorInput): number {
  return input.kind === 'invFreq' ? t.invFreq.length : t.rotaryDim;
}
