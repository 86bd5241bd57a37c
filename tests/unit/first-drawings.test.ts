// The charts' first drawings at start-up (web/src/elements/base/first-drawings.ts):
// one at a time, each after a frame, the next only once the one before it is
// shown (or after a bounded wait), and the charts out of sight catching up
// (catch-up.ts) only after them. Frames are a fake 16 ms timer here.
import { afterEach, beforeEach, expect, test, vi } from 'vitest';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance', 'Date'] });
  vi.stubGlobal('window', globalThis);
  vi.stubGlobal('document', { hidden: false });
  vi.stubGlobal('requestAnimationFrame', (frame: () => void) => setTimeout(frame, 16));
  vi.resetModules();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A first drawing whose picture is shown when `show()` is called. */
function drawing(log: string[], name: string) {
  let show = () => {};
  const shown = new Promise<void>((resolve) => (show = resolve));
  return { draw: () => (log.push(name), shown), show: () => show() };
}

test('a chart draws first after a frame, and the next only once its picture is shown', async () => {
  const { drawFirst, drawingFirst } = await import('../../web/src/elements/base/first-drawings.js');
  const log: string[] = [];
  const a = drawing(log, 'a');
  const b = drawing(log, 'b');
  drawFirst(a.draw);
  drawFirst(b.draw);
  expect(log).toEqual([]);
  await vi.advanceTimersByTimeAsync(20);
  expect(log).toEqual(['a']);
  // a's picture is not shown yet: b waits, though frames go by.
  await vi.advanceTimersByTimeAsync(200);
  expect(log).toEqual(['a']);
  a.show();
  await vi.advanceTimersByTimeAsync(20);
  expect(log).toEqual(['a', 'b']);
  expect(drawingFirst()).toBe(true);
  b.show();
  await vi.advanceTimersByTimeAsync(0);
  expect(drawingFirst()).toBe(false);
});

test('a picture never shown (a lost worker answer) holds the next chart back 250 ms, not for ever', async () => {
  const { drawFirst } = await import('../../web/src/elements/base/first-drawings.js');
  const log: string[] = [];
  drawFirst(drawing(log, 'a').draw);
  drawFirst(drawing(log, 'b').draw);
  await vi.advanceTimersByTimeAsync(20);
  expect(log).toEqual(['a']);
  await vi.advanceTimersByTimeAsync(240);
  expect(log).toEqual(['a']);
  await vi.advanceTimersByTimeAsync(30);
  expect(log).toEqual(['a', 'b']);
});

test('a drawing drawn on the page (nothing to wait for) lets the next one go a frame later', async () => {
  const { drawFirst } = await import('../../web/src/elements/base/first-drawings.js');
  const log: string[] = [];
  drawFirst(() => void log.push('a'));
  drawFirst(() => void log.push('b'));
  await vi.advanceTimersByTimeAsync(20);
  expect(log).toEqual(['a']);
  await vi.advanceTimersByTimeAsync(20);
  expect(log).toEqual(['a', 'b']);
});

test('charts out of sight catch up only after the first drawings of those in sight', async () => {
  const { drawFirst } = await import('../../web/src/elements/base/first-drawings.js');
  const { catchUpLater } = await import('../../web/src/elements/base/catch-up.js');
  const log: string[] = [];
  const a = drawing(log, 'a');
  drawFirst(a.draw);
  catchUpLater({ catchUp: () => (log.push('out of sight'), false) });
  // Past the catch-up's own quiet time (250 ms), within the wait for a's picture.
  await vi.advanceTimersByTimeAsync(260);
  expect(log).toEqual(['a']);
  a.show();
  await vi.advanceTimersByTimeAsync(400);
  expect(log).toEqual(['a', 'out of sight']);
});

test('a chart out of sight that computes in its idle moment draws in the next one, before any other chart', async () => {
  const { catchUpLater } = await import('../../web/src/elements/base/catch-up.js');
  const log: string[] = [];
  let computed = false;
  const a = {
    catchUp: () => {
      log.push(computed ? 'a draws' : 'a computes');
      // (a microtask runs when the task that queued it ends: it shows the drawing comes in a task of its own)
      if (!computed) queueMicrotask(() => log.push('task ends'));
      return !computed && (computed = true);
    },
  };
  catchUpLater(a);
  catchUpLater({ catchUp: () => (log.push('b draws'), false) });
  await vi.advanceTimersByTimeAsync(300);
  expect(log).toEqual(['a computes', 'task ends', 'a draws', 'b draws']);
});

test('a chart that computed and then came into sight (or left the page) is not drawn by the catch-up', async () => {
  const { catchUpLater, cancelCatchUp } = await import('../../web/src/elements/base/catch-up.js');
  const log: string[] = [];
  const a = {
    catchUp: () => {
      log.push('a');
      // (after this idle moment, before the next)
      queueMicrotask(() => cancelCatchUp(a));
      return true;
    },
  };
  catchUpLater(a);
  await vi.advanceTimersByTimeAsync(300);
  expect(log).toEqual(['a']);
});

test('a change while charts out of sight catch up pauses them until the changes stop', async () => {
  const { catchUpLater } = await import('../../web/src/elements/base/catch-up.js');
  const log: string[] = [];
  const b = { catchUp: () => (log.push('b'), false) };
  // A drag starts as a catches up: b is asked for every frame for 400 ms.
  const drag = () => {
    for (let t = 0; t < 400; t += 16) setTimeout(() => catchUpLater(b), t);
  };
  catchUpLater({ catchUp: () => (log.push('a'), drag(), false) });
  catchUpLater({ catchUp: () => (log.push('c'), false) });
  await vi.advanceTimersByTimeAsync(260);
  expect(log).toEqual(['a']);
  // Neither c nor b is drawn while the drag goes on, nor in the quiet time after its last change.
  await vi.advanceTimersByTimeAsync(384 + 240);
  expect(log).toEqual(['a']);
  await vi.advanceTimersByTimeAsync(30);
  expect(log).toEqual(['a', 'c', 'b']);
});
