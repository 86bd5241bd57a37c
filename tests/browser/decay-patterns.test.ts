// RoPE's long-term decay and the n × n attention patterns on the explorer
// page, in Chromium under the strict CSP: the numbers each draws (against
// the formula computed here in float64 and ALiBi's closed form), the local
// controls, the read-outs from the keyboard, the Save… exports, and
// screenshots at 1280 and 360 px in light and dark mode.
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { inkOf, renders, tooltipText, waitForRender } from './support/charts.js';
import { SCREENSHOTS, useExplorer } from './support/explorer.js';

const DECAY = '#rope-decay phasor-rope-decay';
const PATTERNS = '#attention-patterns phasor-attention-patterns';
const explorer = useExplorer([DECAY, PATTERNS]);

interface DecayData {
  bound: Record<string, number>;
  measured: { independent: Record<string, number>; self: Record<string, number> };
  firstBelowHalf: number;
}
interface PatternsData {
  rows: Record<string, number>;
  cols: Record<string, number>;
  panels: {
    kind: string;
    values: Record<string, number>;
    pattern: { toeplitz: boolean; softmax: Record<string, number> | null };
  }[];
}
const data = <T>(page: Page, selector: string) =>
  page.$eval(selector, (el) => (el as unknown as { data(): unknown }).data()) as Promise<T>;
const values = (r: Record<string, number>) => Object.keys(r).map((k) => r[k]);

/** RoFormer's relative upper bound at distance r, straight from the formula (float64). */
function bound(r: number, d: number, base: number): number {
  let re = 0;
  let im = 0;
  let sum = 0;
  for (let k = 0; k < d / 2; k++) {
    const theta = base ** ((-2 * k) / d);
    re += Math.cos(r * theta);
    im += Math.sin(r * theta);
    sum += Math.hypot(re, im);
  }
  return sum / (d / 2);
}

async function setAndWait(page: Page, selector: string, change: () => Promise<unknown>): Promise<void> {
  const before = await renders(page, selector);
  await change();
  await waitForRender(page, selector, before);
}

describe('RoPE decay chart', () => {
  test("draws RoFormer's bound: (d/2 + 1)/2 at 0, the formula at every distance, first below half at 16 for d 128", async () => {
    const { page, errors } = await explorer('?dModel=128&base=10000');
    const d = await data<DecayData>(page, DECAY);
    const b = values(d.bound);
    expect(b.length).toBe(257);
    expect(b[0]).toBe(32.5);
    for (let r = 0; r < b.length; r++) expect(Math.abs(b[r] - bound(r, 128, 10000))).toBeLessThan(1e-12 * b[r]);
    expect(d.firstBelowHalf).toBe(16);
    expect(b[15]).toBeGreaterThanOrEqual(16.25);
    expect(b[16]).toBeLessThan(16.25);
    // One unit vector against itself: exactly 1 at distance 0; independent pairs stay near sqrt(2/(π d)).
    expect(d.measured.self[0]).toBeCloseTo(1, 12);
    const flat = Math.sqrt(2 / (Math.PI * 128));
    for (const v of values(d.measured.independent)) expect(Math.abs(v - flat)).toBeLessThan(0.35 * flat);
    const caption = await page.$eval(DECAY, (el) => el.shadowRoot!.querySelector('.caption')!.textContent);
    expect(caption).toContain('(d/2 + 1)/2 = 32.5');
    expect(caption).toContain('below half of that at m − n = 16');
    const ink = await inkOf(page, DECAY);
    expect(ink.covered).toBeGreaterThan(0.005);
    expect(errors).toEqual([]);
  });

  test('follows d_model and the local RoPE scaling control; linear ×4 stretches the curve by 4', async () => {
    const { page } = await explorer('?dModel=64&base=10000');
    const plain = values((await data<DecayData>(page, DECAY)).bound);
    expect(plain[0]).toBe(16.5);
    await setAndWait(page, DECAY, () => page.selectOption('#decay-scaling', 'linear'));
    const stretched = values((await data<DecayData>(page, DECAY)).bound);
    for (let r = 0; r * 4 < stretched.length; r++)
      expect(Math.abs(stretched[4 * r] - plain[r])).toBeLessThan(1e-12 * plain[r]);
  });

  test('reads out the bound from the keyboard and saves CSV and SVG', async () => {
    const { page } = await explorer('?dModel=128&base=10000');
    await page.$eval(DECAY, (el) => (el.shadowRoot!.querySelector('[tabindex]') as HTMLElement).focus());
    await page.keyboard.press('Home');
    expect(await tooltipText(page, DECAY)).toContain('m − n = 0');
    expect(await tooltipText(page, DECAY)).toContain('bound 32.5');
    const csv = await page.$eval(DECAY, (el) => (el as unknown as { toCSV(): string }).toCSV());
    const lines = csv.trim().split('\n');
    expect(lines[0]).toBe('distance m - n,relative upper bound,mean |q.q| same vector,mean |q.k| independent');
    expect(lines.length).toBe(258);
    expect(Number(lines[1].split(',')[1])).toBe(32.5);
    expect(await page.$eval(DECAY, (el) => (el as unknown as { toSVG(): string }).toSVG())).toContain('<svg');
  });
});

describe('attention patterns chart', () => {
  test('RoPE and ALiBi are Toeplitz with a shared token; ALiBi falls by its slope; additive PE does not', async () => {
    const { page, errors } = await explorer('?dModel=64&base=10000&positions=100');
    const d = await data<PatternsData>(page, PATTERNS);
    const rows = values(d.rows);
    const cols = values(d.cols);
    expect(rows).toEqual(Array.from({ length: 100 }, (_, i) => i)); // n = 100 fits: every entry drawn
    const [additive, rope, alibi] = d.panels;
    expect(d.panels.map((p) => [p.kind, p.pattern.toeplitz])).toEqual([
      ['additive', false],
      ['rope', true],
      ['alibi', true],
    ]);
    const at = (p: (typeof d.panels)[number], m: number, k: number) => p.values[String(m * cols.length + k)];
    let ropeSpread = 0;
    let additiveSpread = 0;
    for (let m = 1; m < 100; m++)
      for (let k = 1; k < 100; k++) {
        ropeSpread = Math.max(ropeSpread, Math.abs(at(rope, m, k) - at(rope, m - 1, k - 1)));
        additiveSpread = Math.max(additiveSpread, Math.abs(at(additive, m, k) - at(additive, m - 1, k - 1)));
      }
    expect(ropeSpread).toBeLessThan(1e-5);
    expect(additiveSpread).toBeGreaterThan(0.1);
    // ALiBi head 0 of 8, slope 2^(−1): q·k of the shared token minus |m − n|/2.
    const c = at(alibi, 0, 0);
    for (let m = 0; m < 100; m += 7)
      for (let k = 0; k < 100; k += 5) expect(at(alibi, m, k)).toBeCloseTo(c - 0.5 * Math.abs(m - k), 4);
    expect(errors).toEqual([]);
  });

  test('softmax rows under the causal mask match the closed form for ALiBi; masked keys are 0', async () => {
    const { page } = await explorer('?dModel=64&base=10000&positions=100');
    await setAndWait(page, PATTERNS, async () => {
      await page.selectOption('#patterns-view', 'softmax');
      await page.check('#patterns-causal');
    });
    await page.locator(PATTERNS).screenshot({ path: resolve(SCREENSHOTS, 'attention-patterns-softmax-causal.png') });
    const d = await data<PatternsData>(page, PATTERNS);
    const alibi = d.panels[2];
    const n = 100;
    for (const m of [0, 1, 10, 99]) {
      let norm = 0;
      for (let j = 0; j <= m; j++) norm += Math.exp(-0.5 * j);
      for (let k = 0; k < n; k++) {
        const want = k > m ? 0 : Math.exp(-0.5 * (m - k)) / norm;
        expect(Math.abs(alibi.values[String(m * n + k)] - want)).toBeLessThan(2 ** -23 * Math.max(want, 1e-30) + 1e-12);
      }
    }
  });

  test('n = 4096 draws one position per device pixel and reads out the exact entry', async () => {
    const { page } = await explorer('?dModel=64&base=10000&positions=4096');
    const d = await data<PatternsData>(page, PATTERNS);
    const rows = values(d.rows);
    expect(rows.length).toBeLessThan(4096);
    expect(rows.length).toBeGreaterThan(100);
    expect(rows[rows.length - 1]).toBeLessThan(4096);
    const caption = await page.$eval(PATTERNS, (el) => el.shadowRoot!.querySelector('.caption')!.textContent);
    expect(caption).toContain('one per pixel');
    console.log(`n = 4096, ${rows.length} drawn per axis: ${caption}`); // the measured times, for the record (no assertion: speed is the benchmarks')
    // Keyboard read-out on the RoPE panel: the entry at (0, 0).
    await page.$eval(PATTERNS, (el) => (el.shadowRoot!.querySelectorAll('.frame')[1] as HTMLElement).focus());
    await page.keyboard.press('Home');
    const tip = await tooltipText(page, PATTERNS);
    expect(tip).toContain('RoPE: query m =');
    expect(tip).toMatch(/q·k = [−-]?\d/);
    const csv = await page.$eval(PATTERNS, (el) => (el as unknown as { toCSV(): string }).toCSV());
    expect(csv.split('\n')[0]).toBe('query m,key n,additive,rope,alibi');
  });
});

describe('screenshots', () => {
  const screens = [
    { suffix: 'light-1280', viewport: { width: 1280, height: 900 }, colorScheme: 'light' as const },
    { suffix: 'dark-1280', viewport: { width: 1280, height: 900 }, colorScheme: 'dark' as const },
    { suffix: 'light-360', viewport: { width: 360, height: 780 }, colorScheme: 'light' as const },
    { suffix: 'dark-360', viewport: { width: 360, height: 780 }, colorScheme: 'dark' as const },
  ];
  for (const screen of screens) {
    test(`at ${screen.suffix} both charts stay inside the screen; screenshots written`, async () => {
      const { page, errors } = await explorer('?positions=512', {
        viewport: screen.viewport,
        deviceScaleFactor: 2,
        colorScheme: screen.colorScheme,
      });
      await page.$eval('#controls', (el) => (el as HTMLElement).style.setProperty('position', 'static'));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        screen.viewport.width,
      );
      for (const [selector, name] of [
        [DECAY, 'rope-decay'],
        [PATTERNS, 'attention-patterns'],
      ]) {
        const overflow = await page.$eval(selector, (el) =>
          [...el.shadowRoot!.querySelectorAll('svg, canvas')].some(
            (s) => s.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5,
          ),
        );
        await page.locator(selector).screenshot({ path: resolve(SCREENSHOTS, `${name}-${screen.suffix}.png`) });
        expect(overflow, `${selector} stays inside the screen`).toBe(false);
      }
      expect(errors).toEqual([]);
    });
  }
});
