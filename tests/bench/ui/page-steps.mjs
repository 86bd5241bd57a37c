// The page-side halves of bench:ui's steps: run.mjs puts each function on the
// measured page's `window` as source text (definePageFunctions), so each is
// self-contained, plain JavaScript that runs in the page.

/**
 * Applies step `n` of a control in the page. A slider moves through new
 * values, one way from where it stood at n = 0 (up, or down when there is not
 * room for the steps), so that a chart keeping the results of a few values
 * is not timed on values it saw two steps before; with too little room
 * (pair at d_model 4), it moves up and down. n = -1 puts it back where it
 * stood at n = 0. Other controls have two values, taken in turn.
 */
export function applyControl(control, n) {
  const el = document.getElementById(control.id);
  if (control.kind === 'range') {
    const step = Number(el.step) || 1;
    const min = Number(el.min);
    const max = Number(el.max);
    const starts = (window.__rangeStarts ??= {});
    if (n === 0 || !(control.id in starts)) starts[control.id] = el.valueAsNumber;
    const start = starts[control.id];
    const ROOM = 40; // steps: 3 warm-ups and 30 samples, with some to spare
    let next;
    if (n < 0) next = start;
    else if (start + ROOM * step <= max) next = start + (n + 1) * step;
    else if (start - ROOM * step >= min) next = start - (n + 1) * step;
    else next = start + (n % 2 === 0 ? (start + step <= max ? step : -step) : 0);
    el.value = String(next);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  } else if (control.kind === 'text') {
    el.value = control.values[n % 2];
    el.dispatchEvent(new Event('input', { bubbles: true }));
  } else if (control.kind === 'checkbox') {
    el.checked = !el.checked;
    el.dispatchEvent(new Event('change', { bubbles: true }));
  } else {
    el.selectedIndex = (el.selectedIndex + 1) % el.options.length;
    el.dispatchEvent(new Event('change', { bubbles: true }));
  }
}

/** Every chart on the page, labelled like the probe labels its renders. */
export function chartsOnPage() {
  const all = [...document.querySelectorAll('*')].filter(
    (el) => el.localName.startsWith('phasor-') && el.hasAttribute('data-state'),
  );
  return all.map((el) => {
    const same = all.filter((other) => other.localName === el.localName);
    return same.length > 1 ? `${el.localName}#${same.indexOf(el)}` : el.localName;
  });
}

export function chartElement(label) {
  const [tag, index] = label.split('#');
  return [...document.querySelectorAll(tag)][Number(index ?? 0)];
}

/** A zoom step: Ctrl+wheel over the middle of the chart's plot, in and out in turn. */
export function wheelStep(label, n) {
  const [tag, index] = label.split('#');
  const el = [...document.querySelectorAll(tag)][Number(index ?? 0)];
  const front = el.shadowRoot.querySelector('svg.front');
  const plot = el.shadowRoot.querySelector('canvas').getBoundingClientRect();
  const deltaY = n % 2 === 0 ? -50 : 50;
  front.dispatchEvent(
    new WheelEvent('wheel', {
      deltaY,
      ctrlKey: true,
      clientX: plot.x + plot.width / 2,
      clientY: plot.y + plot.height / 2,
      bubbles: true,
      cancelable: true,
    }),
  );
}

/**
 * A step of a chart's `play` attribute as its Play button makes it: the
 * attribute one on from where it stood at n = 0, round within
 * [0, positions) (100 without a positions attribute); n = -1 puts it back.
 */
export function attributeStep({ chart, attribute }, n) {
  const el = window.chartElement(chart);
  const starts = (window.__attributeStarts ??= {});
  const key = `${chart} ${attribute}`;
  if (n === 0 || !(key in starts)) starts[key] = Number(el.getAttribute(attribute) ?? 0) || 0;
  const end = Math.max(1, Number(el.getAttribute('positions') ?? 100) || 100);
  el.setAttribute(attribute, String(n < 0 ? starts[key] : (starts[key] + n + 1) % end));
}

/** A hover step: the pointer moves over the chart's plot, to a new place each step (the read-out follows it). */
export function hoverStep(label, n) {
  const el = window.chartElement(label);
  const front = el.shadowRoot.querySelector('svg.front');
  const plot = (el.shadowRoot.querySelector('canvas') ?? front).getBoundingClientRect();
  const at = ((n * 7) % 40) + 0.5;
  front.dispatchEvent(
    new PointerEvent('pointermove', {
      clientX: plot.x + (plot.width * at) / 40,
      clientY: plot.y + plot.height * (0.3 + 0.4 * ((n % 5) / 4)),
      pointerType: 'mouse',
      isPrimary: true,
      bubbles: true,
      composed: true,
    }),
  );
}

/** A keyboard zoom step: + and − in turn on the chart's frame (the read-out's keys). */
export function keyZoomStep(label, n) {
  const frame = window.chartElement(label).shadowRoot.querySelector('.frame');
  frame.dispatchEvent(new KeyboardEvent('keydown', { key: n % 2 === 0 ? '+' : '-', bubbles: true, cancelable: true }));
}

/** Presses a chart's Play (or Pause) button. */
export function pressPlay(label) {
  window.chartElement(label).shadowRoot.querySelector('button.play').click();
}

/**
 * What happened between `start` and `end` (performance.now()) of a drag or a
 * play: the longest task, the longest in the 1.2 s after, the longest gap
 * between the animation frames recorded in window.__dragFrames.
 */
export function dragStats({ start, end }) {
  const frames = window.__dragFrames.stop();
  const during = frames.filter((t) => t >= start && t <= end);
  let gap = 0;
  for (let i = 1; i < during.length; i++) gap = Math.max(gap, during[i] - during[i - 1]);
  const tasks = window.__bench.longTasks;
  const within = (a, b) =>
    tasks.filter((t) => t.start >= a && t.start < b).reduce((m, t) => Math.max(m, t.duration), 0);
  return {
    longestTask: within(start, end),
    longestTaskAfter: within(end, end + 1200),
    longestFrameGap: gap,
    frames: during.length,
    ms: end - start,
  };
}
