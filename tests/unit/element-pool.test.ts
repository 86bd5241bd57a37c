// pooled (web/src/charts/element-pool.ts): the elements of a kind are kept
// and hidden, never removed, and a new one joins the pool after its last, so
// what is drawn after the pool stays after it. The browser test paint-bounds
// counts what that saves in Chromium.
import { describe, expect, test } from 'vitest';
import { pooled } from '../../web/src/charts/element-pool.js';

/** As much of an element as pooled uses. */
class FakeElement {
  readonly attributes = new Map<string, string>();
  parent: FakeElement | null = null;
  readonly children: FakeElement[] = [];
  constructor(readonly localName: string) {}
  getAttribute(name: string): string | null {
    return this.attributes.get(name) ?? null;
  }
  setAttribute(name: string, value: string): void {
    this.attributes.set(name, value);
  }
  removeAttribute(name: string): void {
    this.attributes.delete(name);
  }
  append(child: FakeElement): void {
    child.parent = this;
    this.children.push(child);
  }
  after(next: FakeElement): void {
    next.parent = this.parent;
    this.parent!.children.splice(this.parent!.children.indexOf(this) + 1, 0, next);
  }
}

const pool = (parent: FakeElement, count: number) =>
  pooled(
    parent as unknown as Element,
    'tick',
    count,
    () => new FakeElement('g') as unknown as Element,
  ) as unknown as FakeElement[];
/** Each child: its class, and whether it is hidden. */
const drawn = (parent: FakeElement) =>
  parent.children.map((c) => `${c.getAttribute('class')}${c.getAttribute('display') === 'none' ? ' hidden' : ''}`);

describe('pooled', () => {
  test('makes as many as asked, then hides the ones past a smaller count and shows them again', () => {
    const g = new FakeElement('g');
    const first = pool(g, 3);
    expect(drawn(g)).toEqual(['tick', 'tick', 'tick']);
    const fewer = pool(g, 1);
    expect(fewer).toEqual([first[0]]);
    expect(drawn(g)).toEqual(['tick', 'spare hidden', 'spare hidden']);
    const again = pool(g, 3);
    expect(again).toEqual(first);
    expect(drawn(g)).toEqual(['tick', 'tick', 'tick']);
  });

  test('grows after its last element, so what was drawn after the pool stays after it', () => {
    const g = new FakeElement('g');
    pool(g, 2);
    const title = new FakeElement('text');
    title.setAttribute('class', 'axis-title');
    g.append(title);
    const more = pool(g, 4);
    expect(g.children.slice(0, 4)).toEqual(more);
    expect(drawn(g)).toEqual(['tick', 'tick', 'tick', 'tick', 'axis-title']);
  });

  test('each kind has a pool of its own in the same parent', () => {
    const g = new FakeElement('g');
    const gx = pooled(g as unknown as Element, 'gx', 2, () => new FakeElement('line') as unknown as Element);
    const gy = pooled(g as unknown as Element, 'gy', 1, () => new FakeElement('line') as unknown as Element);
    pooled(g as unknown as Element, 'gx', 0, () => new FakeElement('line') as unknown as Element);
    expect(drawn(g)).toEqual(['spare hidden', 'spare hidden', 'gy']);
    expect(gx).not.toContain(gy[0]);
  });
});
