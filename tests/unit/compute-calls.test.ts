// How a chart calls the core for a computation that may run in the compute
// worker (web/src/elements/compute/compute-calls.ts): on the page the
// answer is there at once (no promise, so a small computation still draws
// in the input's frame); `settle` and `attempt` combine answers the same way
// whether they came at once or from the worker.
import { describe, expect, test } from 'vitest';
import { createPhasor } from '../../web/src/core/index.js';
import { attempt, ComputeCalls, settle } from '../../web/src/elements/compute/compute-calls.js';
import { ComputePlace } from '../../web/src/elements/compute/compute-place.js';

describe('ComputeCalls on the page', () => {
  test("answers at once with the page core's value, and parts run one per step", async () => {
    const ph = await createPhasor({ experiments: true });
    const calls = new ComputeCalls(ph, null);
    expect(calls.remote).toBe(false);
    const answer = calls.call('alibiSlopes', { heads: 8 });
    expect(answer).not.toBeInstanceOf(Promise);
    // ALiBi's slopes for 8 heads: 2^(−8·h/8), h = 1 … 8 (Press et al.)
    expect(Array.from(answer as Float64Array)).toEqual(Array.from({ length: 8 }, (_, h) => 2 ** -(h + 1)));
    const steps = [() => 1, () => 2];
    expect(calls.inParts(steps)).toEqual(steps);
    expect(calls.workerMs).toBe(0);
  });
});

describe('settle and attempt', () => {
  test('settle calls at once when no value is a promise, and returns a promise of it when one is', async () => {
    expect(settle([1, 2], (a, b) => a + b)).toBe(3);
    const later = settle([1, Promise.resolve(2)], (a, b) => a + b);
    expect(later).toBeInstanceOf(Promise);
    expect(await later).toBe(3);
  });

  test('attempt hands a throw or a rejection to `failed`, and a value to `then`', async () => {
    const failed = (error: unknown) => `failed: ${(error as Error).message}`;
    const twice = (v: number) => `twice: ${v * 2}`;
    const thrown = () => {
      throw new RangeError('now');
    };
    expect(attempt(thrown, twice, failed)).toBe('failed: now');
    expect(attempt(() => 4, twice, failed)).toBe('twice: 8');
    expect(await attempt(() => Promise.reject(new RangeError('later')), twice, failed)).toBe('failed: later');
    expect(await attempt(() => Promise.resolve(5), twice, failed)).toBe('twice: 10');
  });
});

describe('ComputePlace', () => {
  test('a chart computes on the page until three computations in a row there have each taken over half a frame, then in the worker', () => {
    const place = new ComputePlace();
    expect(place.remote).toBe(false);
    for (const ms of [40, 6, 40, 40]) place.record(ms, 0); // one within half a frame among them
    place.record(0.5, 2); // the worker's (one asked before it moved): says nothing of the page
    expect(place.remote).toBe(false);
    place.record(9, 0);
    expect(place.remote).toBe(true);
    place.record(1, 0); // computed on the page though asked of the worker (it failed): says nothing of the worker
    expect(place.remote).toBe(true);
  });

  test('back on the page once the least of the last three would take the page under a quarter of a frame', () => {
    const place = new ComputePlace();
    for (const ms of [30, 30, 30]) place.record(ms, 0);
    expect(place.remote).toBe(true);
    // The worker three times quicker than the page (a faster core, or a throttled page): 10 ms there is 30 here.
    for (const ms of [10, 12, 10]) place.record(0.5, ms);
    expect(place.remote).toBe(true);
    for (const ms of [2, 2]) place.record(0.5, ms); // two are not enough to decide
    expect(place.remote).toBe(true);
    place.record(0.5, 2); // 6 ms at the page's speed
    expect(place.remote).toBe(true);
    place.record(0.5, 1); // (the least of the last three: 3 ms at the page's speed)
    expect(place.remote).toBe(false);
    // The page's samples start again: two slow ones do not move it at once.
    for (const ms of [30, 30]) place.record(ms, 0);
    expect(place.remote).toBe(false);
    place.record(30, 0);
    expect(place.remote).toBe(true);
    // A worker as slow as the page: its first runs slow, then none under 4 ms.
    for (const ms of [40, 30, 31, 5, 4.5, 5]) place.record(0.5, ms);
    expect(place.remote).toBe(true);
    place.record(0.5, 3.5); // (1 ms of the worker is 1 of the page)
    expect(place.remote).toBe(false);
  });

  test('may move (the worker can start) once one of the last three page computations took over half a frame', () => {
    const place = new ComputePlace();
    place.record(8, 0);
    expect(place.mayMove).toBe(false);
    place.record(9, 0);
    expect(place.mayMove).toBe(true);
    for (const ms of [5, 5]) place.record(ms, 0);
    expect(place.mayMove).toBe(true);
    place.record(5, 0); // the slow one is no longer among the last three
    expect(place.mayMove).toBe(false);
    for (const ms of [20, 20, 20]) place.record(ms, 0);
    expect(place.remote).toBe(true);
    expect(place.mayMove).toBe(false); // moved
  });
});
