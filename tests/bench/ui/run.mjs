// `npm run bench:ui`: how fast the charts answer, in headless Chromium, on
// the built explorer (build/site) and the example post (build/embed), both
// served under the strict CSP. Not part of `npm test`: timings are measured
// here and reported, never asserted.
//
// For each preset (defaults, the seed figures, 4096 × 1024, base 100 and
// 10⁶), each control and each chart the control drives (with that chart
// scrolled into view):
//   - input → painted result: the control changes at the start of a frame, as
//     Chromium delivers a drag's pointer moves, and the time runs until the
//     main-thread work (the charts' renders, style, layout, paint) of the
//     frame that shows the chart's new picture is done: that same frame, or
//     a later one for a chart computing in slices; 30 samples after 3
//     warm-ups; median and p95; the charts' own compute + draw time per
//     update in the input frame ("work");
//   - for the sliders, a 2 s drag with the mouse (CDP input): the longest
//     task (PerformanceObserver 'longtask', which sees script and parsing
//     tasks of 50 ms or more, and the rendering part of each
//     'long-animation-frame', which 'longtask' does not see), the longest
//     gap between frames, and the longest task in the
//     second after the drag (off-screen charts catching up);
//   - zoom: 30 Ctrl+wheel steps on each zoomable chart, then 30 more with the
//     view zoomed out to everything phasor accepts (|p| ≤ 2^31).
// Then cold loads of both pages (5 each): first chart drawn, all charts
// drawn, bytes and requests, the longest task at start-up.
//
//   node tests/bench/ui/run.mjs [--quick] [--out <file>] [--no-readme]
//   ... [--preset <text>] [--control <name>] [--chart <text>] [--skip drags,zoom,loads]
//   ... [--cpu-throttle <rate>]
// The filters (each may be repeated) measure a part: presets whose name or
// query contains the text, controls by name (d_model, base, ...), charts
// whose label contains the text; a filtered run never touches docs/ui-bench.md and
// writes results/ui-part.json unless --out says otherwise. --cpu-throttle
// slows the page's main thread by that factor (CDP Emulation), a machine
// that many times slower; such a run is a part too.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { loadAverageNow, loader, machine, repoRoot, resultsDir, startVite, writeJson } from '../launch.mjs';
import { regenerateUiReadme, renderUiReport } from './report.mjs';

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    out: { type: 'string' },
    'no-readme': { type: 'boolean', default: false },
    chromium: { type: 'string', default: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
    preset: { type: 'string', multiple: true },
    control: { type: 'string', multiple: true },
    chart: { type: 'string', multiple: true },
    skip: { type: 'string', default: '' },
    'cpu-throttle': { type: 'string', default: '1' },
  },
});
const cpuThrottle = Number(args['cpu-throttle']);
if (!(cpuThrottle >= 1))
  throw new Error(`bench:ui: --cpu-throttle must be a number of at least 1; got ${args['cpu-throttle']}`);
const partial = Boolean(args.preset || args.control || args.chart || args.skip || cpuThrottle !== 1);
const skip = new Set(args.skip.split(',').filter(Boolean));
const wanted = (list, text) => !list || list.some((w) => text.includes(w));

const SAMPLES = args.quick ? 8 : 30;
const WARMUP = 3;
const DRAG_MS = args.quick ? 800 : 2000;
const LOADS = args.quick ? 2 : 5;

export const PRESETS = [
  { name: 'defaults', query: '' },
  { name: 'seed figure, d = 4', query: '?dModel=4' },
  { name: 'seed figure, 1000 × 1000, d = 1000', query: '?dModel=1000&positions=1000' },
  { name: '4096 positions × 1024 dimensions', query: '?dModel=1024&positions=4096' },
  { name: 'base 100', query: '?base=100' },
  { name: 'base 10⁶', query: '?base=1000000' },
];
const presets = (args.quick ? [PRESETS[0], PRESETS[3]] : PRESETS).filter((p) =>
  wanted(args.preset, `${p.name} ${p.query}`),
);

/** The explorer's controls: how one step of each is applied in the page (applyControl). */
const CONTROLS = [
  { id: 'dModel-range', name: 'd_model', kind: 'range' },
  { id: 'base-range', name: 'base', kind: 'range' },
  { id: 'positions-range', name: 'positions', kind: 'range' },
  { id: 'p-range', name: 'p', kind: 'range' },
  { id: 'k-range', name: 'k', kind: 'range' },
  { id: 'pair-range', name: 'pair', kind: 'range' },
  { id: 'dims', name: 'dims', kind: 'text', values: ['0, 1', '0, 2, 5'] },
  { id: 'normalize', name: 'normalize', kind: 'checkbox' },
  { id: 'layout', name: 'layout', kind: 'select' },
  { id: 'spacing', name: 'spacing', kind: 'select' },
];

const ZOOMABLE = ['phasor-frequencies', 'phasor-encoding', 'phasor-heatmap', 'phasor-dot-offset', 'phasor-distance'];

function quantile(values, q) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  return sorted[lo] + (sorted[Math.min(lo + 1, sorted.length - 1)] - sorted[lo]) * (at - lo);
}
const summary = (values) => ({
  median: quantile(values, 0.5),
  p95: quantile(values, 0.95),
  max: Math.max(...values),
  n: values.length,
});
const log = (text) => process.stderr.write(`bench:ui: ${text}\n`);

/**
 * Applies step `n` of a control in the page. A slider moves through new
 * values, one way from where it stood at n = 0 (up, or down when there is not
 * room for the steps), so that a chart keeping the results of a few values
 * is not timed on values it saw two steps before; with too little room
 * (pair at d_model 4), it moves up and down. n = -1 puts it back where it
 * stood at n = 0. Other controls have two values, taken in turn.
 */
function applyControl(control, n) {
  const el = document.getElementById(control.id);
  if (control.kind === 'range') {
    const step = Number(el.step) || 1;
    const min = Number(el.min);
    const max = Number(el.max);
    const starts = (window.__rangeStarts ??= {});
    if (n === 0 || !(control.id in starts)) starts[control.id] = el.valueAsNumber;
    const start = starts[control.id];
    const ROOM = 40; // steps: 3 warm-ups and 30 samples, with some to spare
    let next;
    if (n < 0) next = start;
    else if (start + ROOM * step <= max) next = start + (n + 1) * step;
    else if (start - ROOM * step >= min) next = start - (n + 1) * step;
    else next = start + (n % 2 === 0 ? (start + step <= max ? step : -step) : 0);
    el.value = String(next);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  } else if (control.kind === 'text') {
    el.value = control.values[n % 2];
    el.dispatchEvent(new Event('input', { bubbles: true }));
  } else if (control.kind === 'checkbox') {
    el.checked = !el.checked;
    el.dispatchEvent(new Event('change', { bubbles: true }));
  } else {
    el.selectedIndex = (el.selectedIndex + 1) % el.options.length;
    el.dispatchEvent(new Event('change', { bubbles: true }));
  }
}

/** Every chart on the page, labelled like the probe labels its renders. */
function chartsOnPage() {
  const all = [...document.querySelectorAll('*')].filter(
    (el) => el.localName.startsWith('phasor-') && el.hasAttribute('data-state'),
  );
  return all.map((el) => {
    const same = all.filter((other) => other.localName === el.localName);
    return same.length > 1 ? `${el.localName}#${same.indexOf(el)}` : el.localName;
  });
}

function chartElement(label) {
  const [tag, index] = label.split('#');
  return [...document.querySelectorAll(tag)][Number(index ?? 0)];
}

/**
 * Puts the runner's page-side functions on `window` (the page's strict CSP
 * forbids eval in the page; CDP's evaluate is not subject to it).
 */
async function definePageFunctions(page) {
  for (const fn of [applyControl, chartsOnPage, chartElement, wheelStep])
    await page.evaluate(`window.${fn.name} = ${fn.toString()}`);
}

/** Waits until no chart has rendered for `quietMs` (off-screen catch-ups done). */
async function settle(page, quietMs = 400) {
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

async function scrollTo(page, label) {
  await page.evaluate((label) => window.chartElement(label).scrollIntoView({ block: 'center' }), label);
  await settle(page);
}

/** Which charts' attributes one step of `control` changes. */
async function drivenCharts(page, control) {
  const driven = await page.evaluate((control) => {
    const charts = window.chartsOnPage();
    const snapshot = () =>
      charts.map((c) =>
        [...window.chartElement(c).attributes]
          .filter((a) => a.name !== 'data-state')
          .map((a) => `${a.name}=${a.value}`)
          .join('&'),
      );
    const before = snapshot();
    window.applyControl(control, 0);
    const after = snapshot();
    window.applyControl(control, control.kind === 'range' ? -1 : 1);
    return charts.filter((_, n) => before[n] !== after[n]);
  }, control);
  await settle(page);
  return driven;
}

/** `count` steps of window[stepName](arg, n), measured by the probe; with `chart`, each also waits for that chart's result. */
async function measureSteps(page, count, stepName, arg, chart) {
  return page.evaluate(
    async ({ count, warmup, stepName, arg, chart }) => {
      const step = window[stepName];
      const out = [];
      for (let n = 0; n < count + warmup; n++) {
        const r = await window.__bench.step(() => step(arg, n), chart);
        if (n >= warmup) out.push(r);
        await window.__bench.frames(2);
      }
      return out;
    },
    { count, warmup: WARMUP, stepName, arg, chart },
  );
}

/**
 * Input → painted result of one control on one chart: the input frame when
 * the chart drew in it (or had nothing to redraw), else the frame in which
 * its result was painted (a computation in slices).
 */
async function latency(page, control, chart) {
  await scrollTo(page, chart);
  const steps = await measureSteps(page, SAMPLES, 'applyControl', control, chart);
  // The slider back where it stood, for the next chart's steps.
  if (control.kind === 'range') await page.evaluate((control) => window.applyControl(control, -1), control);
  const drawn = steps.filter((s) => s.charts.includes(chart)).length;
  const later = steps.filter((s) => s.result !== null);
  return {
    ...summary(steps.map((s) => s.result ?? s.latency)),
    inputFrame: summary(steps.map((s) => s.latency)),
    work: summary(steps.map((s) => s.work)),
    drawn,
    drawnLater: later.length,
    samples: steps.length,
  };
}

async function drag(page, control, chart) {
  await scrollTo(page, chart);
  const box = await page.locator(`#${control.id}`).boundingBox();
  const thumb = await page.$eval(
    `#${control.id}`,
    (el) => (el.valueAsNumber - Number(el.min)) / (Number(el.max) - Number(el.min)),
  );
  if (!box || box.y < 0 || box.y > 900) return null;
  const x0 = box.x + 8 + thumb * (box.width - 16);
  const y = box.y + box.height / 2;
  const start = await page.evaluate(() => ((window.__dragFrames = window.__bench.recordFrames()), performance.now()));
  await page.mouse.move(x0, y);
  await page.mouse.down();
  const began = Date.now();
  let n = 0;
  while (Date.now() - began < DRAG_MS) {
    const phase = (n++ % 80) / 80;
    const dx = (x0 > box.x + box.width / 2 ? -1 : 1) * 60 * Math.sin(Math.PI * phase);
    await page.mouse.move(x0 + dx, y);
    await page.waitForTimeout(8);
  }
  await page.mouse.up();
  const end = await page.evaluate(() => performance.now());
  await page.waitForTimeout(1200);
  return page.evaluate(
    ({ start, end }) => {
      const frames = window.__dragFrames.stop();
      const during = frames.filter((t) => t >= start && t <= end);
      let gap = 0;
      for (let i = 1; i < during.length; i++) gap = Math.max(gap, during[i] - during[i - 1]);
      const tasks = window.__bench.longTasks;
      const within = (a, b) =>
        tasks.filter((t) => t.start >= a && t.start < b).reduce((m, t) => Math.max(m, t.duration), 0);
      return {
        longestTask: within(start, end),
        longestTaskAfter: within(end, end + 1200),
        longestFrameGap: gap,
        frames: during.length,
        ms: end - start,
      };
    },
    { start, end },
  );
}

/** A zoom step: Ctrl+wheel over the middle of the chart's plot, in and out in turn. */
function wheelStep(label, n) {
  const [tag, index] = label.split('#');
  const el = [...document.querySelectorAll(tag)][Number(index ?? 0)];
  const front = el.shadowRoot.querySelector('svg.front');
  const plot = el.shadowRoot.querySelector('canvas').getBoundingClientRect();
  const deltaY = n % 2 === 0 ? -50 : 50;
  front.dispatchEvent(
    new WheelEvent('wheel', {
      deltaY,
      ctrlKey: true,
      clientX: plot.x + plot.width / 2,
      clientY: plot.y + plot.height / 2,
      bubbles: true,
      cancelable: true,
    }),
  );
}

async function zoom(page, chart) {
  await scrollTo(page, chart);
  // The wheel and drag gestures load when a pointer first comes near a chart.
  const plot = await page.evaluate(
    (label) => window.chartElement(label).shadowRoot.querySelector('canvas').getBoundingClientRect().toJSON(),
    chart,
  );
  await page.mouse.move(plot.x + plot.width / 2, plot.y + plot.height / 2);
  await page.waitForTimeout(300);
  await page.mouse.move(0, 0);
  const near = await measureSteps(page, SAMPLES, 'wheelStep', chart, chart);
  // Out to everything phasor accepts: the minus key zooms out by 2 until the limit.
  await page.evaluate((label) => {
    const [tag, index] = label.split('#');
    [...document.querySelectorAll(tag)][Number(index ?? 0)].shadowRoot.querySelector('.frame').focus();
  }, chart);
  for (let n = 0; n < 40; n++) await page.keyboard.press('-');
  await settle(page, 200);
  const span = await page.evaluate((label) => {
    const [tag, index] = label.split('#');
    const d = [...document.querySelectorAll(tag)][Number(index ?? 0)].data();
    return d && 'stride' in d ? (d.count ?? d.cols) * d.stride : null;
  }, chart);
  const far = await measureSteps(page, SAMPLES, 'wheelStep', chart, chart);
  await page.keyboard.press('0');
  await settle(page, 200);
  const drawn = (steps) => steps.filter((s) => s.charts.includes(chart)).length;
  return {
    ...summary(near.map((s) => s.result ?? s.latency)),
    work: summary(near.map((s) => s.work)),
    drawn: drawn(near),
    samples: near.length,
    full: { ...summary(far.map((s) => s.result ?? s.latency)), span, drawn: drawn(far), samples: far.length },
  };
}

async function openPage(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  if (cpuThrottle !== 1)
    await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: cpuThrottle });
  await page.addInitScript({ path: join(repoRoot, 'tests/bench/ui/probe.js') });
  const problems = [];
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto(url);
  await definePageFunctions(page);
  return { page, context, problems };
}

async function runPreset(browser, site, preset) {
  const { page, context, problems } = await openPage(browser, `${site.url}index.html${preset.query}`);
  await settle(page, 800);
  const charts = await page.evaluate(() => window.chartsOnPage());
  const result = { name: preset.name, query: preset.query, charts, latency: {}, drags: {}, zoom: {} };
  for (const control of CONTROLS.filter((c) => !args.control || args.control.includes(c.name))) {
    const driven = (await drivenCharts(page, control)).filter((chart) => wanted(args.chart, chart));
    result.latency[control.name] = {};
    for (const chart of driven) {
      const r = (result.latency[control.name][chart] = await latency(page, control, chart));
      log(
        `${preset.name}: ${control.name} → ${chart}: median ${r.median.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms (work ${r.work.median.toFixed(1)} ms, painted later ${r.drawnLater}/${r.samples})`,
      );
    }
    if (control.kind !== 'range' || skip.has('drags')) continue;
    result.drags[control.name] = {};
    for (const chart of driven) {
      const d = await drag(page, control, chart);
      if (d) result.drags[control.name][chart] = d;
    }
    // Back to the preset's value for the next control.
    await page.goto(`${site.url}index.html${preset.query}`);
    await definePageFunctions(page);
    await settle(page, 800);
  }
  for (const chart of charts.filter((c) => ZOOMABLE.includes(c) && !skip.has('zoom') && wanted(args.chart, c))) {
    result.zoom[chart] = await zoom(page, chart);
    log(
      `${preset.name}: zoom ${chart}: p95 ${result.zoom[chart].p95.toFixed(1)} ms, at full range ${result.zoom[chart].full.p95.toFixed(1)} ms`,
    );
  }
  result.problems = problems;
  await context.close();
  return result;
}

async function coldLoad(browser, server, root, path) {
  const runs = [];
  for (let n = 0; n < LOADS; n++) {
    const { page, context } = await openPage(browser, `${server.url}${path}`);
    await settle(page, 1000);
    const r = await page.evaluate(() => {
      const firsts = new Map();
      for (const r of window.__bench.renders) if (!firsts.has(r.chart)) firsts.set(r.chart, r.t);
      const resources = performance.getEntriesByType('resource');
      const nav = performance.getEntriesByType('navigation')[0];
      return {
        firstChart: Math.min(...firsts.values()),
        allCharts: Math.max(...firsts.values()),
        charts: firsts.size,
        bytes: nav.encodedBodySize + resources.reduce((s, e) => s + e.encodedBodySize, 0),
        requests: 1 + resources.length,
        paths: [new URL(nav.name).pathname, ...resources.map((e) => new URL(e.name).pathname)],
        longestTask: window.__bench.longTasks.reduce((m, t) => Math.max(m, t.duration), 0),
        longestRendering: window.__bench.longTasks
          .filter((t) => t.kind === 'rendering')
          .reduce((m, t) => Math.max(m, t.duration), 0),
      };
    });
    r.gzipBytes = r.paths.reduce((s, p) => {
      try {
        return s + gzipSync(readFileSync(join(root, p.endsWith('/') ? `${p}index.html` : p)), { level: 9 }).length;
      } catch {
        return s;
      }
    }, 0);
    runs.push(r);
    await context.close();
  }
  const med = (key) =>
    quantile(
      runs.map((r) => r[key]),
      0.5,
    );
  return {
    firstChart: med('firstChart'),
    allCharts: med('allCharts'),
    charts: runs[0].charts,
    bytes: med('bytes'),
    gzipBytes: med('gzipBytes'),
    requests: med('requests'),
    longestTask: Math.max(...runs.map((r) => r.longestTask)),
    longestRendering: Math.max(...runs.map((r) => r.longestRendering)),
    runs: runs.length,
  };
}

const vite = await startVite({ listen: false });
let browser;
const servers = [];
try {
  const { serveDirectory, STRICT_CSP } = await loader(vite)('tests/browser/support/static-server.ts');
  const siteRoot = join(repoRoot, 'build/site');
  const embedRoot = join(repoRoot, 'build/embed');
  const site = await serveDirectory(siteRoot, { 'content-security-policy': STRICT_CSP });
  const embed = await serveDirectory(embedRoot, { 'content-security-policy': STRICT_CSP });
  servers.push(site, embed);
  browser = await chromium.launch({
    executablePath: args.chromium,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const started = machine();
  const result = {
    mode: args.quick ? 'quick' : 'full',
    environment: {
      ...started,
      runtime: `Chromium ${browser.version()} (headless)`,
      samples: SAMPLES,
      dragMs: DRAG_MS,
      cpuThrottle,
    },
    presets: [],
    loads: {},
  };
  for (const preset of presets) result.presets.push(await runPreset(browser, site, preset));
  if (!skip.has('loads')) {
    result.loads.explorer = await coldLoad(browser, site, siteRoot, 'index.html');
    result.loads.post = await coldLoad(browser, embed, embedRoot, 'post.html');
  }
  result.environment.loadAverageAtEnd = loadAverageNow();
  const out = args.out ?? `${resultsDir}/${partial ? 'ui-part' : args.quick ? 'ui-quick' : 'ui'}.json`;
  writeJson(out, result);
  if (!partial) process.stdout.write(`${renderUiReport(result)}\n`);
  log(`wrote ${out}`);
  if (!args.quick && !partial && !args.out && !args['no-readme']) {
    regenerateUiReadme(result);
    log('regenerated docs/ui-bench.md between <!-- bench-ui:start --> and <!-- bench-ui:end -->');
  }
} finally {
  await browser?.close();
  for (const s of servers) await s.close();
  await vite.close();
}
