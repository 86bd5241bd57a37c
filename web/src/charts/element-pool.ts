// Elements of a chart that come and go with its data (an axis's ticks, the
// grid's lines) are kept and hidden, not removed: Chromium sorts the whole
// page's paint into compositor layers again in the frame after an element is
// added to or removed from an SVG, where showing or hiding one that is there
// costs only a repaint. A pool grows to the most elements ever shown at once.

/** The pool of each kind in a parent, in order. */
const pools = new WeakMap<Element, Map<string, Element[]>>();

/**
 * `count` elements of `kind` in `parent`, in order, each shown with the class
 * `kind`; the pool's others are hidden (class `spare`, display none), so no
 * selector of the kind finds them. `create` makes a new one when the pool
 * has too few: the first is appended to `parent`, the next after the pool's last.
 */
export function pooled<E extends Element>(parent: Element, kind: string, count: number, create: () => E): E[] {
  let kinds = pools.get(parent);
  if (!kinds) pools.set(parent, (kinds = new Map()));
  const pool = (kinds.get(kind) ?? []) as E[];
  kinds.set(kind, pool);
  while (pool.length < count) {
    const element = create();
    // After the pool's last, not at the end: anything drawn after the pool (a turned title is a paint chunk
    // of its own) stays after it, and the pool stays in the chunk whose bounds are pinned (plot-group.ts).
    const last = pool.at(-1);
    if (last) last.after(element);
    else parent.append(element);
    pool.push(element);
  }
  pool.forEach((element, n) => {
    const shown = n < count;
    if (element.getAttribute('class') !== (shown ? kind : 'spare'))
      element.setAttribute('class', shown ? kind : 'spare');
    if (shown) element.removeAttribute('display');
    else if (element.getAttribute('display') !== 'none') element.setAttribute('display', 'none');
  });
  return pool.slice(0, count);
}
