// A link to a section (index.html#rotation) must land on that section. While
// the page starts, sections above it change height in ways scroll anchoring
// does not follow (charts drawn and formulas measured in idle time lay out
// sections that content-visibility skips, and each then keeps its real height
// instead of the placeholder's: #dot-offset ended 613 px below the top). So
// while the page starts, each change of a section's size scrolls the
// fragment's element back to the top, in the frame of the change, until the
// reader scrolls, clicks or types, or START_UP_MS have passed.

const READER_INPUT = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;
const START_UP_MS = 3000;

/** The id a fragment names: '' for none, and for one that is no valid percent-encoding (#%, #%E0%A4%A), which names nothing. */
export function fragmentId(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return '';
  }
}

export function holdFragmentInView(): void {
  const id = fragmentId(location.hash);
  const target = id ? document.getElementById(id) : null;
  if (!target) return;
  const sizes = new ResizeObserver(() => target.scrollIntoView({ block: 'start' }));
  for (const section of document.querySelectorAll('.page-header, .chart-section')) sizes.observe(section);
  const stop = () => {
    sizes.disconnect();
    clearTimeout(timer);
    for (const type of READER_INPUT) removeEventListener(type, stop, { capture: true });
  };
  const timer = setTimeout(stop, START_UP_MS);
  for (const type of READER_INPUT) addEventListener(type, stop, { capture: true, passive: true });
}
