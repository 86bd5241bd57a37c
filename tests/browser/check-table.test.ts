// The explorer's "Check your table" in Chromium: real files of each format
// (tests/fixtures/check/make_files.py) dropped, chosen or pasted, read in
// the page, identified, the difference drawn; malformed files refused with
// one line of text, and the section keeps working after a refusal.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { pixelReader } from './support/charts.js';
import { useSectionPage } from './support/explorer.js';

const FILES = resolve(import.meta.dirname, '../fixtures/check');

let page: Page;
let errors: string[];
useSectionPage('#check-table', '#check-file', (opened) => ({ page, errors } = opened));

/** Drops the file on the drop zone as a browser does (a DragEvent carrying a DataTransfer). */
async function drop(path: string): Promise<void> {
  const bytes = readFileSync(resolve(FILES, path)).toString('base64');
  const name = path.split('/').pop()!;
  await clear();
  await page.evaluate(
    ({ bytes, name }) => {
      const data = Uint8Array.from(atob(bytes), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([data], name));
      document
        .querySelector('.check-drop')!
        .dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    },
    { bytes, name },
  );
}

/** Chooses the file with the file input. */
async function choose(path: string): Promise<void> {
  await clear();
  await page.setInputFiles('#check-file', resolve(FILES, path));
}

/** Forgets the last outcome, so the next wait sees the new one. */
async function clear(): Promise<void> {
  await page.evaluate(() => {
    document.querySelector('.check-verdict')!.textContent = '';
    const error = document.querySelector<HTMLElement>('.check-error')!;
    error.textContent = '';
    error.hidden = true;
  });
}

/** The verdict or the error line, whichever comes. */
async function outcome(): Promise<{ verdict: string; error: string }> {
  await page.waitForFunction(
    () =>
      (document.querySelector('.check-verdict')?.textContent ?? '') !== '' ||
      !document.querySelector<HTMLElement>('.check-error')!.hidden,
    undefined,
    { timeout: 30_000 },
  );
  return page.evaluate(() => ({
    verdict: document.querySelector<HTMLElement>('.check-result')!.hidden
      ? ''
      : document.querySelector('.check-verdict')!.textContent!,
    error: document.querySelector<HTMLElement>('.check-error')!.hidden
      ? ''
      : document.querySelector('.check-error')!.textContent!,
  }));
}

async function fitted(): Promise<string> {
  return page.$eval('.check-fitted', (e) => e.textContent ?? '');
}

/** How many canvas pixels of the difference heatmap are not the background: the chart was drawn. */
async function differenceInk(): Promise<number> {
  return page.$eval(
    '.difference-chart',
    (host, pixels) => {
      const canvas = host.shadowRoot!.querySelector('canvas')!;
      const { data } = pixels(canvas);
      let ink = 0;
      for (let i = 3; i < data.length; i += 4) if (data[i] > 0) ink++;
      return ink;
    },
    await pixelReader(page),
  );
}

describe('Check your table: files that are tables', () => {
  test('a dropped float32 .npy of the paper table: match, paper, 64 × 16, the difference drawn', async () => {
    await drop('good/paper-f32.npy');
    const { verdict, error } = await outcome();
    expect(error).toBe('');
    expect(verdict).toMatch(/^Match: paper\b/);
    expect(await fitted()).toMatch(/positions: 64, dModel: 16/);
    expect(await page.$eval('.check-status', (e) => e.textContent)).toBe('paper-f32.npy: 64 rows × 16 columns.');
    expect(await differenceInk()).toBeGreaterThan(1000);
    const href = await page.$eval('.check-open', (a) => (a as HTMLAnchorElement).href);
    expect(new URL(href).searchParams.get('dModel')).toBe('16');
    expect(new URL(href).searchParams.get('positions')).toBe('64');
  });

  test('a chosen big-endian Fortran-order .npy and a dropped float64 Fortran one: match', async () => {
    await choose('good/paper-f32-big-fortran.npy');
    expect((await outcome()).verdict).toMatch(/^Match: paper\b/);
    await drop('good/paper-f64-fortran.npy');
    expect((await outcome()).verdict).toMatch(/^Match: paper\b/);
  });

  test('fairseq forward rows: a match with the first position 2 in the fitted options', async () => {
    await drop('good/fairseq-f32.npy');
    const { verdict } = await outcome();
    expect(verdict).toMatch(/^Match: /);
    expect(await fitted()).toMatch(/fairseq|tensor2tensor|offset: 2|startIndex: 2/);
    // The link opens the explorer at fairseq's table as far as its controls go, and names the rest.
    const params = new URL(await page.$eval('.check-open', (a) => (a as HTMLAnchorElement).href)).searchParams;
    expect([params.get('layout'), params.get('spacing'), params.get('dModel')]).toEqual([
      'split',
      'tensor2tensor',
      '16',
    ]);
    expect(await page.$eval('.check-open-note', (e) => e.textContent)).toMatch(
      /no control for .*(paddingIdx 1|offset 2)/,
    );
  });

  test('.safetensors: the tensor list, the position table chosen first, another chosen by name', async () => {
    await drop('good/model.safetensors');
    expect((await outcome()).verdict).toMatch(/^Match: /);
    const options = await page.$$eval('#check-tensor option', (os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(options).toEqual([
      'encoder.layer.0.weight',
      'encoder.embed_positions.weights',
      'paper.f64',
      'paper.f16',
      'paper.bf16',
      'token_ids',
      'heads',
    ]);
    expect(await page.$eval('#check-tensor', (s) => (s as HTMLSelectElement).value)).toBe(
      'encoder.embed_positions.weights',
    );

    await clear();
    await page.selectOption('#check-tensor', 'paper.f64');
    expect((await outcome()).verdict).toMatch(/^Match: paper\b/);

    // bfloat16 keeps 8 bits: the paper's numbers stored in bfloat16, as identify says.
    await clear();
    await page.selectOption('#check-tensor', 'paper.bf16');
    expect((await outcome()).verdict).toMatch(/^Match: paper\b/);
    expect(await page.$eval('.check-differs', (e) => e.textContent)).toMatch(/the exact table then stored in bfloat16/);

    // An identity matrix is no encoding.
    await clear();
    await page.selectOption('#check-tensor', 'encoder.layer.0.weight');
    expect((await outcome()).verdict).toMatch(/^No match\./);

    await clear();
    await page.selectOption('#check-tensor', 'token_ids');
    expect((await outcome()).error).toBe('tensor "token_ids" has dtype I64; need F16, BF16, F32 or F64');
    await clear();
    await page.selectOption('#check-tensor', 'heads');
    expect((await outcome()).error).toBe(
      'tensor "heads" has rank 3 (shape 2 × 4 × 8); need a 2-D table (positions × dModel)',
    );
  });

  test('CSV, CSV with a header, TSV and JSON: each a match at 8 × 6', async () => {
    for (const file of [
      'good/paper.csv',
      'good/paper-header.csv',
      'good/paper-labelled.csv',
      'good/paper.tsv',
      'good/paper-rows.json',
      'good/paper-flat.json',
    ]) {
      await drop(file);
      const { verdict, error } = await outcome();
      expect(error, file).toBe('');
      expect(verdict, file).toMatch(/^Match: paper\b/);
      expect(await fitted(), file).toMatch(/positions: 8, dModel: 6/);
    }
  });

  test('pasted numbers: a match for the paper rows, "No match" for numbers that are no encoding', async () => {
    await page.click('.check-paste summary');
    const rows = Array.from({ length: 12 }, (_, p) =>
      Array.from({ length: 4 }, (_, j) => (j % 2 ? Math.cos : Math.sin)(p * 10000 ** (-(2 * (j >> 1)) / 4))).join(', '),
    ).join('\n');
    await clear();
    await page.fill('#check-text', rows);
    await page.click('.check-paste-button');
    expect((await outcome()).verdict).toMatch(/^Match: paper\b/);
    await clear();
    await page.fill('#check-text', Array.from({ length: 12 }, (_, p) => `${p}, ${p * p}, ${-p}, 1`).join('\n'));
    await page.click('.check-paste-button');
    expect((await outcome()).verdict).toMatch(/^No match\./);
  });
});

describe('Check your table: files it refuses, one line each', () => {
  const cases: [string, string][] = [
    ['bad/int64.npy', "int64.npy holds dtype int64 ('<i8'); need float16, float32 or float64"],
    ['bad/rank3.npy', 'rank3.npy has rank 3 (shape 2 × 3 × 4); need a 2-D table (positions × dModel)'],
    [
      'bad/truncated-header.npy',
      'truncated-header.npy is truncated: its header says 118 bytes but the file ends after 30',
    ],
    [
      'bad/truncated-data.npy',
      'truncated-data.npy is truncated: shape 64 × 16 of float32 needs 4096 data bytes, the file has 3996',
    ],
    ['bad/too-large.npy', 'too-large.npy has 268,435,456 values; the limit is 67,108,864 (2^26)'],
    ['bad/ragged.csv', 'ragged.csv: line 3 has 3 values, line 1 has 4 (ragged rows)'],
    ['bad/ragged.json', 'ragged.json: row [1] has 3 values, the first has 4 (ragged rows)'],
    [
      'bad/binary.bin',
      'binary.bin is neither text nor a .npy or .safetensors file; need .npy, .safetensors, CSV, TSV or JSON',
    ],
  ];
  for (const [file, message] of cases) {
    test(`${file}: "${message}"`, async () => {
      await drop(file);
      const { verdict, error } = await outcome();
      expect(verdict).toBe('');
      expect(error).toBe(message);
    });
  }

  test('a truncated .safetensors header, then a good file: the section works again, and no console error', async () => {
    await drop('bad/truncated-header.safetensors');
    expect((await outcome()).error).toMatch(
      /^truncated-header\.safetensors is truncated: its header says \d+ bytes but the file ends after 52$/,
    );
    await drop('good/paper.csv');
    expect((await outcome()).verdict).toMatch(/^Match: paper\b/);
    expect(errors).toEqual([]);
  });
});
