// How a chart calls the core for a computation that may run in the compute
// worker (web/src/elements/compute/compute-calls.ts): on the page the
// answer is there at once (no promise, so a small computation still draws
// in the input's frame); `settle` and `attempt` combine answers the same way
// whether they came at once or from the worker.
import { describe, expect, test } from 'vitest';
import { createPhasor } from '../../web/src/core/index.js';
import { attempt, ComputeCalls, settle } from '../../web/src/elements/compute/compute-calls.js';
import { ComputePlace } from '../../web/src/elements/compute/compute-place.js';
import { startComputeWorkers } from '../../web/src/elements/compute/compute-worker-client.js';
import type { ComputeReply, ComputeRequest } from '../../web/src/elements/compute/compute-messages.js';

/**
 * A stand-in for a compute worker: it records what it is sent and answers
 * when the test says, with the milliseconds the test gives.
 */
class FakeWorker {
  readonly sent: ComputeRequest[] = [];
  terminated = false;
  private listeners: Record<string, ((event: unknown) => void)[]> = {};
  addEventListener(type: string, listener: (event: unknown) => void): void {
    (this.listeners[type] ??= []).push(listener);
  }
  postMessage(request: ComputeRequest): void {
    this.sent.push(request);
  }
  terminate(): void {
    this.terminated = true;
  }
  reply(message: ComputeReply): void {
    for (const listener of this.listeners.message ?? []) listener({ data: message });
  }
  crash(): void {
    for (const listener of this.listeners.error ?? []) listener({ preventDefault() {} });
  }
}

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

/** The page's core, two fake workers, their client and a computation's calls through it. */
async function twoWorkers() {
  const ph = await createPhasor({ experiments: true });
  const workers = [new FakeWorker(), new FakeWorker()];
  let started = 0;
  const client = startComputeWorkers(
    () => workers[started++] as unknown as Worker,
    () => ph,
    2,
  )!;
  return { workers, client, calls: new ComputeCalls(ph, client) };
}

describe('ComputeCalls in the compute workers', () => {
  test("a computation's calls go to the worker with the fewest waiting, and its worker time is the most any one computed", async () => {
    const { workers, client, calls } = await twoWorkers();
    expect(calls.remote).toBe(true);
    const answers = [1, 2, 3].map((heads) => calls.call('alibiSlopes', { heads }));
    // Sent in turn: the first to worker 0, the second to worker 1 (none waiting there), the third to worker 0.
    expect(workers.map((w) => w.sent.map((r) => (r.args[0] as { heads: number }).heads))).toEqual([[1, 3], [2]]);
    const [first, third] = workers[0].sent;
    workers[0].reply({ kind: 'result', seq: first.seq, result: 'one', ms: 4 });
    workers[1].reply({ kind: 'result', seq: workers[1].sent[0].seq, result: 'two', ms: 5 });
    workers[0].reply({ kind: 'result', seq: third.seq, result: 'three', ms: 3 });
    expect(await Promise.all(answers)).toEqual(['one', 'two', 'three']);
    // Side by side: worker 0 computed 4 + 3 ms, worker 1 5 ms; the page waited 7, not 12.
    expect(calls.workerMs).toBe(7);
    // The next call goes to a worker with none waiting (worker 0, the first of equals).
    void calls.call('alibiSlopes', { heads: 4 });
    expect(workers[0].sent).toHaveLength(3);
  });

  test('a worker that crashes hands its calls to the page; the others keep theirs; with none left, calls run on the page', async () => {
    const { workers, client, calls } = await twoWorkers();
    const waiting = [1, 2].map((heads) => calls.call('alibiSlopes', { heads }));
    workers[0].crash();
    expect(workers[0].terminated).toBe(true);
    expect(client.failed).toBe(false);
    // The crashed worker's call, on the page: the page's core's answer (ALiBi's slope for one head, 2^−8).
    expect(Array.from((await waiting[0]) as Float64Array)).toEqual([2 ** -8]);
    // A new call goes to the worker left.
    void calls.call('alibiSlopes', { heads: 3 });
    expect(workers[1].sent).toHaveLength(2);
    workers[1].crash();
    expect(client.failed).toBe(true);
    // (two heads: 2^−4, 2^−8)
    expect(Array.from((await waiting[1]) as Float64Array)).toEqual([2 ** -4, 2 ** -8]);
  });

  test('a worker that cannot start leaves the ones started before it; none at all leaves no client', () => {
    const one = new FakeWorker();
    let started = 0;
    const client = startComputeWorkers(
      () => {
        if (started++ > 0) throw new DOMException('blocked', 'SecurityError');
        return one as unknown as Worker;
      },
      () => null,
      3,
    );
    expect(client?.failed).toBe(false);
    expect(
      startComputeWorkers(
        () => {
          throw new DOMException('blocked', 'SecurityError');
        },
        () => null,
        2,
      ),
    ).toBeNull();
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
  test('a chart computes on the page until three computations in a row there have each taken over a frame, then in the worker', () => {
    const place = new ComputePlace();
    expect(place.remote).toBe(false);
    for (const ms of [40, 12, 40, 40]) place.record(ms, 0); // one within a frame among them
    place.record(0.5, 2); // the worker's (one asked before it moved): says nothing of the page
    expect(place.remote).toBe(false);
    place.record(17, 0);
    expect(place.remote).toBe(true);
    place.record(1, 0); // computed on the page though asked of the worker (it failed): says nothing of the worker
    expect(place.remote).toBe(true);
  });

  test('one computation on the page that was a long task by itself (50 ms or more) moves the chart at once', () => {
    const place = new ComputePlace();
    place.record(49, 0);
    expect(place.remote).toBe(false);
    place.record(50, 0);
    expect(place.remote).toBe(true);
    // Its time counts as the page's at the move: a worker answering in 10 ms is 5 times quicker.
    for (const ms of [10, 10, 10]) place.record(0.5, ms);
    expect(place.remote).toBe(true);
    place.record(0.5, 1.8); // 9 ms at the page's speed: stays
    expect(place.remote).toBe(true);
    place.record(0.5, 1.5); // 7.5 ms at the page's speed: back
    expect(place.remote).toBe(false);
  });

  test('back on the page once the least of the last three would take the page under half a frame', () => {
    const place = new ComputePlace();
    for (const ms of [30, 30, 30]) place.record(ms, 0);
    expect(place.remote).toBe(true);
    // The worker three times quicker than the page (a faster core, or a throttled page): 10 ms there is 30 here.
    for (const ms of [10, 12, 10]) place.record(0.5, ms);
    expect(place.remote).toBe(true);
    for (const ms of [3, 3]) place.record(0.5, ms); // two are not enough to decide
    expect(place.remote).toBe(true);
    place.record(0.5, 3); // 9 ms at the page's speed
    expect(place.remote).toBe(true);
    place.record(0.5, 2); // (the least of the last three: 6 ms at the page's speed)
    expect(place.remote).toBe(false);
    // The page's samples start again: two slow ones do not move it at once.
    for (const ms of [30, 30]) place.record(ms, 0);
    expect(place.remote).toBe(false);
    place.record(30, 0);
    expect(place.remote).toBe(true);
    // A worker as slow as the page: its first runs slow, then none under 8 ms.
    for (const ms of [40, 30, 31, 9, 8.5, 9]) place.record(0.5, ms);
    expect(place.remote).toBe(true);
    place.record(0.5, 7.5); // (1 ms of the worker is 1 of the page)
    expect(place.remote).toBe(false);
  });

  test('may move (the worker can start) once one of the last three page computations took over a frame', () => {
    const place = new ComputePlace();
    place.record(16, 0);
    expect(place.mayMove).toBe(false);
    place.record(17, 0);
    expect(place.mayMove).toBe(true);
    for (const ms of [10, 10]) place.record(ms, 0);
    expect(place.mayMove).toBe(true);
    place.record(10, 0); // the slow one is no longer among the last three
    expect(place.mayMove).toBe(false);
    for (const ms of [20, 20, 20]) place.record(ms, 0);
    expect(place.remote).toBe(true);
    expect(place.mayMove).toBe(false); // moved
  });
});
