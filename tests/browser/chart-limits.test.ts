// Charts at the edges of their documented ranges (issue 11, "What fuzzing
// found"): a chart draws what can be drawn and says what cannot, its errors
// name its attributes, its ranges are the core's, and no attribute value makes
// it block the page.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { CHARTS, EXPERIMENT_CHARTS } from './support/charts.js';
import { useExplorer } from './support/explorer.js';

const explorer = useExplorer([...CHARTS, ...EXPERIMENT_CHARTS]);
const BASE = 'phasor-base-length';
const FIT = 'phasor-shift-fit';
const ROTATION = 'phasor-rotation';

/**
 * Sets attributes (null removes one) and waits for the element's verdict:
 * its data-state is cleared first, and comes back as 'ready' after a draw or
 * 'error' after a refusal.
 */
async function configure(
  page: Page,
  selector: string,
  attributes: Record<string, string | null>,
): Promise<'ready' | 'error'> {
  await page.$eval(
    selector,
    (el, pairs) => {
      el.removeAttribute('data-state');
      for (const [name, value] of pairs) {
        if (value === null) el.removeAttribute(name);
        else el.setAttribute(name, value);
      }
    },
    Object.entries(attributes),
  );
  await page.waitForFunction((s) => document.querySelector(s)!.hasAttribute('data-state'), selector);
  return (await page.getAttribute(selector, 'data-state')) as 'ready' | 'error';
}

const errorText = (page: Page, selector: string) =>
  page.$eval(selector, (el) => el.shadowRoot!.querySelector('.error')!.textContent!);
// innerText is empty while the chart's section is out of sight (not rendered: content-visibility): read it in view.
const contentText = (page: Page, selector: string) =>
  page.$eval(selector, async (el) => {
    el.scrollIntoView({ block: 'center' });
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    return (el.shadowRoot!.querySelector('.content') as HTMLElement).innerText;
  });

describe('the shift-fit and base-length charts at the edges of their ranges', () => {
  test('<phasor-shift-fit k="-1"> draws the four encodings defined there and says why log phase is not drawn', async () => {
    const { page, errors } = await explorer();
    expect(await configure(page, FIT, { k: '-1' })).toBe('ready');
    const rows = await page.$eval(
      FIT,
      (el) =>
        (el as unknown as { data(): { rows: { encoding: string; residual: number; error?: string }[] } }).data().rows,
    );
    expect(rows.map((r) => r.encoding)).toEqual([
      'sinusoidal',
      'sine-only',
      'linear-frequencies',
      'quadratic-phase',
      'log-phase',
    ]);
    for (const row of rows.slice(0, 4)) expect(Number.isFinite(row.residual), row.encoding).toBe(true);
    expect(rows[0].residual).toBeLessThan(1e-9);
    expect(rows[4].error).toContain('log-phase needs every p and p + k above -1');
    const text = await contentText(page, FIT);
    expect(text).toContain('log phase');
    expect(text).toContain('needs every p and p + k above -1');
    expect(await configure(page, FIT, { k: '8' })).toBe('ready');
    expect(errors).toEqual([]);
  });

  test('phasor-base-length: max-length 4 to 16 draws with the default min-offset, which follows it down', async () => {
    const { page, errors } = await explorer();
    for (const maxLength of ['4', '8', '16']) {
      expect(await configure(page, BASE, { 'max-length': maxLength }), maxLength).toBe('ready');
      const header = (await page.$eval(BASE, (el) => (el as unknown as { toCSV(): string }).toCSV())).split('\n')[0];
      expect(header).toContain(`closest at least ${Math.min(16, Number(maxLength) - 1)} apart`);
    }
    expect(errors).toEqual([]);
  });

  test("phasor-base-length at d-model 2: every length's closest pair is the closed form 2|sin(k/2)| at its best offset, below min-offset or past it", async () => {
    // One pair at ω = 1 (d = 2, whatever the base): |PE(p) − PE(p + k)| = 2|sin(k/2)|. The closest pair
    // moves on as the lengths grow (k = 1, 6, 19, 25, 44, 333, 710). With min-offset 7 the chart joins the
    // offsets below it and those from it on, and both must count: 6 is the last offset below.
    const { page, errors } = await explorer();
    expect(
      await configure(page, BASE, { 'd-model': '2', bases: '10000', 'max-length': '4096', 'min-offset': '7' }),
    ).toBe('ready');
    type Resolution = { minDistance: number[]; atOffset: number[] };
    const d = await page.$eval(BASE, (el) => {
      const data = (
        el as unknown as {
          data(): { lengths: number[]; nearest: Record<string, Float64Array>; far: Record<string, Float64Array> };
        }
      ).data();
      const plain = (r: Record<string, Float64Array>) => ({
        minDistance: [...r.minDistance],
        atOffset: [...r.atOffset],
      });
      return { lengths: [...data.lengths], nearest: plain(data.nearest), far: plain(data.far) };
    });
    const closest = (from: number, n: number) => {
      let distance = Infinity;
      let at = NaN;
      for (let k = from; k < n; k++) {
        const v = 2 * Math.abs(Math.sin(k / 2));
        if (v < distance) [distance, at] = [v, k];
      }
      return { distance, at };
    };
    const check = (r: Resolution, l: number, want: { distance: number; at: number }, what: string) => {
      expect(r.atOffset[l], `${what} at n = ${d.lengths[l]}`).toBe(want.at);
      expect(r.minDistance[l], `${what} at n = ${d.lengths[l]}`).toBeCloseTo(want.distance, 9);
    };
    d.lengths.forEach((n, l) => {
      check(d.nearest, l, closest(1, n), 'closest');
      if (n - 1 >= 7) check(d.far, l, closest(7, n), 'closest at least 7 apart');
    });
    // Both sides of min-offset were where the closest pair lay.
    expect(d.nearest.atOffset[d.lengths.indexOf(8)]).toBe(6);
    expect(d.nearest.atOffset.at(-1)).toBe(710);
    expect(errors).toEqual([]);
  });

  test("phasor-base-length keeps each base it computed, and a chart drawn from that cache has a fresh chart's numbers", async () => {
    // The explorer's base slider changes one of the bases; the chart recomputes that base alone. Each state
    // below changes one thing the cached results depend on (a base, the order, d-model, min-offset,
    // max-length), and the chart's data must equal that of a new element given the same attributes. The
    // last state needs the first one's bases, which the states between have pushed to the oldest end of a
    // full cache: they must not be dropped while the chart is using them.
    const { page, errors } = await explorer();
    const states: Record<string, string>[] = [
      { 'd-model': '8', bases: '100,10000', 'max-length': '512', 'min-offset': '5' },
      { 'd-model': '8', bases: '100,500', 'max-length': '512', 'min-offset': '5' },
      { 'd-model': '8', bases: '500,100', 'max-length': '512', 'min-offset': '5' },
      { 'd-model': '16', bases: '500,100', 'max-length': '512', 'min-offset': '5' },
      { 'd-model': '16', bases: '500,100', 'max-length': '512', 'min-offset': '9' },
      { 'd-model': '16', bases: '500,100', 'max-length': '1024', 'min-offset': '9' },
      { 'd-model': '8', bases: '100,10000', 'max-length': '512', 'min-offset': '5' },
    ];
    const numbers = (selector: string) =>
      page.$eval(selector, (el) => {
        const data = (el as unknown as { data(): Record<string, Record<string, Float64Array>> }).data();
        return ['nearest', 'far'].flatMap((r) => ['minDistance', 'atOffset'].map((f) => [...data[r][f]]));
      });
    for (const state of states) {
      const verdict = await configure(page, BASE, state);
      expect(verdict === 'error' ? await errorText(page, BASE) : verdict, JSON.stringify(state)).toBe('ready');
      await page.evaluate((attributes) => {
        document.querySelector('#fresh-base-length')?.remove();
        const fresh = document.createElement('phasor-base-length');
        fresh.id = 'fresh-base-length';
        for (const [name, value] of Object.entries(attributes)) fresh.setAttribute(name, value);
        document.body.append(fresh);
      }, state);
      await page.waitForFunction(
        () => document.querySelector('#fresh-base-length')!.getAttribute('data-state') === 'ready',
      );
      expect(await numbers(BASE), JSON.stringify(state)).toEqual(await numbers('#fresh-base-length'));
    }
    expect(errors).toEqual([]);
  });

  test('phasor-base-length names its attributes, not API options, when they do not fit together', async () => {
    const { page } = await explorer();
    expect(await configure(page, BASE, { 'max-length': '64', 'min-offset': '100' })).toBe('error');
    const message = await errorText(page, BASE);
    expect(message).toContain('min-offset');
    expect(message).toContain('max-length');
    expect(message).not.toMatch(/minOffset|maxLength|lengths\[/);
  });

  test('phasor-base-length takes max-length up to the core’s 2^26 positions and states the work cap by its attributes', async () => {
    const { page } = await explorer();
    expect(await configure(page, BASE, { 'max-length': '67108865' })).toBe('error');
    expect(await errorText(page, BASE)).toContain('max-length="67108865": must be an integer from 4 to 67108864');
    expect(await configure(page, BASE, { 'max-length': null })).toBe('ready');
    expect(await configure(page, BASE, { 'max-length': '67108864', 'd-model': '65536' })).toBe('error');
    const message = await errorText(page, BASE);
    expect(message).toContain('bases × max-length × d-model/2 must be at most 268435456');
    expect(message).not.toMatch(/bases\.length|dModel/);
    expect(await configure(page, BASE, { 'max-length': null, 'd-model': null })).toBe('ready');
  });
});

describe('the rotation chart at the edge of its range', () => {
  test('<phasor-rotation d-model="2048" positions="131072"> is refused at once, naming positions × d-model and the core’s cap', async () => {
    const { page, errors } = await explorer();
    expect(await configure(page, ROTATION, { 'd-model': '2048', positions: '131072' })).toBe('error');
    const message = await errorText(page, ROTATION);
    expect(message).toContain('positions × d-model must be at most 33554432');
    expect(message).toContain('131072 × 2048');
    expect(message).not.toMatch(/dModel|phasor\.rotation/);
    expect(await configure(page, ROTATION, { 'd-model': '2048', positions: '16384' })).toBe('ready');
    expect(errors).toEqual([]);
  });

  test('the check over every position, run in idle moments after the first part, ends at the core’s max error over the whole table', async () => {
    // 4096 positions × 512: 32 parts of 128 rows, one in the frame, the rest in idle callbacks. The parts'
    // maximum must be the core's maximum over all positions in one call.
    const { page, errors } = await explorer();
    expect(await configure(page, ROTATION, { 'd-model': '512', positions: '4096', k: '5' })).toBe('ready');
    const handle = await page.waitForFunction(
      (s) => (document.querySelector(s) as unknown as { data(): { maxError: number | null } }).data().maxError,
      ROTATION,
      { timeout: 30_000 },
    );
    const checked = (await handle.jsonValue()) as number;
    const whole = await page.$eval(ROTATION, (el) =>
      (el as unknown as { core: { rotationMaxError(o: object): number } }).core.rotationMaxError({
        dModel: 512,
        base: 10000,
        k: 5,
        positions: 4096,
        offset: 0,
      }),
    );
    expect(checked).toBe(whole);
    expect(whole).toBeGreaterThan(0);
    expect(await contentText(page, ROTATION)).not.toContain('checking');
    expect(errors).toEqual([]);
  });
});
