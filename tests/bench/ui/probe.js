// Injected into the measured page before its scripts run (page.addInitScript):
// records long tasks, chart renders and frame times, and offers `step`, which
// applies a change at the start of a frame and times it until that frame's
// main-thread work is done. Plain JavaScript: it runs as is in the page.
(() => {
  const bench = {
    /** Tasks of 50 ms or more (PerformanceObserver 'longtask'), from navigation on. */
    longTasks: [],
    /** Every chart render: which element, when, and its compute and draw time. */
    renders: [],
  };
  window.__bench = bench;
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) bench.longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // no longtask support: the tables say so
  }
  document.addEventListener(
    'phasor-render',
    (event) => {
      const el = event.target;
      const all = [...document.querySelectorAll(el.localName)];
      bench.renders.push({ chart: all.length > 1 ? `${el.localName}#${all.indexOf(el)}` : el.localName, t: performance.now(), ...event.detail });
    },
    true,
  );

  /** Resolves after the current frame's main-thread work (rendering included) is done. */
  const afterFrameWork = () =>
    new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve(performance.now());
      channel.port2.postMessage(0);
    });

  /**
   * At the start of the next frame (as Chromium delivers a drag's pointer
   * moves), runs `apply`, then measures until that frame's main-thread work
   * is done: input → the frame that shows the result.
   */
  bench.step = (apply) =>
    new Promise((resolve) => {
      requestAnimationFrame(async () => {
        const before = bench.renders.length;
        const t0 = performance.now();
        apply();
        const t1 = await afterFrameWork();
        const renders = bench.renders.slice(before);
        resolve({ latency: t1 - t0, work: renders.reduce((s, r) => s + r.computeMs + r.drawMs, 0), charts: renders.map((r) => r.chart) });
      });
    });

  /** Waits for `n` frames. */
  bench.frames = (n = 1) => new Promise((resolve) => {
    const next = (left) => (left === 0 ? resolve() : requestAnimationFrame(() => next(left - 1)));
    next(n);
  });

  /** Records rAF timestamps until stop() returns them. */
  bench.recordFrames = () => {
    const times = [];
    let on = true;
    const tick = (t) => {
      times.push(t);
      if (on) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    return { stop: () => ((on = false), times) };
  };
})();
