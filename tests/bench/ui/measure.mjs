// The measuring half of bench:ui shared by its runs: the page-side functions
// put on the page, waiting for the charts to settle, steps measured by the
// probe (probe.js) and their summaries.
import * as pageSteps from './page-steps.mjs';

/** Steps run and thrown away before each measured run of steps. */
export const WARMUP = 3;

export function quantile(values, q) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  return sorted[lo] + (sorted[Math.min(lo + 1, sorted.length - 1)] - sorted[lo]) * (at - lo);
}
export const summary = (values) => ({
  median: quantile(values, 0.5),
  p95: quantile(values, 0.95),
  max: Math.max(...values),
  n: values.length,
});
/**
 * Puts the runner's page-side functions on `window` (the page's strict CSP
 * forbids eval in the page; CDP's evaluate is not subject to it).
 */
export async function definePageFunctions(page) {
  for (const fn of Object.values(pageSteps)) await page.evaluate(`window.${fn.name} = ${fn.toString()}`);
}

/** Waits until no chart has rendered for `quietMs` (off-screen catch-ups done). */
export async function settle(page, quietMs = 400) {
  await page.waitForFunction(
    (quiet) => {
      const r = window.__bench.renders;
      const last = r.length ? r[r.length - 1].t : 0;
      const ready = [...document.querySelectorAll('[data-state]')].every(
        (el) => el.getAttribute('data-state') !== 'loading',
      );
      return ready && performance.now() - last > quiet;
    },
    quietMs,
    { timeout: 60_000, polling: 100 },
  );
}

export async function scrollTo(page, label) {
  await page.evaluate((label) => window.chartElement(label).scrollIntoView({ block: 'center' }), label);
  await settle(page);
}

/**
 * `count` steps of window[stepName](arg, n), measured by the probe's `probe`
 * (step: the answer is a render; stepDom: a change in the chart's shadow
 * DOM); with `chart`, each also waits for that chart's result.
 */
export async function measureSteps(page, count, stepName, arg, chart, probe = 'step') {
  return page.evaluate(
    async ({ count, warmup, stepName, arg, chart, probe }) => {
      const step = window[stepName];
      const out = [];
      for (let n = 0; n < count + warmup; n++) {
        const r = await window.__bench[probe](() => step(arg, n), chart);
        if (n >= warmup) out.push(r);
        await window.__bench.frames(2);
      }
      return out;
    },
    { count, warmup: WARMUP, stepName, arg, chart, probe },
  );
}

/**
 * The summary of one input on one chart: input → painted result (the
 * input frame, or the later frame that painted it), and, when the chart
 * answered with a coarse picture first, input → its full-resolution one.
 * Chromium cannot throttle a Worker (throttle.mjs): under a throttle of
 * `rate`, the work a paint worker did is counted `rate` times, as a phone's
 * worker would take (the headline values; `measured` keeps what was timed).
 */
export function stepSummary(steps, chart, rate = 1) {
  const answered = (s) => s.result ?? s.latency;
  const modelled = (s) => answered(s) + (rate - 1) * s.workerWork;
  const drawn = steps.filter((s) => s.charts.includes(chart)).length;
  const later = steps.filter((s) => s.result !== null);
  const coarse = steps.filter((s) => s.coarse);
  const sharpened = coarse.filter((s) => s.full !== null);
  const workerModelled = rate > 1 && steps.some((s) => s.workerWork > 0);
  return {
    ...summary(steps.map(workerModelled ? modelled : answered)),
    ...(workerModelled && { measured: summary(steps.map(answered)), workerSlowdownModelled: rate }),
    inputFrame: summary(steps.map((s) => s.latency)),
    work: summary(steps.map((s) => s.work)),
    drawn,
    drawnLater: later.length,
    samples: steps.length,
    ...(coarse.length > 0 && {
      coarse: coarse.length,
      full: sharpened.length ? summary(sharpened.map((s) => s.full)) : null,
      fullMissing: coarse.length - sharpened.length,
    }),
    ...(steps.some((s) => s.workerWork > 0) && { workerWork: summary(steps.map((s) => s.workerWork)) }),
  };
}
