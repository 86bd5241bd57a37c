// A phone's slower CPU for bench:ui: CDP's Emulation.setCPUThrottlingRate on
// the page, and the same rate asked of every Worker the page starts, since a
// chart may compute and draw in one.
//
// The workers: Target.setAutoAttach on the page's CDP session pauses each new
// worker until the rate has been sent to it. Playwright's CDPSession cannot
// address the child sessions of a flattened attach (flatten: true), so the
// attach is not flattened and the messages go through
// Target.sendMessageToTarget. Chromium may refuse the rate on a worker
// (Blink's emulation agent serves pages only): each worker's answer is
// recorded, and calibrate() measures what the throttle really does to a busy
// loop on the main thread and in a worker.

/**
 * Throttles `page` (its main thread and, where Chromium allows it, its
 * workers) by `rate`. Returns the list it fills with each worker's outcome:
 * { type, url, applied, error }.
 */
export async function throttlePage(context, page, rate) {
  const session = await context.newCDPSession(page);
  await session.send('Emulation.setCPUThrottlingRate', { rate });
  const workers = [];
  const pending = new Map();
  let id = 0;
  session.on('Target.receivedMessageFromTarget', ({ sessionId, message }) => {
    const reply = JSON.parse(message);
    const key = `${sessionId}/${reply.id}`;
    if (reply.id === undefined || !pending.has(key)) return;
    pending.get(key)(reply);
    pending.delete(key);
  });
  const sendTo = (sessionId, method, params = {}) =>
    new Promise((resolve) => {
      const key = `${sessionId}/${++id}`;
      pending.set(key, resolve);
      session
        .send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) })
        .catch((error) => resolve({ error: { message: error.message } }));
    });
  session.on('Target.attachedToTarget', async ({ sessionId, targetInfo, waitingForDebugger }) => {
    const worker = { type: targetInfo.type, url: targetInfo.url, applied: false, error: null };
    workers.push(worker);
    const reply = await sendTo(sessionId, 'Emulation.setCPUThrottlingRate', { rate });
    if (reply.error) worker.error = reply.error.message;
    else worker.applied = true;
    if (waitingForDebugger) await sendTo(sessionId, 'Runtime.runIfWaitingForDebugger');
  });
  await session.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: false });
  return workers;
}

const ORIGIN = 'http://throttle-check.bench';
const BUSY = 'let x = 0; for (let i = 0; i < 1e7; i++) x += Math.sqrt(i);';

/**
 * The same busy loop on the main thread and in a Worker, in a throwaway page,
 * without and with throttlePage(rate): how many times slower each ran
 * (the fastest of 5 runs: the least disturbed by other work on the machine), and what Chromium answered for the worker.
 */
export async function calibrate(browser, rate) {
  const times = async (throttled) => {
    const context = await browser.newContext();
    await context.route(`${ORIGIN}/**`, (route) =>
      route.request().url().endsWith('/busy.js')
        ? route.fulfill({
            contentType: 'text/javascript',
            body: `onmessage = () => { const t0 = performance.now(); ${BUSY} postMessage(performance.now() - t0 + x * 0); };`,
          })
        : route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>throttle check</title>' }),
    );
    const page = await context.newPage();
    const workers = throttled ? await throttlePage(context, page, rate) : [];
    await page.goto(`${ORIGIN}/`);
    const measured = await page.evaluate(`(async () => {
      const worker = new Worker('/busy.js');
      const inWorker = () => new Promise((resolve) => { worker.onmessage = (e) => resolve(e.data); worker.postMessage(0); });
      const onMain = () => { const t0 = performance.now(); ${BUSY} return performance.now() - t0 + x * 0; };
      const out = { main: [], worker: [] };
      for (let n = 0; n < 5; n++) { out.main.push(onMain()); out.worker.push(await inWorker()); }
      return out;
    })()`);
    await context.close();
    return { main: Math.min(...measured.main), worker: Math.min(...measured.worker), workers };
  };
  const plain = await times(false);
  const slowed = await times(true);
  const answer = slowed.workers[0];
  return {
    rate,
    mainMs: [plain.main, slowed.main],
    workerMs: [plain.worker, slowed.worker],
    mainSlowdown: slowed.main / plain.main,
    workerSlowdown: slowed.worker / plain.worker,
    workerThrottle: !answer ? 'no worker attached' : answer.applied ? 'applied' : `refused: ${answer.error}`,
  };
}
