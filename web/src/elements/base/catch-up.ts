// Charts out of sight redraw after the changes stop, one chart per idle
// moment: each catch-up is a task of its own (a few milliseconds at pixel
// resolution), so a page of many charts never blocks input for long after a
// control is dragged. A chart that computes first draws in the next idle
// moment, before any other chart's turn. A change while they drain (a drag
// going on) pauses them until the changes stop again, so that their tasks
// do not delay the drag's frames. They wait for the first drawings of the
// charts on screen (first-drawings.ts).
import { drawingFirst } from './first-drawings.js';
import { idle } from './idle.js';

const QUIET_MS = 250;
/** How often a catch-up looks again while first drawings go on. */
const AFTER_FIRST_MS = 50;
/** A chart out of sight; catchUp() returns true when it only computed (its drawing is next). */
interface CatchUp {
  catchUp(): boolean;
}
const waiting = new Set<CatchUp>();
/** The chart that computed in the last idle moment and draws in the next. */
let drawingNext: CatchUp | null = null;
/** One timer for every chart waiting, moved on by the latest change rather than set again by each (a control drives a dozen charts). */
let timer = 0;
let lastChange = 0;

const quietFor = (): number => performance.now() - lastChange;

function whenQuiet(): void {
  const left = drawingFirst() ? AFTER_FIRST_MS : QUIET_MS - quietFor();
  if (left > 1) {
    timer = window.setTimeout(whenQuiet, left);
    return;
  }
  timer = 0;
  idle(drainOne);
}

function drainOne(): void {
  // A chart asked for again since it computed computes again.
  if (drawingNext && waiting.has(drawingNext)) drawingNext = null;
  // First drawings going on, or a change since the last catch-up: wait as catchUpLater does.
  if (drawingFirst() || quietFor() < QUIET_MS) {
    if (!timer) whenQuiet();
    return;
  }
  const chart = drawingNext ?? waiting.values().next().value;
  drawingNext = null;
  if (!chart) return;
  waiting.delete(chart);
  if (chart.catchUp()) drawingNext = chart;
  if (drawingNext || waiting.size > 0) idle(drainOne);
}

/** Redraws `chart` once nothing has changed for a moment, in an idle callback of its own. */
export function catchUpLater(chart: CatchUp): void {
  waiting.add(chart);
  lastChange = performance.now();
  if (!timer) timer = window.setTimeout(whenQuiet, QUIET_MS);
}

/** Drops a pending catch-up (the chart was drawn, or left the page). */
export function cancelCatchUp(chart: CatchUp): void {
  waiting.delete(chart);
  if (drawingNext === chart) drawingNext = null;
}
