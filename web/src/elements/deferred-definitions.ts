// When the embed and the explorer define their elements: in tasks after the
// page's next frame, one tag per task. Upgrading a chart (its frame, axes and
// observers) is then neither part of the script's own start-up task nor of
// one task for all the charts of a page, and the page's text is on screen
// first. When the first tag's chart is on the screen, it is drawn before the
// next tag is defined (or FIRST_CHART_WAIT_MS has passed): the other tags'
// upgrades would otherwise take the page's thread between the core's loading
// and that first drawing.
import { afterNextFrame } from './base/after-next-frame.js';
import { define, type TaggedElement } from './define-chart.js';

/** How long the other tags wait for the first chart's drawing (a core that fails to load draws nothing). */
const FIRST_CHART_WAIT_MS = 1500;

/** Whether `element` is on the screen now (a chart out of sight draws later: nothing to wait for). */
function inView(element: Element): boolean {
  const box = element.getBoundingClientRect();
  return box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth;
}

/** Calls `then` once a chart has rendered (the bubbling 'phasor-render'), or after FIRST_CHART_WAIT_MS. */
function afterFirstChart(then: () => void): void {
  let done = false;
  const go = () => {
    if (done) return;
    done = true;
    document.removeEventListener('phasor-render', go);
    clearTimeout(timer);
    setTimeout(then, 0);
  };
  document.addEventListener('phasor-render', go);
  const timer = setTimeout(go, FIRST_CHART_WAIT_MS);
}

/**
 * Defines `elements` after the next frame: each tag the page uses in a task
 * of its own, in the order the page first uses them, then the rest at once;
 * `then` runs after the last.
 */
export function defineAfterFirstPaint(elements: readonly TaggedElement[], then: () => void = () => {}): void {
  afterNextFrame(() => {
    const used = elements.map((element) => ({ element, first: document.querySelector(element.tag) }));
    const inTurn = used
      .filter((u): u is { element: TaggedElement; first: Element } => u.first !== null)
      .sort((a, b) => (a.first.compareDocumentPosition(b.first) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    const next = () => {
      const turn = inTurn.shift();
      if (turn) {
        define(turn.element);
        setTimeout(next, 0);
        return;
      }
      // The tags the page does not use yet: nothing to upgrade, so all at once.
      used.forEach(({ element }) => define(element));
      then();
    };
    const opening = inTurn.shift();
    if (!opening) return next();
    // (asked before the upgrade changes the page: after it, the answer would lay the page out again)
    const openingInView = inView(opening.first);
    define(opening.element);
    if (openingInView) afterFirstChart(next);
    else setTimeout(next, 0);
  });
}
