// When the embed defines its elements: in tasks after the page's next frame,
// one tag per task. Upgrading a chart (its frame, axes and observers) is then
// neither part of the script's own start-up task nor of one task for all the
// charts of a post, and the post's text is on screen first.
import { afterNextFrame } from '../elements/base/after-next-frame.js';
import { define, type TaggedElement } from '../elements/define-chart.js';

/**
 * Defines `elements` after the next frame: each tag the page uses in a task
 * of its own, in the order the page first uses them, then the rest at once;
 * `then` runs after the last.
 */
export function defineAfterFirstPaint(elements: readonly TaggedElement[], then: () => void): void {
  afterNextFrame(() => {
    const used = elements.map((element) => ({ element, first: document.querySelector(element.tag) }));
    const inTurn = used
      .filter((u): u is { element: TaggedElement; first: Element } => u.first !== null)
      .sort((a, b) => (a.first.compareDocumentPosition(b.first) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))
      .map((u) => u.element);
    const next = () => {
      const element = inTurn.shift();
      if (element) {
        define(element);
        setTimeout(next, 0);
        return;
      }
      // The tags the page does not use yet: nothing to upgrade, so all at once.
      used.forEach(({ element }) => define(element));
      then();
    };
    next();
  });
}
