// pinBounds (web/src/charts/plot-group.ts): a group of marks starts with one
// transparent rect over its whole SVG, whatever the group holds and however
// often it is drawn, so its paint bounds stay put while its marks move. The
// browser test paint-bounds counts what that saves in Chromium.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pinBounds } from '../../web/src/charts/plot-group.js';

/** As much of an SVG element as pinBounds uses. */
class FakeElement {
  readonly attributes = new Map<string, string>();
  readonly children: FakeElement[] = [];
  constructor(readonly localName: string) {}
  get firstElementChild(): FakeElement | null {
    return this.children[0] ?? null;
  }
  getAttribute(name: string): string | null {
    return this.attributes.get(name) ?? null;
  }
  setAttribute(name: string, value: string): void {
    this.attributes.set(name, value);
  }
  matches(selector: string): boolean {
    const [tag, cls] = selector.split('.');
    return this.localName === tag && (this.getAttribute('class') ?? '').split(' ').includes(cls);
  }
  prepend(child: FakeElement): void {
    this.children.unshift(child);
  }
  append(child: FakeElement): void {
    this.children.push(child);
  }
}

const realDocument = globalThis.document;
beforeAll(() => {
  (globalThis as { document?: unknown }).document = {
    createElementNS: (_ns: string, tag: string) => new FakeElement(tag),
  };
});
afterAll(() => {
  (globalThis as { document?: unknown }).document = realDocument;
});

function svgOf(width: number, height: number): FakeElement {
  const svg = new FakeElement('svg');
  svg.setAttribute('width', String(width));
  svg.setAttribute('height', String(height));
  return svg;
}

const pin = (g: FakeElement, svg: FakeElement, origin: { left: number; top: number }, rotate = 0) =>
  pinBounds(g as unknown as SVGGElement, svg as unknown as SVGSVGElement, origin, rotate);

const extentOf = (g: FakeElement) => {
  const rect = g.children[0];
  return {
    element: `${rect.localName}.${rect.getAttribute('class')}`,
    box: ['x', 'y', 'width', 'height'].map((a) => rect.getAttribute(a)),
    fill: rect.getAttribute('fill'),
    pointerEvents: rect.getAttribute('pointer-events'),
  };
};

describe('pinBounds', () => {
  test("puts a transparent rect over the SVG first in the group, in the group's coordinates", () => {
    const g = new FakeElement('g');
    g.append(new FakeElement('line'));
    pin(g, svgOf(640, 300), { left: 48, top: 12 });
    expect(extentOf(g)).toEqual({
      element: 'rect.extent',
      box: ['-48', '-12', '640', '300'],
      fill: 'transparent',
      pointerEvents: 'none',
    });
    expect(g.children.map((c) => c.localName)).toEqual(['rect', 'line']);
  });

  test('keeps one rect through redraws, and follows a new size and origin', () => {
    const g = new FakeElement('g');
    const svg = svgOf(640, 300);
    pin(g, svg, { left: 48, top: 12 });
    g.append(new FakeElement('text'));
    pin(g, svg, { left: 48, top: 12 });
    pin(g, svgOf(360, 420), { left: 40, top: 10 });
    expect(g.children.map((c) => c.localName)).toEqual(['rect', 'text']);
    expect(extentOf(g).box).toEqual(['-40', '-10', '360', '420']);
  });

  test("a mark's own rect first in the group is not taken for the extent", () => {
    const g = new FakeElement('g');
    const cursor = new FakeElement('rect');
    cursor.setAttribute('class', 'cursor');
    g.append(cursor);
    pin(g, svgOf(200, 100), { left: 0, top: 0 });
    expect(g.children.map((c) => c.getAttribute('class'))).toEqual(['extent', 'cursor']);
  });

  // An axis title turned about (x, y): the SVG's corners, taken back through the turn and the translation.
  test('in a group turned by −90° or 90°, the rect still covers the whole SVG', () => {
    const svg = svgOf(640, 300);
    const left = new FakeElement('g');
    // translate(14, 150) rotate(-90): a point (u, v) of the group is (14 + v, 150 − u) in the SVG.
    pin(left, svg, { left: 14, top: 150 }, -90);
    const [x, y, width, height] = extentOf(left).box.map(Number);
    const corners = [
      [x, y],
      [x + width, y + height],
    ].map(([u, v]) => [14 + v, 150 - u]);
    expect([Math.min(corners[0][0], corners[1][0]), Math.max(corners[0][0], corners[1][0])]).toEqual([0, 640]);
    expect([Math.min(corners[0][1], corners[1][1]), Math.max(corners[0][1], corners[1][1])]).toEqual([0, 300]);
    const right = new FakeElement('g');
    // rotate(90): (u, v) is (626 − v, 150 + u).
    pin(right, svg, { left: 626, top: 150 }, 90);
    const [rx, ry, rw, rh] = extentOf(right).box.map(Number);
    expect([626 - (ry + rh), 626 - ry, 150 + rx, 150 + rx + rw]).toEqual([0, 640, 0, 300]);
  });
});
