// How coarse a progressive chart draws (web/src/elements/base/render-budget.ts):
// from the measured cost of its drawings, the coarseness at which one fits
// the budget (cost taken as proportional to the pixels drawn), and the full
// resolution once the input pauses.
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { RenderBudget } from '../../web/src/elements/base/render-budget.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** `n` drawings at `coarseness` that each took `ms`. */
function record(budget: RenderBudget, ms: number, coarseness: number, n = 3): void {
  for (let i = 0; i < n; i++) budget.record(ms, coarseness);
}

test('a chart draws in full until its drawings are measured over the budget, then as coarse as fits it', () => {
  const budget = new RenderBudget(() => {});
  expect(budget.next()).toBe(1);
  record(budget, 5.9, 1);
  expect(budget.next()).toBe(1);
  // 20 ms in full: 10 ms at 2, 5 ms at 4.
  record(budget, 20, 1);
  expect(budget.next()).toBe(4);
  // Never coarser than 8 device pixels per value, however slow.
  record(budget, 1000, 1);
  expect(budget.next()).toBe(8);
});

test('one slow drawing among fast ones (a garbage collection) makes no picture coarse', () => {
  const budget = new RenderBudget(() => {});
  record(budget, 2, 1);
  budget.record(40, 1);
  expect(budget.next()).toBe(1);
  budget.record(40, 1);
  expect(budget.next()).toBe(1);
  // Three in a row are the chart's cost on this device.
  budget.record(40, 1);
  expect(budget.next()).toBe(8);
});

test('a drawing at a coarseness that fits the budget moves no finer until the input pauses', () => {
  const budget = new RenderBudget(() => {});
  record(budget, 20, 1);
  expect(budget.next()).toBe(4);
  // A drawing at 4 that took 0.5 ms (2 ms in full): while the input moves, the pictures stay at 4.
  record(budget, 0.5, 4);
  expect(budget.next()).toBe(4);
  vi.advanceTimersByTime(200);
  expect(budget.next()).toBe(1);
});

test('a coarse picture is drawn again in full once the input pauses, and only then', () => {
  const sharpen = vi.fn();
  const budget = new RenderBudget(sharpen);
  record(budget, 30, 1);
  budget.record(4, budget.next());
  vi.advanceTimersByTime(100);
  // The input moved again before the pause: the timer starts over.
  budget.record(4, budget.next());
  vi.advanceTimersByTime(100);
  expect(sharpen).not.toHaveBeenCalled();
  vi.advanceTimersByTime(60);
  expect(sharpen).toHaveBeenCalledTimes(1);
  // The drawing it asks for is at full resolution, whatever it costs.
  expect(budget.next()).toBe(1);
  budget.record(30, 1);
  // A full drawing is not sharpened again.
  vi.advanceTimersByTime(1000);
  expect(sharpen).toHaveBeenCalledTimes(1);
});

test('a chart removed from the page is not sharpened', () => {
  const sharpen = vi.fn();
  const budget = new RenderBudget(sharpen);
  budget.record(4, 4);
  budget.cancel();
  vi.advanceTimersByTime(1000);
  expect(sharpen).not.toHaveBeenCalled();
});
