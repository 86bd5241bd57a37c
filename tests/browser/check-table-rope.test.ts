// "Check your table" on RoPE tensors and on the precision verdict, in
// Chromium: files made by the frameworks' own code (tests/fixtures/check/
// make_rope_files.py: transformers' rotary embedding, the PyTorch tutorial)
// dropped on the section; the verdict names what it is and how it was made,
// and the precision chart draws the deviation under its bound. A bad file is
// refused in one line and the section keeps working.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { pixelReader } from './support/charts.js';
import { useSectionPage } from './support/explorer.js';

const FILES = resolve(import.meta.dirname, '../fixtures/check');

let page: Page;
let errors: string[];
useSectionPage('#check-table', '#check-file', async (opened) => {
  ({ page, errors } = opened);
  // Long tasks on the main thread, kept to be reported (a sanity check, not a timed test: the machine is shared).
  await page.evaluate(() => {
    const w = window as unknown as { longTasks: number[] };
    w.longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.longTasks.push(e.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
});

/** Drops the files together on the drop zone, as a browser does. */
async function drop(...paths: string[]): Promise<void> {
  const files = paths.map((path) => ({
    bytes: readFileSync(resolve(FILES, path)).toString('base64'),
    name: path.split('/').pop()!,
  }));
  await page.evaluate(() => {
    document.querySelector('.check-rope')!.replaceChildren();
    const verdict = document.querySelector('.check-table-view .check-verdict')!;
    verdict.textContent = '';
    const error = document.querySelector<HTMLElement>('.check-error')!;
    error.textContent = '';
    error.hidden = true;
  });
  await page.evaluate((files) => {
    const transfer = new DataTransfer();
    for (const { bytes, name } of files)
      transfer.items.add(new File([Uint8Array.from(atob(bytes), (c) => c.charCodeAt(0))], name));
    document
      .querySelector('.check-drop')!
      .dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, files);
}

interface Outcome {
  verdict: string;
  lines: string;
  error: string;
  precision: string | null;
}

/** The verdict shown (RoPE or table) with its lines, or the error line, whichever comes. */
async function outcome(): Promise<Outcome> {
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('.check-result .check-verdict')].some((e) => e.textContent !== '') ||
      !document.querySelector<HTMLElement>('.check-error')!.hidden,
    undefined,
    { timeout: 60_000 },
  );
  return page.evaluate(() => {
    const result = document.querySelector<HTMLElement>('.check-result')!;
    const rope = document.querySelector<HTMLElement>('.check-rope .rope-verdict');
    const view = rope ?? document.querySelector<HTMLElement>('.check-table-view')!;
    const error = document.querySelector<HTMLElement>('.check-error')!;
    return {
      verdict: result.hidden ? '' : (view.querySelector('.check-verdict')?.textContent ?? ''),
      lines: result.hidden ? '' : (view.querySelector('.check-differs')?.textContent ?? ''),
      error: error.hidden ? '' : error.textContent!,
      precision: rope?.dataset.precision ?? null,
    };
  });
}

/**
 * The precision chart in view: its caption, and how many pixels of its canvas
 * hold ink of the line colours, once more than `minInk` do (the paint worker
 * shows its picture a frame or more after the page asked for it).
 */
async function precisionChart(minInk: number): Promise<{ caption: string; ink: number; legend: string }> {
  const shown = await page.waitForFunction(
    ([pixels, least]) => {
      const figure = [...document.querySelectorAll<HTMLElement>('.check-result .check-precision')].find(
        (f) => f.offsetParent !== null,
      );
      const root = figure?.querySelector('.precision-chart')?.shadowRoot;
      const canvas = root?.querySelector('canvas');
      if (!figure || !root || !canvas || canvas.width === 0) return false;
      const { data } = pixels(canvas);
      let ink = 0;
      for (let i = 3; i < data.length; i += 4) if (data[i] > 0) ink++;
      if (ink <= least) return false;
      return {
        caption: figure.querySelector('figcaption')!.textContent!,
        ink,
        legend: root.querySelector('.legend')!.textContent!,
      };
    },
    [await pixelReader(page), minInk] as const,
  );
  return (await shown.jsonValue()) as { caption: string; ink: number; legend: string };
}

describe('Check your table: RoPE tensors and the precision verdict', () => {
  test("transformers' bfloat16 Llama 2 cache (.safetensors with cos and sin): bfloat16, a match, the chart", async () => {
    await drop('good/rope/llama-2-bf16.safetensors');
    const o = await outcome();
    expect(o.error).toBe('');
    expect(o.verdict).toMatch(
      /^Match: .*θ 10000, no scaling.*stored as bfloat16\.$|^Match: .*llama-2.*stored as bfloat16\.$/i,
    );
    expect(o.precision).toBe('bfloat16');
    expect(o.lines).toMatch(/Read as a RoPE cos\/sin cache: θ 10000, no scaling, rotary width 128\./);
    expect(o.lines).toMatch(/half layout/);
    const chart = await precisionChart(500); // its lines drawn, else it times out
    expect(chart.caption).toMatch(/within the bound bfloat16 storage allows everywhere/);
    expect(chart.legend).toMatch(/measured deviation.*bound \(bfloat16 storage\)/);
    expect(await page.$eval('.check-status', (e) => e.textContent)).toMatch(
      /a RoPE cos\/sin cache, 512 positions × 128 \(bfloat16\)/,
    );
  });

  test('two .npy files (cos.npy, sin.npy, float16, θ 10⁶) dropped together: the cache, float16', async () => {
    await drop('good/rope/cos.npy', 'good/rope/sin.npy');
    const o = await outcome();
    expect(o.error).toBe('');
    expect(o.verdict).toMatch(/^Match: .*θ 1000000.*stored as float16\.$/);
    expect(o.precision).toBe('float16');
  });

  test("Llama 3.1's inv_freq: named, with its llama3 scaling, the chart against the pair", async () => {
    await drop('good/rope/inv_freq.npy');
    const o = await outcome();
    expect(o.error).toBe('');
    expect(o.verdict).toMatch(/^Match: Llama 3\.1 8B.*\(preset 'llama-3\.1-8b'\)/);
    expect(o.lines).toMatch(
      /Read as an inv_freq vector: θ 500000, llama3 scaling \(factor 8, original length 8\u2009192\)/,
    );
    await precisionChart(200); // its lines drawn, else it times out
  });

  test("transformers' rotated q rows with their original: named, the rotated tensor checked first", async () => {
    await drop('good/rope/q-rotated-f32.safetensors');
    const o = await outcome();
    expect(o.error).toBe('');
    expect(await page.$eval('#check-tensor', (s) => (s as HTMLSelectElement).value)).toBe('q_rotated');
    expect(o.verdict).toMatch(/^Match: .*θ 10000, no scaling/);
    expect(o.lines).toMatch(/Read as q\/k rows after RoPE: θ 10000, no scaling, rotary width 128\./);
    await precisionChart(200); // its lines drawn, else it times out
  });

  test('a cache whose sin has θ 10001 and cos θ 10000: refused, naming the nearest candidate', async () => {
    await drop('good/rope/theta-10001-f32.safetensors');
    const o = await outcome();
    expect(o.error).toBe('');
    expect(o.verdict).toMatch(/^No match\. Nearest: .*θ 1000\d/);
    expect(await page.$eval('.check-result', (e) => (e as HTMLElement).dataset.match)).toBe('false');
  });

  test("the PyTorch tutorial's table (float32 arithmetic): named, 'computed in float32 arithmetic', the chart", async () => {
    await drop('good/tutorial-f32.npy');
    const o = await outcome();
    expect(o.error).toBe('');
    expect(o.verdict).toMatch(
      /^Match: pytorch-tutorial \(the same table as paper.*\), computed in float32 arithmetic \(not the exact table\)/,
    );
    const chart = await precisionChart(500); // its lines drawn, else it times out
    expect(chart.caption).toMatch(/within the bound float32 arithmetic allows everywhere/);
    expect(chart.legend).toMatch(/bound \(float32 arithmetic\)/);
  });

  test('a cos without its sin, then a truncated file: one line each; then a good file works, no console error', async () => {
    await drop('good/rope/cos.npy');
    expect((await outcome()).error).toBe(
      'cos.npy looks like a RoPE cos cache, and its sin cache is not there (no "sin.npy"): give both, as two .npy files dropped together or two tensors of one .safetensors',
    );
    await drop('bad/truncated-data.npy');
    expect((await outcome()).error).toMatch(/^truncated-data\.npy is truncated/);
    await drop('good/rope/cos.npy', 'good/paper.csv');
    expect((await outcome()).error).toMatch(/two files are read as a RoPE cos\/sin cache/);
    await drop('good/rope/llama-2-bf16.safetensors');
    expect((await outcome()).precision).toBe('bfloat16');
    expect(errors).toEqual([]);
  });

  test('reading, identify and identifyRope ran in the worker: its script was loaded, and the page has the long tasks it has', async () => {
    const workers = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .filter((n) => /check-table-worker-[\w-]+\.js$/.test(n)),
    );
    expect(workers).toHaveLength(1);
    const tasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
    console.log(`main-thread long tasks while checking (ms): ${tasks.map((t) => Math.round(t)).join(', ') || 'none'}`);
  });
});
