// An idle callback where the browser has them (Chromium, Firefox), else a
// task: work that must not share a frame with input (catch-ups, sliced
// maxima, the explorer's address bar) runs between frames.

export const idle: (run: (deadline?: IdleDeadline) => void) => number =
  typeof requestIdleCallback === 'function'
    ? (run) => requestIdleCallback(run, { timeout: 1000 })
    : (run) => window.setTimeout(run, 0);

export const cancelIdle: (handle: number) => void =
  typeof cancelIdleCallback === 'function' ? (handle) => cancelIdleCallback(handle) : (handle) => clearTimeout(handle);
