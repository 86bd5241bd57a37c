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
//   ... [--preset <text>] [--control <name>] [--chart <text>] [--skip drags,zoom,loads,hover]
//   ... [--cpu-throttle <rate>] [--phone] [--busy]
// The filters (each may be repeated) measure a part: presets whose name or
// query contains the text, controls by name (d_model, base, ...), charts
// whose label contains the text; a filtered run never touches docs/ui-bench.md and
// writes results/ui-part.json unless --out says otherwise. --cpu-throttle
// slows the page's main thread by that factor (CDP Emulation), a machine
// that many times slower; such a run is a part too.
//
// --phone: a phone's CPU (4×, or --cpu-throttle), throttling the page's
// workers too where Chromium allows it (throttle.mjs): the explorer's
// defaults and 4096 × 1024 presets and the example post (its Play
// attributes stepped, zoom by wheel and by the + / − keys, a hover's
// read-out, each Play run for 2 s as a drag), pointer hovers on the
// explorer's charts too, and the cold loads with their start-up long tasks;
// then the floors of this machine: the post loaded without its script, and a
// hover on it whose only answer is one text change (floorHover).
// Writes results/ui-phone.json and the "Phone" section of docs/ui-bench.md
// (a filtered or --quick phone run writes a part and leaves the docs alone).
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { loadAverageNow, loader, machine, repoRoot, resultsDir, startVite, writeJson } from '../launch.mjs';
import { definePageFunctions, measureSteps, quantile, scrollTo, settle, stepSummary, summary } from './measure.mjs';
import { regeneratePhoneReadme, renderPhoneReport } from './phone-report.mjs';
import { regenerateUiReadme, renderUiReport } from './report.mjs';
import { calibrate, throttlePage } from './throttle.mjs';

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
    'cpu-throttle': { type: 'string' },
    phone: { type: 'boolean', default: false },
    busy: { type: 'boolean', default: false },
  },
});
const phone = args.phone;
const PHONE_RATE = 4;
const cpuThrottle = Number(args['cpu-throttle'] ?? (phone ? PHONE_RATE : 1));
if (!(cpuThrottle >= 1))
  throw new Error(`bench:ui: --cpu-throttle must be a number of at least 1; got ${args['cpu-throttle']}`);
const partial = Boolean(
  args.preset || args.control || args.chart || args.skip || cpuThrottle !== (phone ? PHONE_RATE : 1),
);
const skip = new Set(args.skip.split(',').filter(Boolean));
const wanted = (list, text) => !list || list.some((w) => text.includes(w));

// A run that regenerates the docs' tables starts on a quiet machine: with
// other work on the cores (a test run, a build) every time in the table
// grows, and the table would state the load without saying what it did to
// the numbers. The builds that `npm run bench:ui` runs first raise the load
// for a minute, so the run waits up to QUIET_WAIT_MS for it to fall, then
// refuses; --busy runs anyway.
const writesDocs = !args.quick && !partial && !args.out && !args['no-readme'];
const cores = os.availableParallelism?.() ?? os.cpus().length;
const QUIET_WAIT_MS = 180_000;
if (writesDocs && !args.busy) {
  const giveUp = Date.now() + QUIET_WAIT_MS;
  while (loadAverageNow() > cores / 2 && Date.now() < giveUp) {
    process.stderr.write(
      `bench:ui: waiting for the 1-minute load average (${loadAverageNow().toFixed(2)}) to fall to ${cores / 2}\n`,
    );
    await new Promise((resolve) => setTimeout(resolve, 10_000));
  }
  if (loadAverageNow() > cores / 2)
    throw new Error(
      `bench:ui: the 1-minute load average is ${loadAverageNow().toFixed(2)} on ${cores} cores: wait until the machine is quiet (at most ${cores / 2}), or pass --busy to measure anyway`,
    );
}

const SAMPLES = args.quick ? 8 : 30;
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
/** The phone run: the sizes a post embeds, the example post itself, and the largest preset. */
const PHONE_PRESETS = [PRESETS[0], { name: 'example post', page: 'post.html' }, PRESETS[3]];
const presets = (phone ? PHONE_PRESETS : args.quick ? [PRESETS[0], PRESETS[3]] : PRESETS).filter((p) =>
  wanted(args.preset, `${p.name} ${p.query ?? p.page}`),
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

const log = (text) => process.stderr.write(`bench:ui: ${text}\n`);

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
  return stepSummary(steps, chart, cpuThrottle);
}

/** Input → painted result of another kind of step (a post's attribute, a hover, a zoom key) on one chart. */
async function stepLatency(page, chart, stepName, arg, probe = 'step') {
  await scrollTo(page, chart);
  const steps = await measureSteps(page, SAMPLES, stepName, arg, chart, probe);
  if (stepName === 'attributeStep') await page.evaluate((arg) => window.attributeStep(arg, -1), arg);
  await settle(page, 200);
  return stepSummary(steps, chart, cpuThrottle);
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
  return page.evaluate((span) => window.dragStats(span), { start, end });
}

/** A chart's Play button pressed for as long as a drag lasts: the post's drag. */
async function play(page, chart) {
  await scrollTo(page, chart);
  const start = await page.evaluate((label) => {
    window.__dragFrames = window.__bench.recordFrames();
    window.pressPlay(label);
    return performance.now();
  }, chart);
  await page.waitForTimeout(DRAG_MS);
  const end = await page.evaluate((label) => (window.pressPlay(label), performance.now()), chart);
  await page.waitForTimeout(1200);
  return page.evaluate((span) => window.dragStats(span), { start, end });
}

/** Charts with a read-out under the pointer (an SVG front layer). */
const hoverable = (page, charts) =>
  page.evaluate((charts) => charts.filter((c) => window.chartElement(c).shadowRoot.querySelector('svg.front')), charts);

async function hovers(page, charts, preset) {
  const out = {};
  for (const chart of await hoverable(page, charts)) {
    out[chart] = await stepLatency(page, chart, 'hoverStep', chart, 'stepDom');
    await page.evaluate((label) => {
      const front = window.chartElement(label).shadowRoot.querySelector('svg.front');
      front.dispatchEvent(new PointerEvent('pointerleave', { bubbles: false }));
    }, chart);
    log(
      `${preset.name}: hover → ${chart}: median ${out[chart].median.toFixed(1)} ms, p95 ${out[chart].p95.toFixed(1)} ms`,
    );
  }
  return out;
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

/** Per page, the workers it started and whether Chromium took the throttle for each (throttle.mjs fills them in as they start). */
const pageWorkers = [];

/** `rewrite`: changes the page's HTML as it is served (the post without phasor). */
async function openPage(browser, url, rewrite) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  if (rewrite)
    await page.route(url, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: rewrite(await response.text()) });
    });
  if (cpuThrottle !== 1) pageWorkers.push(await throttlePage(context, page, cpuThrottle));
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
  return finish({ page, context, problems }, charts, preset, result, phone);
}

/** What every page's run ends with: the zooms, a hover over each chart (when `hover`), the page's problems. */
async function finish({ page, context, problems }, charts, preset, result, hover) {
  await zooms(page, charts, preset, result);
  if (hover && !skip.has('hover'))
    result.latency.hover = await hovers(
      page,
      charts.filter((c) => wanted(args.chart, c)),
      preset,
    );
  result.problems = problems;
  await context.close();
  return result;
}

async function zooms(page, charts, preset, result) {
  for (const chart of charts.filter((c) => ZOOMABLE.includes(c) && !skip.has('zoom') && wanted(args.chart, c))) {
    result.zoom[chart] = await zoom(page, chart);
    log(
      `${preset.name}: zoom ${chart}: p95 ${result.zoom[chart].p95.toFixed(1)} ms, at full range ${result.zoom[chart].full.p95.toFixed(1)} ms`,
    );
  }
}

/**
 * The example post: no controls, so its charts' own inputs: each `play`
 * attribute stepped as the Play button steps it (and the button pressed for
 * a drag's time), zoom by the + and − keys and by Ctrl+wheel, a hover's
 * read-out on each chart.
 */
async function runPost(browser, server, preset) {
  const { page, context, problems } = await openPage(browser, `${server.url}${preset.page}`);
  await settle(page, 800);
  const charts = await page.evaluate(() => window.chartsOnPage());
  const result = { name: preset.name, query: preset.page, charts, latency: {}, drags: {}, zoom: {} };
  const players = await page.evaluate(
    (charts) =>
      charts
        .map((chart) => ({ chart, attribute: window.chartElement(chart).getAttribute('play') }))
        .filter((p) => p.attribute),
    charts,
  );
  for (const { chart, attribute } of players.filter((p) => wanted(args.chart, p.chart))) {
    const name = `${attribute} (play)`;
    const r = ((result.latency[name] ??= {})[chart] = await stepLatency(page, chart, 'attributeStep', {
      chart,
      attribute,
    }));
    log(
      `${preset.name}: ${name} → ${chart}: median ${r.median.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms (work ${r.work.median.toFixed(1)} ms)`,
    );
    if (!skip.has('drags')) (result.drags[name] ??= {})[chart] = await play(page, chart);
  }
  const zoomable = charts.filter((c) => ZOOMABLE.includes(c) && !skip.has('zoom') && wanted(args.chart, c));
  if (zoomable.length) result.latency['+ / − keys'] = {};
  for (const chart of zoomable) {
    const r = (result.latency['+ / − keys'][chart] = await stepLatency(page, chart, 'keyZoomStep', chart));
    await page.evaluate(
      (label) =>
        window
          .chartElement(label)
          .shadowRoot.querySelector('.frame')
          .dispatchEvent(new KeyboardEvent('keydown', { key: '0', bubbles: true })),
      chart,
    );
    log(`${preset.name}: + / − keys → ${chart}: median ${r.median.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms`);
  }
  return finish({ page, context, problems }, charts, preset, result, true);
}

/** The post's HTML without its phasor script: the page's own text alone, the floor of a load on this machine. */
const withoutPhasor = (html) => html.replace(/<script[^>]*phasor-embed\.js[^>]*><\/script>/, '');

async function coldLoad(browser, server, root, path, { bare = false } = {}) {
  const runs = [];
  for (let n = 0; n < LOADS; n++) {
    const { page, context } = await openPage(browser, `${server.url}${path}`, bare ? withoutPhasor : undefined);
    await settle(page, 1000);
    const r = await page.evaluate(() => {
      const firsts = new Map();
      for (const r of window.__bench.renders) if (!firsts.has(r.chart)) firsts.set(r.chart, r.t);
      const resources = performance.getEntriesByType('resource');
      const nav = performance.getEntriesByType('navigation')[0];
      return {
        firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
        firstChart: firsts.size ? Math.min(...firsts.values()) : null,
        allCharts: firsts.size ? Math.max(...firsts.values()) : null,
        charts: firsts.size,
        bytes: nav.encodedBodySize + resources.reduce((s, e) => s + e.encodedBodySize, 0),
        requests: 1 + resources.length,
        paths: [new URL(nav.name).pathname, ...resources.map((e) => new URL(e.name).pathname)],
        longestTask: window.__bench.longTasks.reduce((m, t) => Math.max(m, t.duration), 0),
        longTasks: window.__bench.longTasks.map((t) => ({
          ...t,
          start: Math.round(t.start),
          duration: Math.round(t.duration),
        })),
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
  const med = (key) => {
    const values = runs.map((r) => r[key]).filter((v) => v !== null);
    return values.length ? quantile(values, 0.5) : null;
  };
  return {
    firstPaint: med('firstPaint'),
    firstChart: med('firstChart'),
    allCharts: med('allCharts'),
    charts: runs[0].charts,
    bytes: med('bytes'),
    gzipBytes: med('gzipBytes'),
    requests: med('requests'),
    longestTask: Math.max(...runs.map((r) => r.longestTask)),
    longestRendering: Math.max(...runs.map((r) => r.longestRendering)),
    runs: runs.length,
    ...(phone && { longTasks: runs.map((r) => r.longTasks) }),
  };
}

/**
 * The floor of a pair on this machine: the post without phasor, with a box
 * the size of a chart whose only answer to a hover is one text change in its
 * shadow root (the least a chart's read-out does), measured as a chart's hover is.
 */
async function floorHover(browser, server) {
  const { page, context } = await openPage(browser, `${server.url}post.html`, withoutPhasor);
  await settle(page, 800);
  await page.evaluate(() => {
    customElements.define(
      'bench-readout',
      class extends HTMLElement {
        constructor() {
          super();
          const root = this.attachShadow({ mode: 'open' });
          const front = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
          front.setAttribute('class', 'front');
          front.setAttribute('width', '640');
          front.setAttribute('height', '300');
          const readout = document.createElement('span');
          Object.assign(readout.style, { position: 'absolute', left: '0', top: '0' });
          root.append(front, readout);
          front.addEventListener('pointermove', (event) => {
            readout.textContent = `x ${event.offsetX}, y ${event.offsetY}`;
            readout.style.transform = `translate(${event.offsetX}px, ${event.offsetY}px)`;
          });
        }

        connectedCallback() {
          Object.assign(this.style, { position: 'relative', display: 'block' });
        }
      },
    );
    document.querySelector('article p').after(document.createElement('bench-readout'));
  });
  const hover = await stepLatency(page, 'bench-readout', 'hoverStep', 'bench-readout', 'stepDom');
  await context.close();
  log(
    `floor: hover → a plain read-out on the post without phasor: median ${hover.median.toFixed(1)} ms, p95 ${hover.p95.toFixed(1)} ms`,
  );
  return { hover };
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
  if (phone) {
    result.environment.throttleCheck = await calibrate(browser, cpuThrottle);
    log(`throttle check: ${JSON.stringify(result.environment.throttleCheck)}`);
  }
  for (const preset of presets)
    result.presets.push(await (preset.page ? runPost(browser, embed, preset) : runPreset(browser, site, preset)));
  if (!skip.has('loads')) {
    result.loads.explorer = await coldLoad(browser, site, siteRoot, 'index.html');
    result.loads.post = await coldLoad(browser, embed, embedRoot, 'post.html');
    if (phone) result.loads.postWithoutPhasor = await coldLoad(browser, embed, embedRoot, 'post.html', { bare: true });
  }
  if (phone && !skip.has('hover')) result.floor = await floorHover(browser, embed);
  result.environment.loadAverageAtEnd = loadAverageNow();
  if (cpuThrottle !== 1) result.environment.workers = pageWorkers.flat();
  const name = phone ? 'ui-phone' : 'ui';
  const out = args.out ?? `${resultsDir}/${partial ? 'ui-part' : args.quick ? `${name}-quick` : name}.json`;
  writeJson(out, result);
  if (phone) process.stdout.write(`${renderPhoneReport(result)}\n`);
  else if (!partial) process.stdout.write(`${renderUiReport(result)}\n`);
  log(`wrote ${out}`);
  if (writesDocs) {
    if (phone) regeneratePhoneReadme(result);
    else regenerateUiReadme(result);
    log(`regenerated docs/ui-bench.md's ${phone ? 'phone' : 'desktop'} section`);
  }
} finally {
  await browser?.close();
  for (const s of servers) await s.close();
  await vite.close();
}
