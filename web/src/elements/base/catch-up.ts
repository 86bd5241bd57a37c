// Charts out of sight redraw after the changes stop, one chart per idle
// moment: each catch-up is a task of its own (a few milliseconds at pixel
// resolution), so a page of many charts never blocks input for long after a
// control is dragged.
import { idle } from './idle.js';

const QUIET_MS = 250;
const waiting = new Set<{ catchUp(): void }>();
let timer = 0;

function drainOne(): void {
  const next = waiting.values().next();
  if (next.done) return;
  waiting.delete(next.value);
  next.value.catchUp();
  if (waiting.size > 0) idle(drainOne);
}

/** Redraws `chart` once nothing has changed for a moment, in an idle callback of its own. */
export function catchUpLater(chart: { catchUp(): void }): void {
  waiting.add(chart);
  clearTimeout(timer);
  timer = window.setTimeout(() => idle(drainOne), QUIET_MS);
}

/** Drops a pending catch-up (the chart was drawn, or left the page). */
export function cancelCatchUp(chart: { catchUp(): void }): void {
  waiting.delete(chart);
}
