// drawnAlready (web/src/charts/drawn.ts): a chart part is drawn again only
// when what it is drawn from changed; setAttrs and setTexts: within a part
// drawn again, only the values that differ are written. The browser test
// redraw-writes checks the charts that use them; this checks the rules.
import { describe, expect, test } from 'vitest';
import { selectAll } from 'd3-selection';
import { drawnAlready, setAttrs, setTexts } from '../../web/src/charts/drawn.js';

describe('drawnAlready', () => {
  test('false the first time, true for the same inputs, false again when they change', () => {
    const node = {} as Node;
    expect(drawnAlready(node, 'axis', [0, 10, 'p'])).toBe(false);
    expect(drawnAlready(node, 'axis', [0, 10, 'p'])).toBe(true);
    expect(drawnAlready(node, 'axis', [0, 11, 'p'])).toBe(false);
    expect(drawnAlready(node, 'axis', [0, 11, 'p'])).toBe(true);
  });

  test('each part of each node remembers its own inputs', () => {
    const a = {} as Node;
    const b = {} as Node;
    expect(drawnAlready(a, 'grid', [1])).toBe(false);
    expect(drawnAlready(a, 'marks', [1])).toBe(false);
    expect(drawnAlready(b, 'grid', [1])).toBe(false);
    expect(drawnAlready(a, 'grid', [1])).toBe(true);
    expect(drawnAlready(a, 'marks', [2])).toBe(false);
  });
});

/** An element's attributes and text, recording every write (as a MutationObserver would see them). */
class FakeElement {
  readonly attributes = new Map<string, string>();
  readonly writes: string[] = [];
  firstChild = null;
  private text = '';
  getAttribute(name: string): string | null {
    return this.attributes.get(name) ?? null;
  }
  setAttribute(name: string, value: string): void {
    this.writes.push(`${name}=${value}`);
    this.attributes.set(name, value);
  }
  removeAttribute(name: string): void {
    this.writes.push(`-${name}`);
    this.attributes.delete(name);
  }
  get textContent(): string {
    return this.text;
  }
  set textContent(text: string) {
    this.writes.push(`text=${text}`);
    this.text = text;
  }
}

describe('setAttrs and setTexts', () => {
  const draw = (els: FakeElement[], marks: { at: number; label: string }[], dashed: boolean) =>
    selectAll(els as unknown as Element[])
      .data(marks)
      .call(setAttrs, { x1: (m) => m.at, y1: 0, class: 'mark', 'stroke-dasharray': dashed ? '4 2' : null })
      .call(setTexts, (m) => m.label);

  test('the first drawing writes every value; the same drawing again writes nothing', () => {
    const els = [new FakeElement(), new FakeElement()];
    const marks = [
      { at: 10, label: 'p = 3' },
      { at: 20.5, label: 'p + k = 7' },
    ];
    draw(els, marks, true);
    expect(els[1].writes).toEqual(['x1=20.5', 'y1=0', 'class=mark', 'stroke-dasharray=4 2', 'text=p + k = 7']);
    els.forEach((el) => el.writes.splice(0));
    draw(els, marks, true);
    expect(els.flatMap((el) => el.writes)).toEqual([]);
  });

  test('a new drawing writes only the values that differ, and null removes an attribute', () => {
    const els = [new FakeElement(), new FakeElement()];
    draw(
      els,
      [
        { at: 10, label: 'p = 3' },
        { at: 20, label: 'p + k = 7' },
      ],
      true,
    );
    els.forEach((el) => el.writes.splice(0));
    draw(
      els,
      [
        { at: 10, label: 'p = 3' },
        { at: 24, label: 'p + k = 8' },
      ],
      false,
    );
    expect(els[0].writes).toEqual(['-stroke-dasharray']);
    expect(els[1].writes).toEqual(['x1=24', '-stroke-dasharray', 'text=p + k = 8']);
    expect(els[1].getAttribute('x1')).toBe('24');
    expect(els[1].textContent).toBe('p + k = 8');
  });
});
