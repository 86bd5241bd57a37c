// How a chart calls the core for a computation that may run in the compute
// worker: `calls.call('scoreByOffset', options)` is the page's
// ph.scoreByOffset(options), answered at once where there is no worker, and
// a promise of the worker's answer where there is one. A chart writes its
// computation once for both with `settle`, and returns it as Parts (steps that
// return those promises wait for them).
import type { Phasor } from '../../core/index.js';
import type { ComputeArgs, ComputeMethod, ComputeResult } from './compute-messages.js';
import type { ComputeWorkerClient } from './compute-worker-client.js';

export type Maybe<T> = T | Promise<T>;

export class ComputeCalls {
  /** Each worker's milliseconds for this computation so far (the page's own are timed by the chart). */
  private readonly msByWorker = new Map<number, number>();

  constructor(
    private readonly page: Phasor,
    private readonly worker: ComputeWorkerClient | null,
  ) {}

  /**
   * The workers' milliseconds for this computation: the most any one of them
   * computed, since they compute side by side (the page waits for the last).
   */
  get workerMs(): number {
    return Math.max(0, ...this.msByWorker.values());
  }

  /** Whether the calls go to the worker. */
  get remote(): boolean {
    return this.worker !== null;
  }

  /**
   * A computation's steps as Parts runs them: on the page, one part each
   * (slices between frames); to the workers, all sent at once in one part
   * (they answer them side by side, and the page waits once).
   */
  inParts(steps: readonly (() => unknown)[]): (() => unknown)[] {
    return this.worker ? [() => Promise.all(steps.map((step) => step()))] : [...steps];
  }

  call<M extends ComputeMethod>(method: M, ...args: ComputeArgs<M>): Maybe<ComputeResult<M>> {
    const answer = this.timed(method, ...args);
    return answer instanceof Promise ? answer.then((a) => a.result) : answer.result;
  }

  /** Like call, with the milliseconds the call took: the page's, or those of the worker that answered it. */
  timed<M extends ComputeMethod>(method: M, ...args: ComputeArgs<M>): Maybe<{ result: ComputeResult<M>; ms: number }> {
    if (!this.worker) {
      const started = performance.now();
      const result = (this.page[method] as (...a: unknown[]) => ComputeResult<M>).apply(this.page, args);
      return { result, ms: performance.now() - started };
    }
    return this.worker.call(method, args).then(({ result, ms, worker }) => {
      this.msByWorker.set(worker, (this.msByWorker.get(worker) ?? 0) + ms);
      return { result, ms };
    });
  }
}

/** `then` of the values once each is there: at once when none is a promise, else a promise of it. */
export function settle<T extends unknown[], R>(
  values: { [K in keyof T]: Maybe<T[K]> },
  then: (...v: T) => R,
): Maybe<R> {
  return values.some((v) => v instanceof Promise)
    ? Promise.all(values).then((v) => then(...(v as T)))
    : then(...(values as T));
}

/** `then` of what `call` answers, or `failed` of what it throws (at once, or when the worker says). */
export function attempt<T, R>(call: () => Maybe<T>, then: (value: T) => R, failed: (error: unknown) => R): Maybe<R> {
  let answer: Maybe<T>;
  try {
    answer = call();
  } catch (error) {
    return failed(error);
  }
  return answer instanceof Promise ? answer.then(then, failed) : then(answer);
}
