// "Check your model": paste, drop or choose a config.json, or pick a model;
// ph.ropeFromConfig reads it as transformers does, and the section shows each
// layer type's RoPE (cards, wavelengths, copy as code), where the layer types
// and NoPE layers sit, the base ↔ context bound of Men et al. 2024, and
// checks a tensor dropped from a port against it. Read in this page: nothing
// is uploaded. A config the reader refuses gets its error, which names the key.
import { createPhasor, ROPE_PRESET_NAMES, type Phasor, type RopeConfig } from '../src/core/index.js';
import { CITED_CONFIGS } from '../src/core/rope-preset-configs.js';
import { integer } from '../src/charts/format.js';
import { BaseContextView } from './check-model-base.js';
import { layerCards, layerStrip } from './check-model-cards.js';
import { TensorCheck } from './check-model-tensor.js';
import { dropZone } from './drop-zone.js';
import { element } from './element.js';
import { idle } from '../src/elements/base/idle.js';
import './check-model.css';

// Built when the page is first idle, not in the explorer's start-up task, which is long enough on a phone.
const mount = document.getElementById('check-model-app');
if (mount) idle(() => build(mount));

/**
 * One entry per config among the presets (a model with two layer types has
 * two presets of one config), from the cited configs: reading the presets
 * themselves would run the config reader, cold, in the explorer's start-up.
 */
function models(): { value: string; label: string }[] {
  const seen = new Set<string>();
  return ROPE_PRESET_NAMES.flatMap((name) => {
    const p = CITED_CONFIGS[name];
    if (seen.has(p.config)) return [];
    seen.add(p.config);
    return [{ value: name, label: p.model.replace(/ \([^)]*layers[^)]*\)$/, '') }];
  });
}

function build(root: HTMLElement): void {
  const pick = element('div', 'local-field model-pick');
  const pickLabel = element('label', '', 'Pick a model');
  pickLabel.htmlFor = 'model-preset';
  const select = element('select');
  select.id = 'model-preset';
  select.append(new Option('— a model whose config is cited —', ''));
  for (const m of models()) select.append(new Option(m.label, m.value));
  pick.append(pickLabel, select);

  const drop = dropZone('check-drop model-drop', 'Drop a config.json here', (files) => {
    if (files[0]) void readFile(files[0]);
    else fail('Nothing to read: drop a config.json file.');
  });
  const dropText = element('p', 'check-drop-text');
  dropText.append('Drop a ', element('code', '', 'config.json'), ' here, or choose one: ');
  const chooser = element('input', 'check-file');
  chooser.type = 'file';
  chooser.id = 'model-file';
  chooser.accept = '.json,application/json';
  chooser.setAttribute('aria-label', 'Choose a config.json');
  dropText.append(chooser);
  const textLabel = element('label', 'model-text-label', 'or paste it:');
  textLabel.htmlFor = 'model-text';
  const textarea = element('textarea', 'check-text');
  textarea.id = 'model-text';
  textarea.rows = 6;
  textarea.spellcheck = false;
  textarea.placeholder =
    '{ "model_type": "llama", "hidden_size": 4096, "num_attention_heads": 32, "rope_theta": 500000.0, … }';
  const readButton = element('button', 'model-read', 'Read this config');
  readButton.type = 'button';
  const privacy = element('p', 'check-note', 'Read in this page: nothing is uploaded.');
  drop.append(dropText, textLabel, textarea, readButton, privacy);

  const error = element('p', 'check-error model-error');
  error.setAttribute('role', 'alert');
  error.hidden = true;
  const result = element('div', 'model-result');
  result.hidden = true;
  const summary = element('p', 'model-summary');
  const notes = element('ul', 'model-notes');
  const keys = element('details', 'model-keys');
  const strip = element('div', 'layer-strip-box');
  const cards = element('div', 'model-cards');
  const base = new BaseContextView();
  const tensor = new TensorCheck();
  result.append(summary, notes, keys, strip, cards, base.root, tensor.root);
  root.append(pick, drop, error, result);

  let phasor: Promise<Phasor> | null = null;
  const load = () => (phasor ??= createPhasor({ experiments: true }));

  const fail = (message: string) => {
    error.textContent = message;
    error.hidden = false;
    result.hidden = true;
    base.stop();
  };

  async function read(text: string, source: string): Promise<void> {
    let config: unknown;
    try {
      config = JSON.parse(text);
    } catch (e) {
      return fail(`${source} is not JSON: ${(e as Error).message}`);
    }
    let ph: Phasor;
    try {
      ph = await load();
    } catch (e) {
      phasor = null;
      return fail(`The WebAssembly could not be loaded: ${(e as Error).message}`);
    }
    let rope: RopeConfig;
    try {
      rope = ph.ropeFromConfig(config);
    } catch (e) {
      return fail(`${source} cannot be read: ${(e as Error).message.replace(/^phasor\.ropeFromConfig: /, '')}`);
    }
    error.hidden = true;
    show(ph, rope, source);
  }

  function show(ph: Phasor, rope: RopeConfig, source: string): void {
    result.hidden = false;
    const model = rope.modelType ? `model_type '${rope.modelType}'` : 'no model_type';
    const family = rope.family ? `read as transformers' ${rope.family}` : 'read as Llama (rotate_half, θ 10⁴)';
    const types = rope.layerTypes.length;
    summary.textContent =
      `${source}: ${model}${rope.prefix ? ` (in ${rope.prefix.slice(0, -1)})` : ''}, ${family}; ` +
      `${integer(rope.layerCount)} layers, max_position_embeddings ${integer(rope.maxPositionEmbeddings)}; ` +
      `${types} layer type${types === 1 ? '' : 's'}.`;
    notes.replaceChildren(
      ...rope.unknownKeys.map((k) => element('li', 'model-unknown', `Not understood (not applied): ${k}`)),
      ...rope.defaults.map((d) => element('li', 'model-default', `Not in the config, the family's default: ${d}`)),
    );
    const keysSummary = element('summary', '', `The ${rope.keysRead.length} keys read`);
    keys.replaceChildren(keysSummary, element('p', 'model-keys-list', rope.keysRead.join(', ')));
    strip.replaceChildren(layerStrip(rope));
    cards.replaceChildren(...layerCards(rope));
    base.show(ph, rope);
    tensor.use(ph, rope);
  }

  const readTextarea = (source: string) => void read(textarea.value, source);
  select.addEventListener('change', () => {
    const name = select.value as (typeof ROPE_PRESET_NAMES)[number] | '';
    if (!name) return;
    textarea.value = JSON.stringify(CITED_CONFIGS[name].fields, null, 2);
    readTextarea(
      `${CITED_CONFIGS[name].config.replace(/^huggingface\.co\/|\/blob\/main\/config\.json$/g, '')}'s config`,
    );
  });
  readButton.addEventListener('click', () => readTextarea('The pasted config'));
  textarea.addEventListener('paste', () => setTimeout(() => readTextarea('The pasted config'), 0));
  const readFile = async (file: File) => {
    const text = await file.text();
    textarea.value = text;
    select.value = '';
    await read(text, file.name);
  };
  chooser.addEventListener('change', () => {
    const file = chooser.files?.[0];
    if (file) void readFile(file);
    chooser.value = '';
  });
}
