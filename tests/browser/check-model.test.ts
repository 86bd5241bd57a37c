// The explorer's "Check your model" in Chromium: real configs
// (tests/fixtures/rope_configs/configs.json) pasted, dropped and picked, read
// by ph.ropeFromConfig in the page and shown per layer type; bfloat16 caches
// made by transformers' code (tests/fixtures/check-model/make_cache_files.py)
// dropped and judged against the config; the base ↔ context chart filled in.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { useSectionPage } from './support/explorer.js';

const FIXTURES = resolve(import.meta.dirname, '../fixtures');
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const CONFIGS = JSON.parse(readFileSync(resolve(FIXTURES, 'rope_configs/configs.json'), 'utf8')).configs as Record<
  string,
  { config: unknown }
>;

let page: Page;
let errors: string[];
const openAnother = useSectionPage('#check-model', '#model-text', (opened) => ({ page, errors } = opened));

/** Pastes a config's JSON into the text area and reads it; waits for the cards or the error. */
async function paste(config: unknown): Promise<void> {
  await page.evaluate(() => {
    document.querySelector('.model-cards')?.replaceChildren();
    document.querySelector<HTMLElement>('.model-error')!.hidden = true;
  });
  await page.fill('#model-text', JSON.stringify(config, null, 2));
  await page.click('.model-read');
  await page.waitForFunction(
    () =>
      document.querySelectorAll('.model-card').length > 0 ||
      !document.querySelector<HTMLElement>('.model-error')!.hidden,
    undefined,
    { timeout: 30_000 },
  );
}

/** Each card: its title and its facts (term → value). */
async function cards(): Promise<{ title: string; facts: Record<string, string> }[]> {
  return page.$$eval('.model-card', (list) =>
    list.map((card) => {
      const facts: Record<string, string> = {};
      const terms = [...card.querySelectorAll('dt')];
      for (const dt of terms) facts[dt.textContent!] = dt.nextElementSibling!.textContent!;
      return { title: card.querySelector('h3')!.textContent!, facts };
    }),
  );
}

/** Drops files on the tensor drop zone as a browser does. */
async function dropTensor(paths: string[]): Promise<string> {
  const files = paths.map((p) => ({
    name: p.split('/').pop()!,
    bytes: readFileSync(resolve(FIXTURES, p)).toString('base64'),
  }));
  await page.evaluate(() => (document.querySelector('.model-verdict')!.textContent = ''));
  await page.evaluate((files) => {
    const transfer = new DataTransfer();
    for (const f of files)
      transfer.items.add(new File([Uint8Array.from(atob(f.bytes), (c) => c.charCodeAt(0))], f.name));
    document
      .querySelector('.model-tensor-drop')!
      .dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, files);
  await page.waitForFunction(
    () =>
      (document.querySelector('.model-verdict')?.textContent ?? '') !== '' ||
      !document.querySelector<HTMLElement>('.model-tensor .check-error')!.hidden,
    undefined,
    { timeout: 30_000 },
  );
  return page.$eval(
    '.model-tensor',
    (s) => `${s.querySelector('.model-verdict')!.textContent} | ${s.querySelector('.check-error')!.textContent}`,
  );
}

describe('Check your model: configs', () => {
  test('pasting a Gemma 4 config shows both layer types, each with its own θ, head and pairing', async () => {
    await paste(CONFIGS['google__gemma-4-31B-it'].config);
    const shown = await cards();
    expect(shown.map((c) => c.title)).toEqual(['sliding_attention', 'full_attention']);
    const [sliding, full] = shown;
    expect(sliding.facts['θ']).toBe('10000');
    expect(sliding.facts.Layers).toBe('layers 0–4, 6–10, 12–16, 18–22, 24–28, 30–34, …, 54–58 (50 of 60)');
    expect(sliding.facts.Head).toMatch(/^256 values: 256 turn \(128 pairs\), 0 pass through/);
    expect(full.facts['θ']).toBe('1000000');
    expect(full.facts.rope_type).toBe('proportional');
    expect(full.facts.Layers).toBe('every 6th layer from 5 to 59 (10 of 60)');
    // The whole 512-wide head pairs rotate_half (slot i with i + 256); only the first 64 pairs turn.
    expect(full.facts.Head).toMatch(/^512 values: 128 turn \(64 pairs\), 384 pass through/);
    expect(full.facts['Turning slots']).toBe('0–63, 256–319');
    expect(full.facts['Pass-through slots']).toBe('64–255, 320–511');
    expect(full.facts.Pairing).toBe('rotate_half: slot i turns with i + 256');
    expect(await page.$$eval('.layer-strip .layer-cell', (c) => c.length)).toBe(60);
    // Both layer types' wavelength charts are drawn.
    expect(await page.$$eval('.model-wavelengths', (hosts) => hosts.length)).toBe(2);
    // Copy as code: the full-attention layers' cache, proportional, a quarter of the 256 pairs turning.
    await page.click('.model-card[data-layer-type="full_attention"] .model-copy');
    const code = await page.$eval(
      '.model-card[data-layer-type="full_attention"] .model-wavelengths',
      (host) => host.shadowRoot!.querySelector('dialog.code[open] pre')!.textContent!,
    );
    expect(code).toContain('rotary width 512');
    expect(code).toContain('turning = 64');
    expect(code).toContain("positions 0 … 32767 of the model's 262144");
    expect(code).toContain('gemma4_text: the full_attention layers (every 6th layer from 5 to 59 (10 of 60))');
    await page.keyboard.press('Escape');
  });

  test('a Qwen2.5-VL config shows its M-RoPE sections over the pairs', async () => {
    await paste(CONFIGS['Qwen__Qwen2.5-VL-7B-Instruct'].config);
    const [card] = await cards();
    expect(card.facts['M-RoPE sections']).toContain(
      '[16, 24, 24] — time: 16 pairs (0–15); height: 24 pairs (16–39); width: 24 pairs (40–63)',
    );
    const axes = await page.$$eval('.mrope-bar .mrope-cell', (cells) =>
      cells.map((c) => c.className.slice(-1)).join(''),
    );
    expect(axes).toBe('0'.repeat(16) + '1'.repeat(24) + '2'.repeat(24));
  });

  test('a malformed config is refused in plain words naming the key, and the section keeps working', async () => {
    await paste({
      model_type: 'llama',
      hidden_size: 4096,
      num_attention_heads: 32,
      num_hidden_layers: 32,
      rope_scaling: { type: 'linear', factor: 0.5 },
    });
    const message = await page.$eval('.model-error', (e) => e.textContent!);
    expect(message).toMatch(/^The pasted config cannot be read: rope_scaling\.factor /);
    await paste(CONFIGS['meta-llama__Llama-2-7b-hf'].config);
    expect((await cards()).map((c) => c.title)).toEqual(['every layer']);
  });

  test('picking a model reads its cited config', async () => {
    await page.selectOption('#model-preset', 'phi-4-mini-reasoning');
    await page.waitForFunction(() =>
      document.querySelector('.model-summary')!.textContent!.includes('microsoft/Phi-4-mini-reasoning'),
    );
    const [card] = await cards();
    expect(card.facts.Scaling).toMatch(/^longrope/);
    expect(card.facts['Attention factor']).toMatch(/cos and sin are multiplied by it/);
  });

  test('keys the reader does not apply are listed as such', async () => {
    // Phi-4: original_max_position_embeddings beside the default RoPE, which transformers' code does not read.
    await paste(CONFIGS['microsoft__phi-4'].config);
    const unknown = await page.$$eval('.model-unknown', (items) => items.map((li) => li.textContent));
    expect(
      unknown.some((line) => /^Not understood \(not applied\): original_max_position_embeddings/.test(line!)),
    ).toBe(true);
  });

  test('the base ↔ context chart marks the config and fills in', async () => {
    await paste(CONFIGS['meta-llama__Llama-2-7b-hf'].config);
    await page.waitForFunction(
      () => document.querySelector<HTMLElement>('.model-base')!.dataset.complete === 'true',
      undefined,
      {
        timeout: 60_000,
      },
    );
    const caption = await page.$eval('.model-base-chart', (h) => h.shadowRoot!.querySelector('.caption')!.textContent!);
    // Llama 2: θ 10⁴ at width 128; the first distance where Σ cos(m θ^(−2i/128)) < 0, summed here in JavaScript.
    let first = 0;
    for (let sum = 1; sum >= 0;) {
      first++;
      sum = 0;
      for (let i = 0; i < 64; i++) sum += Math.cos(first * 10000 ** (-i / 64));
    }
    const shown = first.toLocaleString('en').replace(/,/g, '\u2009');
    expect(caption).toBe(`every layer: θ 10000 supports ${shown} tokens (below max_position_embeddings 4\u2009096).`);
  });
});

describe('Check your model: a tensor from a port', () => {
  test('a bfloat16 cache from the matching config is recognised with its precision', async () => {
    await paste(CONFIGS['meta-llama__Llama-2-7b-hf'].config);
    const verdict = await dropTensor(['check-model/llama-2-cache-bf16.safetensors']);
    expect(verdict).toMatch(
      /^Match: this is the config's RoPE for every layer, made in float32 arithmetic and stored as bfloat16: /,
    );
    expect(await page.$eval('.model-tensor .check-status', (e) => e.textContent)).toBe(
      'llama-2-cache-bf16.safetensors: cos and sin: cos/sin cache, 256 × 128 (bfloat16).',
    );
  });

  test('a cache of a different θ is refused with the nearest candidate named', async () => {
    const verdict = await dropTensor(['check-model/theta-1e6-cache-bf16.safetensors']);
    expect(verdict).toMatch(/^Not this config's RoPE for every layer\. The tensor is .*θ 1000000/);
    const departs = await page.$$eval('.model-departs li', (items) => items.map((li) => li.textContent));
    expect(departs[0]).toBe('θ 1000000 (the config: 10000)');
  });

  test('the page raised no errors', () => {
    expect(errors).toEqual([]);
  });
});

describe('Check your model: accessibility', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`axe-core finds no violation in the section with a config and a verdict shown (${colorScheme})`, async () => {
      // axe is injected as a script: this page bypasses the site's CSP (the tests above keep it).
      const other = await openAnother({ bypassCSP: true, colorScheme });
      const saved = page;
      page = other.page;
      try {
        await page.waitForSelector('#model-text');
        await paste(CONFIGS['Qwen__Qwen2.5-VL-7B-Instruct'].config);
        await dropTensor(['check-model/theta-1e6-cache-bf16.safetensors']);
        await page.addScriptTag({ path: AXE });
        const violations = await page.evaluate(async () => {
          const axe = (
            window as unknown as {
              axe: { run(context: Element): Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }> };
            }
          ).axe;
          const result = await axe.run(document.querySelector('#check-model')!);
          return result.violations.map((v) => `${v.id}: ${JSON.stringify(v.nodes.slice(0, 3).map((n) => n.target))}`);
        });
        expect(violations).toEqual([]);
      } finally {
        await other.close();
        page = saved;
      }
    });
  }
});
