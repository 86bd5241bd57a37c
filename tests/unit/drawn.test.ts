// drawnAlready (web/src/charts/drawn.ts): a chart part is drawn again only
// when what it is drawn from changed. The browser test redraw-writes checks
// the charts that use it; this checks the rule itself.
import { describe, expect, test } from 'vitest';
import { drawnAlready } from '../../web/src/charts/drawn.js';

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
