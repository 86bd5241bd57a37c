// Drawing a part of a chart again from the inputs it was drawn from is not
// free: Chromium invalidates style, layout and paint on every attribute or
// text set, even to the value already there, and d3 sets them all. A drag
// usually changes the data and leaves the axes, grid, marks and captions as
// they are, so most of a redraw's DOM writes would set the value already
// there. So each part remembers what it was last drawn from and is skipped
// when that is unchanged; within a part that is drawn, each write whose value
// is already there is skipped (setAttrs, setTexts).

import type { BaseType, Selection } from 'd3-selection';

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

/**
 * Sets `node`'s text, unless it already reads that. A lone text child is
 * changed in place: textContent would remove it and insert a new one, which
 * the page must style and lay out afresh, in every frame of a drag.
 */
export function setText(node: Node, text: string): void {
  if (node.textContent === text) return;
  const only = node.firstChild;
  if (only !== null && only === node.lastChild && only.nodeType === Node.TEXT_NODE && text !== '')
    (only as Text).data = text;
  else node.textContent = text;
}

/** Sets an attribute, unless it already has that value. */
export function setAttr(el: Element, name: string, value: string): void {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}

/** Sets an inline style property, unless it already has that value. */
export function setStyle(el: Element & ElementCSSInlineStyle, name: string, value: string): void {
  if (el.style.getPropertyValue(name) !== value) el.style.setProperty(name, value);
}

/** An attribute's value for each element of a selection, as d3's `attr` takes it (null removes it). */
type AttrValue<D> = string | number | null | ((datum: D, index: number) => string | number | null);

/**
 * d3's `attr` for several attributes, skipping each write whose value is
 * already there; for `selection.call(setAttrs, { x: (d) => d.x, … })`.
 */
export function setAttrs<E extends BaseType, D, P extends BaseType, PD>(
  selection: Selection<E, D, P, PD>,
  values: Readonly<Record<string, AttrValue<D>>>,
): void {
  const entries = Object.entries(values);
  selection.each(function (datum, index) {
    const el = this as Element;
    for (const [name, value] of entries) {
      const v = typeof value === 'function' ? value(datum, index) : value;
      if (v === null) el.removeAttribute(name);
      else setAttr(el, name, String(v));
    }
  });
}

/** d3's `text`, skipping each element that already reads its text; for `selection.call(setTexts, (d) => d.label)`. */
export function setTexts<E extends BaseType, D, P extends BaseType, PD>(
  selection: Selection<E, D, P, PD>,
  text: (datum: D, index: number) => string | number,
): void {
  selection.each(function (datum, index) {
    setText(this as Element, String(text(datum, index)));
  });
}

/**
 * Replaces `el`'s content with `parts` (text and elements), unless it already
 * shows the same. When only words differ (the same tree of elements with the
 * same attributes), the text nodes are changed in place instead: new nodes
 * would each be styled and laid out afresh in every frame of a drag.
 */
export function setContent(el: Element, ...parts: (string | Element)[]): void {
  const key = parts.map((p) => (typeof p === 'string' ? `text ${p}` : `element ${p.outerHTML}`));
  if (drawnAlready(el, 'content', key)) return;
  const next = parts.map((p) => (typeof p === 'string' ? document.createTextNode(p) : p));
  const old = [...el.childNodes];
  if (old.length === next.length && next.every((node, n) => sameShape(old[n], node)))
    next.forEach((node, n) => copyText(old[n], node));
  else el.replaceChildren(...next);
}

/** The same elements with the same attributes, down to the text nodes (whose words may differ). */
function sameShape(old: Node, next: Node): boolean {
  if (next.nodeType === Node.TEXT_NODE) return old.nodeType === Node.TEXT_NODE;
  if (!(old instanceof Element) || !(next instanceof Element)) return false;
  if (old.localName !== next.localName || old.attributes.length !== next.attributes.length) return false;
  if (![...next.attributes].every((a) => old.getAttribute(a.name) === a.value)) return false;
  const children = old.childNodes;
  return (
    children.length === next.childNodes.length &&
    [...next.childNodes].every((child, n) => sameShape(children[n], child))
  );
}

function copyText(old: Node, next: Node): void {
  if (next.nodeType === Node.TEXT_NODE) {
    if ((old as Text).data !== (next as Text).data) (old as Text).data = (next as Text).data;
    return;
  }
  next.childNodes.forEach((child, n) => copyText(old.childNodes[n], child));
}
