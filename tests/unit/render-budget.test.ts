// How coarse a progressive chart draws (web/src/elements/base/render-budget.ts):
// from the measured cost of its drawings, the coarseness at which one fits
// the budget (cost taken as proportional to the pixels drawn), and the full
// resolution once the input pauses.
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { RenderBudget } from '../../web/src/elements/base/render-budget.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

test('a chart draws in full until a drawing is measured over the budget, then as coarse as fits it', () => {
  const budget = new RenderBudget(() => {});
  expect(budget.next()).toBe(1);
  budget.record(5.9, 1);
  expect(budget.next()).toBe(1);
  // 20 ms in full: 10 ms at 2, 5 ms at 4.
  budget.record(20, 1);
  expect(budget.next()).toBe(4);
  // A drawing at 4 that took 2 ms (8 ms in full): while the input moves, the pictures stay at 4.
  budget.record(2, 4);
  expect(budget.next()).toBe(4);
  // Never coarser than 8 device pixels per value, however slow.
  budget.record(1000, 1);
  expect(budget.next()).toBe(8);
});

test('a coarse picture is drawn again in full once the input pauses, and only then', () => {
  const sharpen = vi.fn();
  const budget = new RenderBudget(sharpen);
  budget.record(30, 1);
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
  expect(budget.next()).toBe(8);
  // After a full drawing, a cheap one is drawn in full again.
  budget.record(5, 1);
  expect(budget.next()).toBe(1);
  // A full drawing is not sharpened again.
  vi.advanceTimersByTime(1000);
  expect(sharpen).toHaveBeenCalledTimes(1);
});

test('a drawing at a coarseness that fits the budget moves no finer until the input pauses', () => {
  const budget = new RenderBudget(() => {});
  budget.record(2, 1);
  budget.record(20, 1);
  expect(budget.next()).toBe(4);
  budget.record(0.5, 4);
  expect(budget.next()).toBe(4);
  vi.advanceTimersByTime(200);
  expect(budget.next()).toBe(1);
});

test('a chart removed from the page is not sharpened', () => {
  const sharpen = vi.fn();
  const budget = new RenderBudget(sharpen);
  budget.record(4, 4);
  budget.cancel();
  vi.advanceTimersByTime(1000);
  expect(sharpen).not.toHaveBeenCalled();
});
