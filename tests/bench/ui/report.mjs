// Renders `npm run bench:ui`'s result (tests/bench/results/ui.json) as
// markdown: the terminal report and the section of docs/ui-bench.md between
// <!-- bench-ui:start --> and <!-- bench-ui:end -->; the phone run's
// (results/ui-phone.json) is phone-report.mjs's.
import { readFileSync, writeFileSync } from 'node:fs';
import { repoRoot } from '../launch.mjs';

const START = '<!-- bench-ui:start -->';
const END = '<!-- bench-ui:end -->';
export const FRAME_MS = 16.7;

export const ms = (v) => (Number.isFinite(v) ? (v >= 100 ? Math.round(v).toString() : v.toFixed(1)) : '—');
export const row = (cells) => `| ${cells.join(' | ')} |`;
export const head = (cells, numericFrom = 1) => [
  row(cells),
  row(cells.map((_, i) => (i >= numericFrom ? '--:' : ':--'))),
];
export const chartName = (label) =>
  label
    .replace(/^phasor-/, '')
    .replace('#0', ' (RoPE/additive)')
    .replace('#1', ' (pairing)');
export const taskText = (v) => (v > 0 ? `**${ms(v)}**` : 'none ≥ 50');
const flag = (v) => (v > FRAME_MS ? `**${ms(v)}**` : ms(v));

export function cells(preset) {
  const all = [];
  for (const [control, charts] of Object.entries(preset.latency))
    for (const [chart, s] of Object.entries(charts)) all.push({ control, chart, ...s });
  return all;
}

function worst(list, key) {
  return list.reduce((w, x) => (x[key] > (w?.[key] ?? -Infinity) ? x : w), null);
}

export function presetSummary(preset) {
  const all = cells(preset);
  const drags = Object.values(preset.drags).flatMap((c) => Object.values(c));
  const zooms = Object.values(preset.zoom);
  const worstP95 = worst(all, 'p95');
  const worstWork = all.reduce((m, x) => Math.max(m, x.work.max), 0);
  const median = all.map((x) => x.median).sort((a, b) => a - b)[Math.floor(all.length / 2)];
  return {
    cells: all.length,
    median,
    worstP95,
    worstWork,
    longestTask: drags.reduce((m, d) => Math.max(m, d.longestTask), 0),
    longestAfter: drags.reduce((m, d) => Math.max(m, d.longestTaskAfter), 0),
    longestGap: drags.reduce((m, d) => Math.max(m, d.longestFrameGap), 0),
    zoomP95: zooms.reduce((m, z) => Math.max(m, z.p95), 0),
    zoomFullP95: zooms.reduce((m, z) => Math.max(m, z.full.p95), 0),
    // Results painted in a later frame than the input's (a computation in slices), and steps with nothing to redraw.
    drawnLater: all
      .filter((x) => x.drawnLater > 0)
      .map((x) => `${x.control} → ${chartName(x.chart)} (${x.drawnLater}/${x.samples})`),
    nothingToRedraw: all
      .filter((x) => x.drawn + (x.drawnLater ?? 0) < x.samples)
      .map((x) => `${x.control} → ${chartName(x.chart)} (${x.samples - x.drawn - (x.drawnLater ?? 0)}/${x.samples})`),
    missedZoomRedraws: Object.entries(preset.zoom)
      .filter(([, z]) => z.drawn < z.samples || z.full.drawn < z.full.samples)
      .map(([c, z]) => `zoom ${chartName(c)} (${z.drawn}/${z.samples}, ${z.full.drawn}/${z.full.samples})`),
  };
}

function summaryTable(result) {
  const lines = head(
    [
      'preset',
      'control × chart pairs',
      'input → painted result, median',
      'p95, worst pair',
      "charts' work per update, max",
      'longest task in 2 s drags',
      'longest task after them',
      'longest frame gap in drags',
      'zoom p95',
      'zoom p95 at 2^31',
    ],
    1,
  );
  for (const preset of result.presets) {
    const s = presetSummary(preset);
    lines.push(
      row([
        preset.name,
        String(s.cells),
        `${ms(s.median)} ms`,
        `${flag(s.worstP95.p95)} ms (${s.worstP95.control} → ${chartName(s.worstP95.chart)})`,
        `${flag(s.worstWork)} ms`,
        taskText(s.longestTask),
        taskText(s.longestAfter),
        `${ms(s.longestGap)} ms`,
        `${flag(s.zoomP95)} ms`,
        `${flag(s.zoomFullP95)} ms`,
      ]),
    );
  }
  return lines;
}

export function detailTable(preset, extra = () => '') {
  const controls = Object.keys(preset.latency).filter((c) => Object.keys(preset.latency[c]).length > 0);
  const charts = preset.charts.filter((chart) => controls.some((c) => preset.latency[c][chart]));
  const lines = head(['chart', ...controls, 'zoom', 'zoom at 2^31']);
  for (const chart of charts) {
    const z = preset.zoom[chart];
    lines.push(
      row([
        chartName(chart),
        ...controls.map((c) => {
          const s = preset.latency[c][chart];
          if (!s) return '';
          const d = preset.drags[c]?.[chart];
          const drag = d ? `, gap ${ms(d.longestFrameGap)}` : '';
          return `${ms(s.median)} / ${flag(s.p95)}${drag}${extra(s)}`;
        }),
        z ? `${ms(z.median)} / ${flag(z.p95)}` : '',
        z ? `${ms(z.full.median)} / ${flag(z.full.p95)}` : '',
      ]),
    );
  }
  return lines;
}

function loadTable(result) {
  const lines = head([
    'page',
    'first chart drawn',
    'all charts drawn',
    'charts',
    'bytes (as served)',
    'gzip',
    'requests',
    'longest start-up task',
  ]);
  for (const [name, l] of Object.entries(result.loads)) {
    const page = name === 'explorer' ? 'explorer (build/site)' : 'example post (build/embed, phasor-embed.js)';
    lines.push(
      row([
        page,
        `${ms(l.firstChart)} ms`,
        `${ms(l.allCharts)} ms`,
        String(l.charts),
        `${Math.round(l.bytes / 1024)} KB`,
        `${Math.round(l.gzipBytes / 1024)} KB`,
        String(l.requests),
        taskText(l.longestTask) + (l.longestRendering > 0 && l.longestRendering >= l.longestTask ? ' (rendering)' : ''),
      ]),
    );
  }
  return lines;
}

export function environmentLine(result) {
  const e = result.environment;
  return `${e.runtime} on ${e.cpu} (${e.cores} cores), ${e.os}, ${e.date}, load average ${e.loadAverage.toFixed(2)} → ${e.loadAverageAtEnd.toFixed(2)}`;
}

export function renderUiSection(result) {
  const lines = [
    '_Generated by `npm run bench:ui` from `tests/bench/results/ui.json`; edit the bench, not this text._',
    '',
    `Measured with ${environmentLine(result)}, at 1280 × 900 CSS px, device pixel ratio 1, on the built explorer and example post served under the strict CSP.`,
    `**Input → painted result**: a control changes at the start of a frame (as Chromium delivers a drag's pointer moves) with the chart scrolled into view, a slider by one step to a value it has not had in this run of steps (one way from the preset's value), another control between its two values; the time runs until the main-thread work (the charts' compute and draw, style, layout, paint) of the frame that shows the chart's new picture is done: the input's own frame, or a later one for a chart that computes in slices between frames; ${result.environment.samples} samples after 3 warm-ups per control and chart, median / p95 in ms. **Drags**: the mouse drags each slider for ${result.environment.dragMs / 1000} s (CDP input) with each chart it drives in view; long tasks are what PerformanceObserver('longtask') reports (50 ms or more) and the rendering part of each 'long-animation-frame' (a rendering update of 50 ms or more, which 'longtask' does not report), the frame gap is the longest interval between animation frames, "after" is the second after the drag (charts out of view catching up). **Zoom**: Ctrl+wheel steps over the plot, in and out in turn, then the same with the view zoomed out to all positions phasor accepts. Bold: over one 60 Hz frame (16.7 ms) or a long task. Source: \`tests/bench/ui/\`.`,
    '',
    ...summaryTable(result),
    '',
    '**Cold load** (median of 5 fresh loads; "all charts" includes those below the fold, drawn in idle time):',
    '',
    ...loadTable(result),
    '',
  ];
  for (const preset of result.presets) {
    const s = presetSummary(preset);
    const notes = [
      s.drawnLater.length
        ? `painted in a later frame than the input's (computing in slices): ${s.drawnLater.join(', ')}`
        : '',
      s.nothingToRedraw.length ? `nothing to redraw: ${s.nothingToRedraw.join(', ')}` : '',
      s.missedZoomRedraws.length ? `zoom steps not redrawn in their frame: ${s.missedZoomRedraws.join(', ')}` : '',
    ].filter(Boolean);
    lines.push(
      `<details><summary>${preset.name} (<code>${preset.query || '(no query)'}</code>): input → painted result, median / p95 in ms per control and chart${notes.map((n) => `; ${n}`).join('')}</summary>`,
      '',
      ...detailTable(preset),
      '',
      '</details>',
      '',
    );
  }
  return lines.join('\n').trimEnd();
}

export function renderUiReport(result) {
  return `## phasor bench:ui (${result.mode})\n\n${renderUiSection(result)}`;
}

export function regenerateUiReadme(result) {
  regenerate(START, END, renderUiSection(result));
}

/** Puts `section` between the markers of docs/ui-bench.md (appended with them when they are missing). */
export function regenerate(startMarker, endMarker, section) {
  const file = `${repoRoot}docs/ui-bench.md`;
  const readme = readFileSync(file, 'utf8');
  const block = `${startMarker}\n${section}\n${endMarker}`;
  const start = readme.indexOf(startMarker);
  const end = readme.indexOf(endMarker);
  const next =
    start >= 0 && end > start
      ? readme.slice(0, start) + block + readme.slice(end + endMarker.length)
      : `${readme.trimEnd()}\n\n${block}\n`;
  writeFileSync(file, next);
}
