// Drawing a part of a chart again from the inputs it was drawn from is not
// free: Chromium invalidates style, layout and paint on every attribute or
// text set, even to the value already there, and d3 sets them all. A drag
// usually changes the data and leaves the axes, grid, marks and captions as
// they were (a trace of one chart update: more than 9 in 10 of its DOM writes
// set the value already there). So each part remembers what it was last
// drawn from and is skipped when that is unchanged.

const drawnFrom = new WeakMap<Node, Map<string, string>>();

/**
 * true when `part` of `node` was last drawn from the same `inputs` (skip the
 * drawing); otherwise records them and returns false (draw it). `inputs` must
 * be JSON: numbers, strings, arrays and plain objects.
 */
export function drawnAlready(node: Node, part: string, inputs: unknown): boolean {
  const key = JSON.stringify(inputs);
  let parts = drawnFrom.get(node);
  if (!parts) drawnFrom.set(node, (parts = new Map()));
  if (parts.get(part) === key) return true;
  parts.set(part, key);
  return false;
}

/** Sets `node`'s text, unless it already reads that. */
export function setText(node: Node, text: string): void {
  if (node.textContent !== text) node.textContent = text;
}

/** Sets an attribute, unless it already has that value. */
export function setAttr(el: Element, name: string, value: string): void {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}

/** Replaces `el`'s content with `parts` (text and elements), unless it already shows the same. */
export function setContent(el: Element, ...parts: (string | Element)[]): void {
  const key = parts.map((p) => (typeof p === 'string' ? p : `<${p.localName}>${p.textContent}`));
  if (!drawnAlready(el, 'content', key)) el.replaceChildren(...parts);
}
