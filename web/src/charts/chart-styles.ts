// The charts' styles as constructable stylesheets (adopted by each shadow
// root that holds a chart): no <style> element and no style attribute, so the
// charts work under a Content-Security-Policy without 'unsafe-inline'.
//
// Theming: set these custom properties anywhere above an element (they
// inherit); each has a light and a dark default following prefers-color-scheme.
//   --phasor-fg, --phasor-muted, --phasor-grid, --phasor-bg, --phasor-surface,
//   --phasor-accent, --phasor-error-fg, --phasor-error-bg, --phasor-font,
//   --phasor-scheme (light | dark: picks the line palette).
import { PANEL_CSS } from './panel-css.js';

const CHART_CSS = `
:host {
  --_fg: var(--phasor-fg, #1f2328);
  --_muted: var(--phasor-muted, #57606a);
  --_grid: var(--phasor-grid, rgba(31, 35, 40, 0.09));
  --_bg: var(--phasor-bg, #ffffff);
  --_surface: var(--phasor-surface, rgba(255, 255, 255, 0.97));
  --_accent: var(--phasor-accent, #cf222e);
  --_error-fg: var(--phasor-error-fg, #a40e26);
  --_error-bg: var(--phasor-error-bg, #ffebe9);
  --_scheme: var(--phasor-scheme, light);
  --_font: var(--phasor-font, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", sans-serif);
  display: block;
  position: relative;
  min-width: 0;
  /* A chart's redraw stays inside it: the page around it needs no new layout or paint. */
  contain: layout paint style;
  color: var(--_fg);
  /* Its own background, so its colours stay legible on any page (a light blog read in dark mode). */
  background: var(--_bg);
  font: 13px/1.45 var(--_font);
}
@media (prefers-color-scheme: dark) {
  :host {
    --_fg: var(--phasor-fg, #e6edf3);
    --_muted: var(--phasor-muted, #9ea7b3);
    --_grid: var(--phasor-grid, rgba(230, 237, 243, 0.12));
    --_bg: var(--phasor-bg, #0d1117);
    --_surface: var(--phasor-surface, rgba(22, 27, 34, 0.97));
    --_accent: var(--phasor-accent, #ff7b72);
    --_error-fg: var(--phasor-error-fg, #ffa198);
    --_error-bg: var(--phasor-error-bg, rgba(248, 81, 73, 0.15));
    --_scheme: var(--phasor-scheme, dark);
  }
}
.frame {
  position: relative;
  width: 100%;
  touch-action: pan-y;
  outline: none;
}
.layer { position: absolute; left: 0; top: 0; display: block; }
canvas.layer { pointer-events: none; }
svg.back { pointer-events: none; }
svg.front { cursor: crosshair; overflow: visible; }
svg text { fill: var(--_fg); font-family: var(--_font); }
.axis { font-size: 11px; }
.axis path, .axis line { stroke: var(--_muted); shape-rendering: crispEdges; }
.axis text { fill: var(--_muted); font-variant-numeric: tabular-nums; }
.axis-title, .bar-title { fill: var(--_fg); font-size: 12px; }
.grid line { stroke: var(--_grid); shape-rendering: crispEdges; }
.marker { stroke: var(--_fg); stroke-width: 1.25; stroke-dasharray: 5 3; fill: none; }
.marker-label { fill: var(--_fg); font-size: 11px; font-weight: 600; paint-order: stroke; stroke: var(--_bg); stroke-width: 3px; stroke-linejoin: round; }
.cursor { stroke: var(--_fg); stroke-opacity: 0.55; stroke-width: 1; fill: none; shape-rendering: crispEdges; }
.cursor-dot { stroke: var(--_bg); stroke-width: 1.5; }
/* Marks over a heatmap: full strength with a halo, readable on any colour. */
.cursor.on-image { stroke-opacity: 1; stroke-width: 1.5; }
/* A halo is a wider copy drawn under a mark in the background colour. (Not a drop-shadow filter: a filtered
   mark made Chromium sort the page's paint into layers again at every change of its SVG.) */
.cursor-halo, .mark-halo { fill: none; stroke: var(--_bg); shape-rendering: crispEdges; }
.cursor-halo { stroke-width: 4.5; }
.note { fill: var(--_muted); font-size: 11px; }
.band { fill: var(--_fg); fill-opacity: 0.06; }
.band-edge { stroke: var(--_muted); stroke-dasharray: 3 3; shape-rendering: crispEdges; }
/* Over the whole chart, with a wash too faint to see (a change of 1/1000 of black): it keeps the bounds of
   what the layer paints fixed as the box moves (tooltip.ts). */
.tooltip-layer {
  position: absolute;
  inset: 0;
  z-index: 2;
  display: flex;
  box-sizing: border-box;
  pointer-events: none;
  background: rgba(0, 0, 0, 0.001);
}
.tooltip {
  flex: none;
  padding: 5px 9px;
  border: 1px solid var(--_grid);
  border-radius: 6px;
  background: var(--_surface);
  color: var(--_fg);
  box-shadow: 0 2px 10px rgba(0, 0, 0, 0.18);
  font-size: 12px;
  line-height: 1.4;
  white-space: nowrap;
  font-variant-numeric: tabular-nums;
}
.tooltip[hidden] { display: none; }
.tip-head { font-weight: 600; }
.legend {
  display: flex;
  flex-wrap: wrap;
  gap: 2px 14px;
  margin: 2px 0 0;
  padding: 0;
  list-style: none;
  font-size: 12px;
  color: var(--_muted);
}
.legend li { display: inline-flex; align-items: center; gap: 6px; }
/* A series' line, drawn by the background: its colour is data, kept in forced-colours mode too. */
.legend .swatch { flex: none; width: 20px; forced-color-adjust: none; }
.legend li.highlighted { color: var(--_fg); font-weight: 700; outline: 2px solid var(--_accent); outline-offset: 1px; border-radius: 3px; }
/* Marks: p and p + k on the heatmap and the distance matrix. */
.mark-p, .mark-pk { stroke-width: 1.5; fill: none; shape-rendering: crispEdges; }
.mark-halo { stroke-width: 3.5; }
.mark-halo.dashed { stroke-dasharray: 5 3; }
.mark-p { stroke: var(--_fg); }
.mark-pk { stroke: var(--_fg); stroke-dasharray: 5 3; }
.mark-label { fill: var(--_fg); font-size: 11px; font-weight: 700; paint-order: stroke; stroke: var(--_bg); stroke-width: 3px; stroke-linejoin: round; }
/* A term of the text highlighted in the chart (the highlight attribute): an outline in the accent colour, above the data. */
.highlight { pointer-events: none; }
.highlight .hl { fill: none; stroke: var(--_accent); stroke-width: 3; }
.highlight .hl-halo { fill: none; stroke: var(--_bg); stroke-width: 6; }
.highlight .hl-fill { fill: var(--_accent); fill-opacity: 0.18; stroke: var(--_accent); stroke-width: 2; }
.visually-hidden {
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  padding: 0;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
  border: 0;
}
.aliasing { fill: var(--_fg); fill-opacity: 0.07; }
.note-strong { fill: var(--_fg); font-size: 11px; }
/* Positioned, so it paints as a layer of its own (nothing moves): when a new number re-wraps its words, the
   paint chunk they are in keeps its identity, and Chromium does not sort the page's paint into layers again. */
.caption { position: relative; margin: 4px 0 0; color: var(--_muted); font-size: 12px; font-variant-numeric: tabular-nums; }
.caption strong { color: var(--_fg); font-weight: 600; }
/* Focus is always visible: a solid ring in the accent colour. */
.frame:focus-visible { outline: 2px solid var(--_accent); outline-offset: 2px; }
`;

const sheets = new Map<string, CSSStyleSheet>();

/** One shared CSSStyleSheet per CSS text (all charts of a kind adopt the same object). */
export function sheet(css: string): CSSStyleSheet {
  let s = sheets.get(css);
  if (!s) {
    s = new CSSStyleSheet();
    s.replaceSync(css);
    sheets.set(css, s);
  }
  return s;
}

/** The chart primitives' styles and the theme's custom properties (on :host). */
export const chartSheet = (): CSSStyleSheet => sheet(CHART_CSS);

/** The stylesheet of charts made of LinePanels. */
export const panelSheet = (): CSSStyleSheet => sheet(PANEL_CSS);
