// A chart's computation in slices (web/src/elements/parts.ts): the steps run
// in order, a slice at a time (the first at once, the rest in later tasks),
// and the result comes once. A step that returns a promise (the compute
// worker's answer) is waited for; its rejection fails the job; the worker's
// time comes with the result.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { Parts, PartsJob } from '../../web/src/elements/base/parts.js';

let now = 0;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.stubGlobal('window', globalThis); // parts.ts schedules with window.setTimeout, as in a page
  vi.spyOn(performance, 'now').mockImplementation(() => now);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** A job of `count` steps, each taking `stepMs` of (mocked) performance.now() time. */
function job(count: number, stepMs: number) {
  const ran: number[] = [];
  const results: { data: number[]; computeMs: number }[] = [];
  const parts = new Parts(
    Array.from({ length: count }, (_, n) => () => {
      ran.push(n);
      now += stepMs;
    }),
    () => [...ran],
  );
  const j = new PartsJob(
    'key',
    parts,
    (data, computeMs) => results.push({ data, computeMs }),
    (error) => {
      throw error;
    },
  );
  return { j, ran, results };
}

describe('PartsJob', () => {
  test('start runs the first slice at once: a short job finishes in it', () => {
    const { j, ran, results } = job(3, 1);
    expect(j.start()).toBe(true);
    expect(ran).toEqual([0, 1, 2]);
    expect(results.map((r) => r.data)).toEqual([[0, 1, 2]]);
  });

  test('a long job runs slices of about 6 ms in later tasks, in order, and reports once', () => {
    const { j, ran, results } = job(10, 4);
    expect(j.start()).toBe(false);
    expect(ran).toEqual([0, 1]); // 4 ms, then 8 ms: past the slice
    vi.runAllTimers();
    expect(ran).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(results).toHaveLength(1);
    expect(results[0].data).toEqual(ran);
    expect(results[0].computeMs).toBeGreaterThanOrEqual(40);
  });

  test('cancel stops a job between slices: no further step runs and no result comes', () => {
    const { j, ran, results } = job(10, 4);
    expect(j.start()).toBe(false);
    j.cancel();
    vi.runAllTimers();
    expect(ran).toEqual([0, 1]);
    expect(results).toEqual([]);
  });

  test("a step's promise is waited for: the next step runs once it settles, and the worker's time comes with the result", async () => {
    const ran: string[] = [];
    const answers: ((value: unknown) => void)[] = [];
    const worker = { workerMs: 0 };
    const results: { data: string[]; workerMs: number }[] = [];
    const asked = (name: string) => () => {
      ran.push(`asked ${name}`);
      return new Promise((resolve) => answers.push(resolve)).then(() => {
        ran.push(`answered ${name}`);
        worker.workerMs += 5;
      });
    };
    const j = new PartsJob(
      'key',
      new Parts([asked('a'), asked('b'), () => ran.push('on the page')], () => [...ran], worker),
      (data, _computeMs, workerMs) => results.push({ data, workerMs }),
      (error) => {
        throw error;
      },
    );
    expect(j.start()).toBe(false);
    expect(ran).toEqual(['asked a']);
    answers[0](null);
    await vi.waitFor(() => expect(ran).toEqual(['asked a', 'answered a', 'asked b']));
    expect(results).toEqual([]);
    answers[1](null);
    await vi.waitFor(() => expect(results).toHaveLength(1));
    expect(results[0]).toEqual({
      data: ['asked a', 'answered a', 'asked b', 'answered b', 'on the page'],
      workerMs: 10,
    });
  });

  test("a step's rejected promise fails the job, and a cancelled job ignores its answer", async () => {
    const failures: unknown[] = [];
    const done: unknown[] = [];
    const make = (answer: Promise<unknown>) =>
      new PartsJob(
        'key',
        new Parts([() => answer, () => done.push('next step')], () => 0),
        () => done.push('result'),
        (error) => failures.push(error),
      );
    const error = new RangeError('phasor.shiftFit: the log phase is not defined');
    expect(make(Promise.reject(error)).start()).toBe(false);
    await vi.waitFor(() => expect(failures).toEqual([error]));
    let answer!: (value: unknown) => void;
    const cancelled = make(new Promise((resolve) => (answer = resolve)));
    cancelled.start();
    cancelled.cancel();
    answer(null);
    await Promise.resolve();
    await Promise.resolve();
    expect(done).toEqual([]);
    expect(failures).toEqual([error]);
  });
});
