// "Check your table" with large and racing files (issue 32): the reading,
// identify and the difference run in a worker, the shape is checked before
// the cells, and a file chosen after another replaces it. Checked by events,
// never by time: a long-task observer (PerformanceObserver 'longtask') must
// see no main-thread task of 50 ms or more while a big file is read and
// identified, up to the task that shows the outcome, and the
// page's outcomes are recorded in the order they are shown. Where workers are
// unavailable the page does the same work itself, with the same verdicts.
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { relative, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchChromium, openPage } from './support/chromium.js';
import { serveSite, type StaticServer } from './support/static-server.js';

const FILES = resolve(import.meta.dirname, '../fixtures/check');

let browser: Browser;
let server: StaticServer;
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  browser = await launchChromium();
  server = await serveSite();
});
afterAll(async () => {
  for (const close of closers) await close();
  await server?.close();
  await browser?.close();
});

/** The explorer at "Check your table", recording every status, verdict and error line as shown. */
async function openCheck(withoutWorkers = false): Promise<{ page: Page; errors: string[] }> {
  const { page, errors, close } = await openPage(browser, 'about:blank');
  closers.push(close);
  if (withoutWorkers) await page.addInitScript(() => Object.defineProperty(window, 'Worker', { value: undefined }));
  await page.goto(`${server.url}#check-table`);
  await page.waitForSelector('#check-file');
  await page.evaluate(() => {
    const shown: string[] = [];
    (window as unknown as { shown: string[] }).shown = shown;
    // `inner`: the line within the element that is recorded (the RoPE verdict's view is made anew for each).
    const watch = (selector: string, label: string, inner?: string) => {
      const e = document.querySelector<HTMLElement>(selector)!;
      new MutationObserver(() => {
        const hidden = e.hidden || e.closest<HTMLElement>('[hidden]') !== null;
        const text = inner ? e.querySelector(inner)?.textContent : e.textContent;
        if (!hidden && text) shown.push(`${label}: ${text}`);
      }).observe(e, { childList: true, characterData: true, subtree: true, attributes: true });
    };
    watch('.check-error', 'error');
    watch('.check-verdict', 'verdict');
    watch('.check-rope', 'rope verdict', '.check-verdict');
    watch('.check-status', 'status');
  });
  return { page, errors };
}

/** Drops the files kept on window.files (names in order) on the drop zone, one after another in one task. */
async function dropKept(page: Page, names: string[]): Promise<void> {
  await page.evaluate((names) => {
    const files = (window as unknown as { files: Record<string, File> }).files;
    for (const name of names) {
      const transfer = new DataTransfer();
      transfer.items.add(files[name]);
      document
        .querySelector('.check-drop')!
        .dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    }
  }, names);
}

/** Keeps a file of these bytes (base64) on window.files under its name. */
async function keepFixture(page: Page, path: string): Promise<string> {
  const name = path.split('/').pop()!;
  await page.evaluate(
    ({ bytes, name }) => {
      const w = window as unknown as { files?: Record<string, File> };
      w.files ??= {};
      w.files[name] = new File([Uint8Array.from(atob(bytes), (c) => c.charCodeAt(0))], name);
    },
    { bytes: readFileSync(resolve(FILES, path)).toString('base64'), name },
  );
  return name;
}

/** Waits until every request has its answer; returns the lines shown since `from`. */
async function settled(page: Page, from = 0): Promise<string[]> {
  await page.waitForFunction(() => document.getElementById('check-table-app')!.dataset.pending === '0', undefined, {
    timeout: 120_000,
  });
  return page.evaluate((from) => (window as unknown as { shown: string[] }).shown.slice(from), from);
}

/**
 * Waits until the page's start-up is over: its charts lay out and draw in idle
 * time for a few seconds, in tasks that are not this test's to judge (the
 * start-up is bench:ui's), so the observer starts once no long task has ended
 * for a second.
 */
async function startedUp(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((done) => {
        let last = performance.now();
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) last = Math.max(last, entry.startTime + entry.duration);
        }).observe({ type: 'longtask', buffered: true });
        const check = () => (performance.now() - last > 1000 ? done() : setTimeout(check, 100));
        check();
      }),
  );
}

const shownCount = (page: Page) => page.evaluate(() => (window as unknown as { shown: string[] }).shown.length);

describe('a newer file replaces an older one', () => {
  test("a 64 MB .npy then, in the same task, a small ragged CSV: only the CSV's refusal is shown", async () => {
    const { page, errors } = await openCheck();
    await page.evaluate(() => {
      // 4096 × 4096 float32 (64 MiB): a header as numpy writes it, then the values.
      let header = "{'descr': '<f4', 'fortran_order': False, 'shape': (4096, 4096), }";
      while ((10 + header.length + 1) % 64) header += ' ';
      header += '\n';
      const head = new Uint8Array(10 + header.length);
      head.set([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, 1, 0, header.length & 255, header.length >> 8]);
      for (let i = 0; i < header.length; i++) head[10 + i] = header.charCodeAt(i);
      const values = new Float32Array(4096 * 4096);
      for (let i = 0; i < values.length; i++) values[i] = Math.sin(i);
      (window as unknown as { files: Record<string, File> }).files = { 'big.npy': new File([head, values], 'big.npy') };
    });
    await keepFixture(page, 'bad/ragged.csv');
    const from = await shownCount(page);
    await dropKept(page, ['big.npy', 'ragged.csv']);
    // Until every request is answered, or (the fault) the big file's outcome shows.
    await page.waitForFunction(
      () =>
        document.getElementById('check-table-app')!.dataset.pending === '0' ||
        (window as unknown as { shown: string[] }).shown.some((line) => line.includes('big.npy:')),
      undefined,
      { timeout: 120_000 },
    );
    const shown = await settled(page, from);
    expect(shown.filter((line) => !line.startsWith('status: Reading'))).toEqual([
      'error: ragged.csv: line 3 has 3 values, line 1 has 4 (ragged rows)',
    ]);
    expect(await page.$eval('.check-error', (e) => (e as HTMLElement).hidden)).toBe(false);
    expect(errors).toEqual([]);
  });
});

describe('each input is held to the limits of what reads it', () => {
  test("a cos/sin cache of 32,768 × 128 (past identify's 3 × 2^20 values, within identifyRope's 2^24) is read and matched; a table that size is refused by its shape", async () => {
    const { page, errors } = await openCheck();
    // Llama's unscaled RoPE (θ 10000, half layout), rounded once to float32, made in the page as two .npy files.
    await page.evaluate(() => {
      const rows = 32768;
      const width = 128;
      const npy = (values: Float32Array<ArrayBuffer>, shape: string): BlobPart[] => {
        let header = `{'descr': '<f4', 'fortran_order': False, 'shape': ${shape}, }`;
        header = header.padEnd(Math.ceil((header.length + 11) / 64) * 64 - 11) + '\n';
        const head = new Uint8Array(10 + header.length);
        head.set([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, 1, 0, header.length & 255, header.length >> 8]);
        for (let i = 0; i < header.length; i++) head[10 + i] = header.charCodeAt(i);
        return [head, values];
      };
      const cos = new Float32Array(rows * width);
      const sin = new Float32Array(rows * width);
      for (let p = 0; p < rows; p++)
        for (let j = 0; j < width; j++) {
          const angle = p * 10000 ** (-(2 * (j % (width / 2))) / width);
          cos[p * width + j] = Math.cos(angle);
          sin[p * width + j] = Math.sin(angle);
        }
      const w = window as unknown as { files?: Record<string, File> };
      w.files ??= {};
      w.files['cos.npy'] = new File(npy(cos, `(${rows}, ${width})`), 'cos.npy');
      w.files['sin.npy'] = new File(npy(sin, `(${rows}, ${width})`), 'sin.npy');
      w.files['table.npy'] = new File(npy(cos, `(${rows}, ${width})`), 'table.npy');
      const transfer = new DataTransfer();
      transfer.items.add(w.files['cos.npy']);
      transfer.items.add(w.files['sin.npy']);
      document
        .querySelector('.check-drop')!
        .dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    });
    const cache = await settled(page);
    expect(cache.at(-1)).toMatch(
      /^status: cos\.npy and sin\.npy: a RoPE cos\/sin cache, 32\s768 positions × 128 \(float32\)\.$/,
    );
    expect(cache.filter((line) => !line.startsWith('status:')).at(-1)).toMatch(
      /^rope verdict: Match: RoPE with θ 10000, no scaling\b/,
    );
    const from = await shownCount(page);
    await dropKept(page, ['table.npy']);
    expect((await settled(page, from)).at(-1)).toMatch(
      /^error: table\.npy is shape 32768 × 128; identify takes at most 65,536 columns \(dModel\) and 3,145,728 values/,
    );
    expect(errors).toEqual([]);
  });
});

describe('big files hold no main-thread task of 50 ms or more', () => {
  // Written to disk here and chosen with the file input, as a reader's file is:
  // nothing of them is made in the page.
  const dir = mkdtempSync(resolve(tmpdir(), 'phasor-check-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const line = (count: number, value: (c: number) => string) => {
    const cells: string[] = [];
    for (let c = 0; c < count; c++) cells.push(value(c));
    return cells.join(',');
  };
  const write = (name: string, lines: () => Iterable<string>) => {
    const path = resolve(dir, name);
    const fd = openSync(path, 'w');
    for (const text of lines()) writeSync(fd, text + '\n');
    closeSync(fd);
    return path;
  };
  const cases: [string, () => Iterable<string>, RegExp][] = [
    // 768 × 4096 of the paper's table (3 × 2^20 values, the most identify takes; about 34 MB):
    // read and identified in the worker.
    [
      'paper-768x4096.csv',
      function* () {
        const w = Array.from({ length: 2048 }, (_, i) => 10000 ** (-(2 * i) / 4096));
        for (let p = 0; p < 768; p++) yield line(4096, (c) => String((c % 2 ? Math.cos : Math.sin)(p * w[c >> 1])));
      },
      /^verdict: Match: paper\b/,
    ],
    // The 1300 × 4096 (about 57 MB) is past what identify takes: refused by its shape, before its cells.
    [
      'paper-1300x4096.csv',
      function* () {
        const w = Array.from({ length: 2048 }, (_, i) => 10000 ** (-(2 * i) / 4096));
        for (let p = 0; p < 1300; p++) yield line(4096, (c) => String((c % 2 ? Math.cos : Math.sin)(p * w[c >> 1])));
      },
      /^error: paper-1300x4096\.csv is 1,300 lines of 4,096 values \(separated by commas\); identify takes at most 65,536 columns \(dModel\) and 3,145,728 values/,
    ],
    // One line of 5.2 million values (about 57 MB), 2 × 2.7 million, 1 × 10^6: refused by their shape.
    [
      'one-line.csv',
      function* () {
        yield Array.from({ length: 52 }, (_, k) => line(100_000, (c) => String(Math.sin(c + k)).slice(0, 10))).join(
          ',',
        );
      },
      /^error: one-line\.csv is 1 line of 5,200,000 values \(separated by commas\); identify takes at most 65,536 columns/,
    ],
    [
      'two-rows.csv',
      function* () {
        yield line(2_700_000, () => '0.5');
        yield line(2_700_000, () => '0.25');
      },
      /^error: two-rows\.csv is 2 lines of 2,700,000 values \(separated by commas\); identify takes at most 65,536 columns/,
    ],
    [
      'million.csv',
      function* () {
        yield line(1_000_000, (c) => String(c % 7));
      },
      /^error: million\.csv is 1 line of 1,000,000 values \(separated by commas\); identify takes at most 65,536 columns/,
    ],
  ];
  for (const [name, lines, outcome] of cases) {
    test(`${name}: ${outcome.source.slice(1, 48)}…, no long task`, async () => {
      const path = write(name, lines);
      const { page, errors } = await openCheck();
      await startedUp(page);
      // Every long task that begins before the outcome is shown: the reading, identify and the
      // task showing the outcome. The difference chart draws in a task after that, as every
      // chart draws, which bench:ui measures.
      await page.evaluate(() => {
        const w = window as unknown as { long: { start: number; duration: number }[]; shownAt: number };
        w.long = [];
        w.shownAt = Infinity;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) w.long.push({ start: entry.startTime, duration: entry.duration });
        }).observe({ type: 'longtask' });
        const root = document.getElementById('check-table-app')!;
        new MutationObserver(() => {
          if (root.dataset.pending === '0') w.shownAt = Math.min(w.shownAt, performance.now());
        }).observe(root, { attributes: true, attributeFilter: ['data-pending'] });
      });
      const from = await shownCount(page);
      await page.setInputFiles('#check-file', path);
      const shown = (await settled(page, from)).filter((line) => !line.startsWith('status: '));
      expect(shown.at(-1)).toMatch(outcome);
      // Two frames later every long task begun by then has been reported.
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      const long = await page.evaluate(() => {
        const w = window as unknown as { long: { start: number; duration: number }[]; shownAt: number };
        return w.long.filter((t) => t.start <= w.shownAt).map((t) => `${Math.round(t.duration)} ms`);
      });
      expect(long).toEqual([]);
      expect(errors).toEqual([]);
    });
  }
});

describe('without workers the page reads the files itself, with the same verdicts', () => {
  // Every file under good/ and bad/, the RoPE caches, inv_freq and rotated rows of good/rope/ among them.
  const fixtures = ['good', 'bad'].flatMap((dir) =>
    readdirSync(resolve(FILES, dir), { recursive: true, withFileTypes: true })
      .filter((f) => f.isFile())
      .map((f) => `${dir}/${relative(resolve(FILES, dir), resolve(f.parentPath, f.name))}`),
  );

  test(`the ${fixtures.length} fixture files give the same outcome in a worker and in the page`, async () => {
    const outcomes: string[][] = [];
    for (const withoutWorkers of [false, true]) {
      const { page, errors } = await openCheck(withoutWorkers);
      const lines: string[] = [];
      for (const path of fixtures) {
        const name = await keepFixture(page, path);
        const from = await shownCount(page);
        await dropKept(page, [name]);
        const shown = (await settled(page, from)).filter((line) => !line.startsWith('status: Reading'));
        lines.push(`${path} → ${shown.at(-2) ?? ''} | ${shown.at(-1) ?? ''}`);
      }
      // A RoPE cache as two .npy files dropped together, in one drop.
      const pair = [await keepFixture(page, 'good/rope/cos.npy'), await keepFixture(page, 'good/rope/sin.npy')];
      const from = await shownCount(page);
      await page.evaluate((names) => {
        const files = (window as unknown as { files: Record<string, File> }).files;
        const transfer = new DataTransfer();
        for (const name of names) transfer.items.add(files[name]);
        document
          .querySelector('.check-drop')!
          .dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
      }, pair);
      const shown = (await settled(page, from)).filter((line) => !line.startsWith('status: Reading'));
      lines.push(`cos.npy and sin.npy → ${shown.at(-2) ?? ''} | ${shown.at(-1) ?? ''}`);
      expect(errors).toEqual([]);
      outcomes.push(lines);
    }
    expect(outcomes[1]).toEqual(outcomes[0]);
    expect(outcomes[0].find((line) => line.startsWith('good/paper-f32.npy'))).toMatch(/verdict: Match: paper\b/);
    expect(outcomes[0].find((line) => line.startsWith('cos.npy and sin.npy'))).toMatch(/rope verdict: Match\b/);
    expect(outcomes[0].find((line) => line.startsWith('good/rope/inv_freq.npy'))).toMatch(/rope verdict: Match\b/);
  });
});
