// Injected into the measured page before its scripts run (page.addInitScript):
// records long tasks, chart renders and frame times, and offers `step`, which
// applies a change at the start of a frame and times it until that frame's
// main-thread work is done. Plain JavaScript: it runs as is in the page.
(() => {
  const bench = {
    /**
     * Tasks of 50 ms or more, from navigation on: PerformanceObserver
     * 'longtask' (script and parsing tasks) and the rendering update of each
     * 'long-animation-frame' (style, layout, paint: a task of its own that
     * 'longtask' does not report). kind says which.
     */
    longTasks: [],
    /** Every chart render: which element, when, and its compute and draw time. */
    renders: [],
    /** Charts that have drawn in a Worker (detail.worker): their answers come after the input frame. */
    workerCharts: new Set(),
  };
  window.__bench = bench;
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        bench.longTasks.push({ start: e.startTime, duration: e.duration, kind: 'task' });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // no longtask support: the tables say so
  }
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        const rendering = e.renderStart > 0 ? e.startTime + e.duration - e.renderStart : 0;
        if (rendering >= 50) bench.longTasks.push({ start: e.renderStart, duration: rendering, kind: 'rendering' });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {
    // no long-animation-frame support: rendering tasks go unreported
  }
  // frameOpen: from a frame's first animation-frame callback until that
  // frame's work is done (its microtasks, style, layout, paint), so that a
  // chart drawn in a frame is told from one drawn in a task between frames.
  let frameOpen = false;
  const requestFrame = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (callback) =>
    requestFrame((time) => {
      if (!frameOpen) {
        frameOpen = true;
        const channel = new MessageChannel();
        channel.port1.onmessage = () => (frameOpen = false);
        channel.port2.postMessage(0);
      }
      callback(time);
    });
  // The contract with the charts: each chart element dispatches 'phasor-render'
  // (detail { computeMs, drawMs }: the page's time) once its new picture is
  // drawn; a chart that draws in a Worker dispatches it when the worker says
  // its frame has been committed, with worker true and workerMs (the
  // worker's time); a chart whose data a compute worker computed says so in
  // computeWorkerMs (that worker's time). Optional: resolution 'coarse' for
  // a first, coarser picture that a 'full' one (or one without the field)
  // replaces later.
  document.addEventListener(
    'phasor-render',
    (event) => {
      const el = event.target;
      const all = [...document.querySelectorAll(el.localName)];
      const chart = all.length > 1 ? `${el.localName}#${all.indexOf(el)}` : el.localName;
      const render = { chart, t: performance.now(), ...event.detail };
      bench.renders.push(render);
      // Its picture, or its data, comes from a worker: its answer may come frames after the input.
      if (render.worker || render.computeWorkerMs > 0) bench.workerCharts.add(chart);
      // A step waiting for this chart's result: drawn in a frame, it is
      // painted when that frame's work is done; drawn in a task between
      // frames (a computation in slices finishing, a worker's message), in
      // the next frame.
      const waiting = bench.waiting;
      if (waiting?.chart === chart && waiting.accepts(render)) {
        bench.waiting = null;
        // A worker's picture was committed when the worker says (shownAt; its announcement may wait for a busy
        // page); anything else is painted by the page's frame.
        (render.worker
          ? Promise.resolve(render.shownAt ?? performance.now())
          : frameOpen
            ? afterFrameWork()
            : nextFrameWork()
        ).then((t) => waiting.painted(t, render));
      }
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
  const nextFrameWork = () => new Promise((resolve) => requestAnimationFrame(() => afterFrameWork().then(resolve)));

  const isFull = (render) => render.resolution !== 'coarse';

  /**
   * The time from t0 until `chart`'s next render (with `full`, its next
   * full-resolution render) has been painted, and that render; null when it
   * does not render: a chart computing in slices (data-updating), drawing
   * in a Worker or sharpening a coarse picture is waited for up to 3 s, any
   * other for a few frames (nothing changed).
   */
  const resultOf = (chart, t0, full = false) =>
    new Promise((resolve) => {
      const [tag, index] = chart.split('#');
      const el = document.querySelectorAll(tag)[Number(index ?? 0)];
      const pending = full || el?.hasAttribute('data-updating') || bench.workerCharts.has(chart);
      const deadline = performance.now() + (pending ? 3000 : 60);
      const waiting = {
        chart,
        accepts: full ? isFull : () => true,
        painted: (t, render) => resolve({ ms: t - t0, render }),
      };
      bench.waiting = waiting;
      const poll = () => {
        if (bench.waiting !== waiting) return;
        if (performance.now() < deadline) return void setTimeout(poll, 10);
        bench.waiting = null;
        resolve(null);
      };
      poll();
    });

  /**
   * At the start of the next frame (as Chromium delivers a drag's pointer
   * moves), runs `apply`, then measures until that frame's main-thread work
   * is done: input → the frame that shows the result. When `chart` is given
   * and did not draw in that frame, `result` is the time until its result
   * was painted in a later frame (a computation in slices, a worker), null
   * when it had nothing to redraw. When that first answer was a coarse
   * picture (detail.resolution 'coarse'), `full` is the time until the
   * full-resolution one was painted (null: none within 3 s), else null.
   */
  bench.step = (apply, chart) =>
    new Promise((resolve) => {
      requestAnimationFrame(async () => {
        const before = bench.renders.length;
        const t0 = performance.now();
        apply();
        const t1 = await afterFrameWork();
        const renders = bench.renders.slice(before);
        const charts = renders.map((r) => r.chart);
        const later = chart && !charts.includes(chart) ? await resultOf(chart, t0) : null;
        const first = later?.render ?? renders.findLast((r) => r.chart === chart);
        let full = null;
        if (first && !isFull(first)) {
          const sharpened = bench.renders.slice(before).find((r) => r.chart === chart && r.t > first.t && isFull(r));
          full = sharpened ? sharpened.t - t0 : ((await resultOf(chart, t0, true))?.ms ?? null);
        }
        resolve({
          latency: t1 - t0,
          result: later?.ms ?? null,
          full,
          coarse: Boolean(first && !isFull(first)),
          // The page's work for this input: the renders of its frame, and the answer's when that came later
          // (a worker's render is announced once its picture is committed, after the page's share was done).
          work:
            renders.reduce((s, r) => s + r.computeMs + r.drawMs, 0) +
            (later?.render && !renders.includes(later.render) ? later.render.computeMs + later.render.drawMs : 0),
          // Until the answer (and its full resolution) was painted: a worker's picture comes after the input frame.
          // (the paint worker's drawing, and the compute worker's computing of the data drawn)
          workerWork: bench.renders
            .slice(before)
            .filter((r) => r.chart === chart)
            .reduce((s, r) => s + (r.worker ? (r.workerMs ?? 0) : 0) + (r.computeWorkerMs ?? 0), 0),
          charts,
        });
      });
    });

  /**
   * Like step, for an input whose answer is not a render but a change in the
   * chart's shadow DOM (a hover's read-out): from the input at the start of a
   * frame until the frame showing the first change is done. `changed` false:
   * nothing changed within 1 s.
   */
  bench.stepDom = (apply, chart) =>
    new Promise((resolve) => {
      const [tag, index] = chart.split('#');
      const root = document.querySelectorAll(tag)[Number(index ?? 0)].shadowRoot;
      let onChange = null;
      let change = null;
      const observer = new MutationObserver(() => {
        if (change) return;
        change = { inFrame: frameOpen };
        onChange?.();
      });
      requestAnimationFrame(async () => {
        observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
        const t0 = performance.now();
        apply();
        const t1 = await afterFrameWork();
        let result = null;
        if (!change) {
          await new Promise((done) => {
            onChange = done;
            setTimeout(done, 1000);
          });
          if (change) result = (await (change.inFrame ? afterFrameWork() : nextFrameWork())) - t0;
        }
        observer.disconnect();
        resolve({
          latency: t1 - t0,
          result,
          full: null,
          coarse: false,
          work: 0,
          workerWork: 0,
          changed: Boolean(change),
          charts: change ? [chart] : [],
        });
      });
    });

  /** Waits for `n` frames. */
  bench.frames = (n = 1) =>
    new Promise((resolve) => {
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
