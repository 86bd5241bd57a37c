// The RoPE, attention and "why this design" charts on the explorer page, in
// Chromium under the strict CSP: each draws with no console error, shows the
// numbers the math says (checked against closed forms computed here), redraws
// when an attribute changes, reports a bad attribute inside itself, reads out
// values from the keyboard and the pointer, follows the shared controls, and
// reads at 1280 and 360 px in light and dark mode (screenshots go to
// tests/browser/screenshots/).
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  EXPERIMENT_CHARTS,
  inkOf,
  renders,
  tooltipText,
  waitForCharts,
  waitForQuery,
  waitForRender,
} from './support/charts.js';
import { SCREENSHOTS, useExplorer } from './support/explorer.js';
import { createPhasor } from '../../web/src/core/index.js';

const ATTENTION = '#attention-offset phasor-attention-offset';
const PAIRING = '#rope-pairing phasor-attention-offset';
const TAU = 2 * Math.PI;

const explorer = useExplorer(EXPERIMENT_CHARTS);

const data = <T>(page: Page, selector: string) =>
  page.$eval(selector, (el) => (el as unknown as { data(): unknown }).data()) as Promise<T>;
// innerText is empty while the chart's section is out of sight (not rendered: content-visibility): read it in view.
const shadowText = (page: Page, selector: string, part = '.content') =>
  page.$eval(
    selector,
    async (el, p) => {
      el.scrollIntoView({ block: 'center' });
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      return (el.shadowRoot!.querySelector(p) as HTMLElement).innerText;
    },
    part,
  );

/** Canvas pixels and SVG text together: changes when the picture or its labels do. */
async function picture(page: Page, selector: string): Promise<string> {
  return `${(await inkOf(page, selector)).digest}|${await shadowText(page, selector)}`;
}

interface Panel {
  title: string;
  scores: Record<string, number>;
  maxSpread: number;
  referenceGap: number;
}
interface AttentionData {
  offsets: Record<string, number>;
  anchors: number[];
  panels: Panel[];
}

describe('the RoPE, attention and design charts', () => {
  test('every chart draws under a strict CSP with no console error', async () => {
    const { page, errors } = await explorer();
    for (const selector of EXPERIMENT_CHARTS) {
      expect(await page.getAttribute(selector, 'data-state'), selector).toBe('ready');
      const ink = await inkOf(page, selector);
      expect(ink.shapes, `${selector} has axes and marks`).toBeGreaterThan(10);
      // The shift fit's bars are two series, two colours (crisp edges at the page's wider charts mix no third).
      expect(ink.colours, `${selector} draws in more than one colour`).toBeGreaterThan(
        selector === 'phasor-shift-fit' ? 1 : 2,
      );
      expect(ink.covered, `${selector} draws on its canvas`).toBeGreaterThan(0.005);
    }
    expect(
      await page.locator('#rope-attention ~ section .katex').count(),
      'the new sections typeset their formulas',
    ).toBeGreaterThan(5);
    expect(errors).toEqual([]);
  });

  test('RoPE and ALiBi give one curve for every query position; additive PE gives different ones', async () => {
    const { page } = await explorer();
    const d = await data<AttentionData>(page, ATTENTION);
    expect(d.panels.map((p) => p.title)).toEqual([
      'RoPE (rotate_half)',
      'Additive PE, all four terms',
      'ALiBi, head 1 of 8 (slope 0.5)',
    ]);
    const [rope, additive, alibi] = d.panels;
    const count = Object.keys(d.offsets).length;
    expect(count).toBe(65);
    expect(d.anchors).toEqual([0, 100, 1000, 10000]);
    expect(rope.maxSpread).toBeLessThan(1e-4);
    expect(alibi.maxSpread).toBeLessThan(1e-4);
    expect(additive.maxSpread).toBeGreaterThan(1);
    // ALiBi falls by its slope, 2^(−8/8) = 1/2 for head 1 of 8, per step of |m − n|, at every anchor.
    for (let a = 0; a < 4; a++) {
      const at = (offset: number) => alibi.scores[a * count + offset + 32];
      expect(at(0) - at(1)).toBeCloseTo(0.5, 5);
      expect(at(0) - at(-20)).toBeCloseTo(10, 4);
    }
    const captions = await page.$eval(ATTENTION, (el) =>
      [...el.shadowRoot!.querySelectorAll('.panel .caption')].map((c) => c.textContent),
    );
    expect(captions[0]).toContain('One curve for every m');
    expect(captions[1]).toContain('The curves differ by up to');
    expect(captions[2]).toContain('One curve for every m');
  });

  test('the pairing port: other-layout weights stay offset-only with or without the permutation; a mismatched cos/sin table does not', async () => {
    const { page } = await explorer();
    const d = await data<AttentionData>(page, PAIRING);
    const [source, notPermuted, permuted, table] = d.panels;
    expect(source.title).toBe('adjacent-pair model, as trained');
    expect(source.maxSpread).toBeLessThan(1e-4);
    expect(notPermuted.maxSpread).toBeLessThan(1e-4);
    expect(notPermuted.referenceGap, 'not permuted: another curve').toBeGreaterThan(1);
    expect(permuted.maxSpread).toBeLessThan(1e-4);
    expect(permuted.referenceGap, 'permuted: the model as trained').toBeLessThan(1e-4);
    expect(table.maxSpread, 'the table bug splits the curves').toBeGreaterThan(1);
    const summary = await page.$eval(PAIRING, (el) => el.shadowRoot!.querySelector('.content > .caption')!.textContent);
    expect(summary).toContain('keep one curve for every m, permuted or not');
    expect(summary).toContain("permuted, the model's own curve; not permuted, ");
    expect(summary).toContain('cos/sin table fed to rotate_half splits the curves');
  });

  test('the shift fit: sin + cos and linear frequencies fit to rounding; sine only and non-linear phase do not', async () => {
    const { page } = await explorer();
    type Row = { encoding: string; residual: number; extrapolationResidual: number; rank: number };
    const d = await data<{
      rows: Row[];
      collision: { frequency: number; partner: number; sine: number[]; cosine: number[] };
    }>(page, 'phasor-shift-fit');
    const row = Object.fromEntries(d.rows.map((r) => [r.encoding, r]));
    expect(row.sinusoidal.residual).toBeLessThan(1e-12);
    expect(row.sinusoidal.extrapolationResidual).toBeLessThan(1e-9);
    expect(row.sinusoidal.rank).toBe(16);
    expect(row['linear-frequencies'].residual).toBeLessThan(1e-12);
    expect(row['linear-frequencies'].extrapolationResidual).toBeLessThan(1e-9);
    expect(row['sine-only'].residual).toBeGreaterThan(0.1);
    expect(row['quadratic-phase'].residual).toBeGreaterThan(0.5);
    expect(row['log-phase'].residual).toBeLessThan(1e-3);
    expect(row['log-phase'].extrapolationResidual).toBeGreaterThan(10 * row['log-phase'].residual);
    // Slot d/2 of the sine-only encoding turns at ν = base^(−1/2) = 0.01: p = 10 and π/ν − p share a sine.
    expect(d.collision.frequency).toBeCloseTo(0.01, 15);
    expect(d.collision.partner).toBeCloseTo(100 * Math.PI - 10, 9);
    expect(d.collision.sine[0]).toBeCloseTo(Math.sin(0.1), 12);
    expect(d.collision.sine[1]).toBeCloseTo(d.collision.sine[0], 12);
    expect(d.collision.cosine[1]).toBeCloseTo(-d.collision.cosine[0], 12);
    const caption = await shadowText(page, 'phasor-shift-fit');
    expect(caption).toContain('over the fitted range: sin + cos, linear ωᵢ; beyond it: sin + cos, linear ωᵢ');
  });

  test('the base chart: neighbours are the closest positions, at the closed-form distance √(Σ 2 − 2 cos ωᵢ)', async () => {
    const { page } = await explorer();
    type Resolution = {
      minDistance: Record<string, number>;
      atOffset: Record<string, number>;
      float32Bound: Record<string, number>;
    };
    const d = await data<{ lengths: number[]; nearest: Resolution; far: Resolution }>(page, 'phasor-base-length');
    expect(d.lengths[0]).toBe(2);
    expect(d.lengths.at(-1)).toBe(2 ** 22 / 128); // the explorer's max-length: 2^22 / d_model
    const bases = [100, 10000, 1000000];
    bases.forEach((base, b) => {
      let sum = 0;
      for (let i = 0; i < 64; i++) sum += 2 - 2 * Math.cos(base ** (-(2 * i) / 128));
      for (let n = 0; n < d.lengths.length; n++) {
        expect(d.nearest.atOffset[b * d.lengths.length + n]).toBe(1);
        expect(d.nearest.minDistance[b * d.lengths.length + n]).toBeCloseTo(Math.sqrt(sum), 9);
      }
    });
    // Positions at least 16 apart stay further apart than neighbours, and far above float32 rounding.
    const last = d.lengths.length - 1;
    expect(d.far.minDistance[last]).toBeGreaterThan(d.nearest.minDistance[last]);
    expect(d.nearest.float32Bound[last]).toBeLessThan(1e-5);
    expect(await shadowText(page, 'phasor-base-length')).toContain('a float32 table still tells every position apart');
  });

  test('the embedding chart: |PE| = √(d/2) at every position, and ×√d multiplies the token length by √d', async () => {
    const { page } = await explorer();
    const d = await data<{
      peNorm: Record<string, number>;
      tokenNorm: Record<string, number>;
      scaledTokenNorm: Record<string, number>;
      dModel: number;
    }>(page, 'phasor-embedding-scale');
    expect(d.dModel).toBe(128);
    const positions = Object.keys(d.peNorm).length;
    expect(positions).toBe(100);
    for (let p = 0; p < positions; p++) {
      expect(d.peNorm[p]).toBeCloseTo(8, 5);
      expect(d.scaledTokenNorm[p] / d.tokenNorm[p]).toBeCloseTo(Math.sqrt(128), 4);
    }
  });

  test('the embedding chart, drawn a block of positions at a time, shows what one embeddingScale call over all of them gives, also after d_model changes', async () => {
    // d_model 2048: 64 positions a block (embeddingScaleBlock), so 300 positions take 5 blocks,
    // each with its own tokens. Then d_model 1000 and back: tokens from the kept standard normals;
    // then 16384 × 300, past the 2^22 normals the chart keeps: those blocks draw their own.
    const { page } = await explorer();
    const selector = 'phasor-embedding-scale';
    const ph = await createPhasor({ experiments: true });
    type Norms = Record<
      'tokenNorm' | 'scaledTokenNorm' | 'peNorm' | 'sumNorm' | 'scaledSumNorm',
      Record<string, number>
    >;
    for (const [dModel, positions] of [
      [2048, 300],
      [1000, 500],
      [2048, 301],
      [16384, 300],
    ]) {
      const draws = await renders(page, selector);
      await page.$eval(
        selector,
        (el, [d, n]) => {
          el.setAttribute('d-model', String(d));
          el.setAttribute('positions', String(n));
          el.setAttribute('offset', '5');
        },
        [dModel, positions],
      );
      await waitForRender(page, selector, draws);
      const shown = await data<Norms>(page, selector);
      const whole = ph.embeddingScale({ dModel, positions, offset: 5, base: 10000, seed: 0 });
      for (const key of ['tokenNorm', 'scaledTokenNorm', 'peNorm', 'sumNorm', 'scaledSumNorm'] as const) {
        expect(Object.values(shown[key]), `${key}, d_model ${dModel}`).toEqual([...whole[key]]);
      }
    }
  });

  test('the RoPE scaling chart: linear interpolation stretches every wavelength by the factor, NTK-aware only the slowest', async () => {
    const { page } = await explorer();
    type Scheme = { type: string; frequencies: { wavelengths: Record<string, number> } };
    const d = await data<{ original: Record<string, number>; schemes: Scheme[] }>(page, 'phasor-rope-scaling');
    const scheme = Object.fromEntries(d.schemes.map((s) => [s.type, s.frequencies.wavelengths]));
    expect(Object.keys(scheme)).toEqual(['linear', 'ntk', 'dynamic-ntk', 'yarn', 'llama3']);
    for (let i = 0; i < 64; i++) {
      const original = TAU * 10000 ** ((2 * i) / 128);
      expect(d.original[i] / original).toBeCloseTo(1, 12);
      expect(scheme.linear[i] / original).toBeCloseTo(4, 12);
      // NTK-aware: base × 4^(d/(d−2)), so λᵢ × 4^(2i/(d−2)).
      expect(scheme.ntk[i] / original).toBeCloseTo(4 ** ((2 * i) / 126), 9);
    }
    expect(await shadowText(page, 'phasor-rope-scaling')).toContain('18 of 64 pairs turn less than once in L');
  });

  test("the RoPE scaling chart with preset: Phi-3's short and long factors at its rotary width and lengths", async () => {
    const { page } = await explorer();
    const selector = 'phasor-rope-scaling';
    const draws = await renders(page, selector);
    await page.$eval(selector, (el) => el.setAttribute('preset', 'phi-3-mini-128k-instruct'));
    await waitForRender(page, selector, draws);
    type Scheme = { type: string; label: string; frequencies: { wavelengths: Record<string, number> } };
    const d = await data<{
      original: Record<string, number>;
      schemes: Scheme[];
      factor: number;
      originalLength: number;
    }>(page, selector);
    expect(d.schemes.map((s) => s.label)).toEqual([
      'phi-3-mini-128k-instruct: LongRoPE, short factors',
      'phi-3-mini-128k-instruct: LongRoPE, long factors',
    ]);
    expect([d.factor, d.originalLength]).toEqual([32, 4096]);
    // Pair 0: λ = 2π × its factor (short 1.1, long 1.07, both read as float32).
    expect(d.schemes[0].frequencies.wavelengths[0] / (TAU * Math.fround(1.1))).toBeCloseTo(1, 12);
    expect(d.schemes[1].frequencies.wavelengths[0] / (TAU * Math.fround(1.0700000524520874))).toBeCloseTo(1, 12);
    expect(Object.keys(d.original)).toHaveLength(48);
  });

  test('changing an attribute redraws each chart with a different picture', async () => {
    const { page } = await explorer();
    const changes: [string, string, string][] = [
      [ATTENTION, 'terms', 'position-position'],
      [PAIRING, 'pairing', 'adjacent'],
      ['phasor-shift-fit', 'k', '3'],
      ['phasor-base-length', 'd-model', '16'],
      ['phasor-embedding-scale', 'd-model', '64'],
      ['phasor-rope-scaling', 'factor', '8'],
    ];
    for (const [selector, attribute, value] of changes) {
      await page.locator(selector).scrollIntoViewIfNeeded();
      const before = await picture(page, selector);
      const draws = await renders(page, selector);
      await page.$eval(selector, (el, [a, v]) => el.setAttribute(a, v), [attribute, value]);
      await waitForRender(page, selector, draws);
      expect(await picture(page, selector), `${selector} ${attribute}="${value}"`).not.toBe(before);
    }
    const d = await data<AttentionData>(page, ATTENTION);
    expect(d.panels[1].title).toBe('Additive PE: position-position');
    expect(d.panels[1].maxSpread, 'position against position alone is not offset-only either').toBeGreaterThan(0.1);
  });

  test('an invalid attribute shows its error inside that element only, and a fix brings the chart back', async () => {
    const { page, errors } = await explorer();
    const cases: [string, string, string, string[]][] = [
      [ATTENTION, 'kind', 'bogus', ['kind="bogus"', 'must be one of all, rope, additive, alibi, pairing']],
      [ATTENTION, 'max-offset', '2000', ['anchors × (2·max-offset + 1) must be at most 4096']],
      ['phasor-shift-fit', 'd-model', '256', ['d-model="256"', 'from 2 to 128']],
      ['phasor-base-length', 'bases', '100, abc', ['bases="100, abc"', 'numbers']],
      ['phasor-embedding-scale', 'd-model', '7', ['d-model="7"', 'even integer']],
      ['phasor-rope-scaling', 'types', 'cubic', ['types="cubic"', 'linear, ntk, dynamic-ntk, yarn, llama3']],
    ];
    for (const [selector, attribute, value, expected] of cases) {
      const good = await page.getAttribute(selector, attribute);
      await page.$eval(selector, (el, [a, v]) => el.setAttribute(a, v), [attribute, value]);
      await page.waitForFunction((s) => document.querySelector(s)!.getAttribute('data-state') === 'error', selector);
      const message = await page.$eval(selector, (el) => el.shadowRoot!.querySelector('.error')!.textContent!);
      for (const part of expected) expect(message, selector).toContain(part);
      for (const other of EXPERIMENT_CHARTS.filter((s) => s !== selector))
        expect(await page.getAttribute(other, 'data-state'), other).toBe('ready');
      const draws = await renders(page, selector);
      await page.$eval(selector, (el, [a, v]) => (v === null ? el.removeAttribute(a) : el.setAttribute(a, v)), [
        attribute,
        good,
      ] as const);
      await waitForRender(page, selector, draws);
      expect(await page.getAttribute(selector, 'data-state')).toBe('ready');
      expect(await page.$eval(selector, (el) => (el.shadowRoot!.querySelector('.error') as HTMLElement).hidden)).toBe(
        true,
      );
    }
    expect(errors).toEqual([]);
  });

  test('the arrow keys and the pointer read out exact values', async () => {
    const { page } = await explorer();
    const focus = (selector: string, frame = 0) =>
      page.$eval(selector, (el, n) => (el.shadowRoot!.querySelectorAll('.frame')[n] as HTMLElement).focus(), frame);

    await focus(ATTENTION);
    await page.keyboard.press('Home');
    expect(await tooltipText(page, ATTENTION)).toContain('m − n = −32');
    await page.keyboard.press('ArrowRight');
    const step = await tooltipText(page, ATTENTION);
    expect(step).toContain('m − n = −31');
    expect(step).toMatch(/m = 10\u2009000: −?\d/);
    await page.keyboard.press('End');
    expect(await tooltipText(page, ATTENTION)).toContain('m − n = 32');
    await page.keyboard.press('Escape');
    expect(await tooltipText(page, ATTENTION)).toBeNull();

    await focus('phasor-shift-fit');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    const fit = await tooltipText(page, 'phasor-shift-fit');
    expect(fit).toContain('sin + cos');
    expect(fit).toContain('rank of the fit: 16 of 16');

    await focus('phasor-base-length', 1);
    await page.keyboard.press('End');
    expect(await tooltipText(page, 'phasor-base-length')).toContain('n = 32\u2009768');
    await focus('phasor-base-length', 0);
    await page.keyboard.press('Home');
    expect(await tooltipText(page, 'phasor-base-length')).toContain('pair i = 0');

    await focus('phasor-embedding-scale');
    await page.keyboard.press('Home');
    expect(await tooltipText(page, 'phasor-embedding-scale')).toContain('|PE(p)| = 8');

    await focus('phasor-rope-scaling');
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    const pair = await tooltipText(page, 'phasor-rope-scaling');
    expect(pair).toContain('pair i = 1');
    expect(pair).toContain(`linear interpolation: ${Number((4 * TAU * 10000 ** (2 / 128)).toPrecision(7))} (×4)`);

    // The pointer: the left edge of the RoPE scaling plot is pair 0.
    const rope = page.locator('phasor-rope-scaling');
    await rope.scrollIntoViewIfNeeded();
    const plot = await rope.evaluate((el) => el.shadowRoot!.querySelector('canvas')!.getBoundingClientRect().toJSON());
    await page.mouse.move(plot.x + 1, plot.y + plot.height / 2);
    expect(await tooltipText(page, 'phasor-rope-scaling')).toContain('pair i = 0');
  });

  test('each element with no attributes draws from its defaults', async () => {
    const { page, errors } = await explorer();
    const tags = [
      'phasor-attention-offset',
      'phasor-shift-fit',
      'phasor-base-length',
      'phasor-embedding-scale',
      'phasor-rope-scaling',
    ];
    await page.evaluate((names) => {
      const host = document.createElement('div');
      host.id = 'bare';
      host.append(...names.map((name) => document.createElement(name)));
      document.body.append(host);
    }, tags);
    const bare = tags.map((tag) => `#bare ${tag}`);
    await waitForCharts(page, bare);
    for (const selector of bare) expect(await page.getAttribute(selector, 'data-state'), selector).toBe('ready');
    const attention = await data<AttentionData>(page, bare[0]);
    expect(attention.panels).toHaveLength(3);
    expect(Object.keys(attention.offsets)).toHaveLength(65);
    const embedding = await data<{ dModel: number; peNorm: Record<string, number> }>(page, bare[3]);
    expect(embedding.dModel).toBe(512);
    expect(embedding.peNorm[0]).toBeCloseTo(16, 5);
    expect(errors).toEqual([]);
  });

  test('each chart saves the numbers it draws as CSV, one row per point', async () => {
    const { page } = await explorer();
    const csv = async (selector: string) =>
      (await page.$eval(selector, (el) => (el as unknown as { toCSV(): string }).toCSV())).trim().split('\n');
    const attention = await csv(ATTENTION);
    expect(attention).toHaveLength(66);
    expect(attention[0]).toMatch(/^m - n,RoPE \(rotate_half\): m = 0,.*"Additive PE, all four terms: m = 10000",/);
    expect(attention[1].split(',')[0]).toBe('-32');
    const fit = await csv('phasor-shift-fit');
    expect(fit[0]).toBe('encoding,residual,extrapolationResidual,rank');
    expect(fit.map((line) => line.split(',')[0]).slice(1)).toEqual([
      'sinusoidal',
      'sine-only',
      'linear-frequencies',
      'quadratic-phase',
      'log-phase',
    ]);
    const base = await csv('phasor-base-length');
    expect(base).toHaveLength(16); // a header and lengths 2, 4, …, 2^15
    expect(base[0]).toContain('base 100: closest |PE(p) - PE(q)|,base 100: closest at least 16 apart');
    const embedding = await csv('phasor-embedding-scale');
    expect(embedding).toHaveLength(101);
    expect(embedding[0]).toBe('p,|e_p|,|sqrt(d) e_p|,|PE(p)|,|e_p + PE(p)|,|sqrt(d) e_p + PE(p)|');
    const rope = await csv('phasor-rope-scaling');
    expect(rope).toHaveLength(65);
    const [pair, original, linear] = rope[2].split(',').map(Number);
    expect(pair).toBe(1);
    expect(original / (TAU * 10000 ** (2 / 128))).toBeCloseTo(1, 12);
    expect(linear / original).toBeCloseTo(4, 12);
  });

  test('the shared controls drive the new charts', async () => {
    const { page } = await explorer();
    await page.fill('#base', '500');
    await page.keyboard.press('Tab');
    await waitForQuery(page, { base: '500' });
    expect(await page.getAttribute(ATTENTION, 'base')).toBe('500');
    expect(await page.getAttribute('phasor-rope-scaling', 'theta')).toBe('500');
    expect(await page.getAttribute('phasor-base-length', 'bases')).toBe('100,500,10000,1000000');
    await page.waitForFunction(() => {
      const d = (
        document.querySelector('phasor-rope-scaling') as unknown as { data(): { original: Float64Array } }
      ).data();
      return d !== null && Math.abs(d.original[1] / (2 * Math.PI * 500 ** (2 / 128)) - 1) < 1e-12;
    });
    await page.fill('#dModel', '64');
    await page.keyboard.press('Tab');
    await page.waitForFunction(
      () =>
        (document.querySelector('phasor-embedding-scale') as unknown as { data(): { dModel: number } }).data()
          ?.dModel === 64,
    );
    expect(await page.getAttribute('phasor-base-length', 'd-model')).toBe('64');
    expect(await page.getAttribute(ATTENTION, 'd-model')).toBe('64');
  });
});

describe('the new charts on other screens', () => {
  const names: Record<string, string> = {
    [ATTENTION]: 'attention-offset',
    [PAIRING]: 'rope-pairing',
    'phasor-shift-fit': 'shift-fit',
    'phasor-base-length': 'base-length',
    'phasor-embedding-scale': 'embedding-scale',
    'phasor-rope-scaling': 'rope-scaling',
  };
  const screens = [
    { suffix: 'light-1280', viewport: { width: 1280, height: 900 }, colorScheme: 'light' as const },
    { suffix: 'dark-1280', viewport: { width: 1280, height: 900 }, colorScheme: 'dark' as const },
    { suffix: 'light-360', viewport: { width: 360, height: 780 }, colorScheme: 'light' as const },
    { suffix: 'dark-360', viewport: { width: 360, height: 780 }, colorScheme: 'dark' as const },
  ];
  for (const screen of screens) {
    test(`at ${screen.suffix} every chart stays inside the screen; screenshots written`, async () => {
      const { page, errors } = await explorer('', {
        viewport: screen.viewport,
        deviceScaleFactor: 2,
        colorScheme: screen.colorScheme,
      });
      // The sticky controls would cover the top of a chart scrolled under them.
      await page.$eval('#controls', (el) => (el as HTMLElement).style.setProperty('position', 'static'));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        screen.viewport.width,
      );
      for (const selector of EXPERIMENT_CHARTS) {
        const overflow = await page.$eval(selector, (el) =>
          [...el.shadowRoot!.querySelectorAll('svg, canvas')].some(
            (s) => s.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5,
          ),
        );
        expect(overflow, `${selector} stays inside the screen`).toBe(false);
        await page
          .locator(selector)
          .screenshot({ path: resolve(SCREENSHOTS, `${names[selector]}-${screen.suffix}.png`) });
      }
      // One model's scaling: Phi-3's two longrope lines and their legend fit the screen too.
      const scaling = 'phasor-rope-scaling';
      const draws = await renders(page, scaling);
      await page.$eval(scaling, (el) => el.setAttribute('preset', 'phi-3-mini-128k-instruct'));
      await waitForRender(page, scaling, draws);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        screen.viewport.width,
      );
      await page
        .locator(scaling)
        .screenshot({ path: resolve(SCREENSHOTS, `rope-scaling-preset-${screen.suffix}.png`) });
      expect(errors).toEqual([]);
    });
  }
});
