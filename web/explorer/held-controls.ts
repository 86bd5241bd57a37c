// Chromium's form scan (autofill) asks of each form control whether it can
// take focus, and answering lays out the page around it: for a control in a
// section that content-visibility skips, that section. It scans at
// DOMContentLoaded and again whenever controls are added. With every control
// in the page, the scan at DOMContentLoaded would lay out every skipped
// section that holds one, in the parser's last task, and so before the
// page's first screen when that task runs before the first frame. So the
// controls leave the page while the parser's last task runs: the control panel's come back at
// the next animation frame (before it is painted: no frame shows them
// missing), each section's once that section is laid out anyway, when it
// nears the screen or when the page lays it out in idle time (main.ts). A
// later scan then finds what it asks about already laid out. Meanwhile the
// page's scripts find them with pageElementById / pageElements; the terms
// among them are linked to their charts when they are back (main.ts).

interface Held {
  field: HTMLElement;
  place: Comment;
}

/** The held fields by section (the panel's under the panel). */
const held = new Map<Element, Held[]>();
const near =
  typeof IntersectionObserver === 'function'
    ? new IntersectionObserver(
        (entries) => {
          for (const entry of entries) if (entry.isIntersecting) restoreControls(entry.target);
        },
        // A screen ahead (Chromium starts rendering a content-visibility: auto
        // section half a screen ahead): a reader who scrolls there finds the
        // controls in place.
        { rootMargin: '100% 0px' },
      )
    : null;

let onRestore: (fields: HTMLElement[]) => void = () => {};

/** Takes the page's controls out of the page; returns the sections holding some. `restored` is told of each group put back. */
export function holdControls(restored: (fields: HTMLElement[]) => void): Element[] {
  onRestore = restored;
  const panel = document.getElementById('controls');
  for (const field of document.querySelectorAll<HTMLElement>('#controls .field, .chart-section .local-field')) {
    if (field.parentElement?.closest('.local-field')) continue;
    const owner = field.closest('.chart-section') ?? panel!;
    const place = document.createComment('');
    field.replaceWith(place);
    held.set(owner, [...(held.get(owner) ?? []), { field, place }]);
  }
  if (panel) requestAnimationFrame(() => restoreControls(panel));
  const sections = [...held.keys()].filter((owner) => owner !== panel);
  for (const section of sections) near?.observe(section);
  return sections;
}

/** Puts back the controls of `section` (none when it has none or they are back); returns them. */
export function restoreControls(section: Element): HTMLElement[] {
  const fields = held.get(section) ?? [];
  held.delete(section);
  near?.unobserve(section);
  for (const { field, place } of fields) place.replaceWith(field);
  if (fields.length > 0) onRestore(fields.map(({ field }) => field));
  return fields.map(({ field }) => field);
}

/** The page's element with this id, in the page or held out of it. */
export function pageElementById(id: string): HTMLElement | null {
  const inPage = document.getElementById(id);
  if (inPage) return inPage;
  for (const { field } of [...held.values()].flat()) {
    const found = field.id === id ? field : field.querySelector<HTMLElement>(`#${CSS.escape(id)}`);
    if (found) return found;
  }
  return null;
}

/** The page's elements matching `selector`: those in the page, then those held out of it. */
export function pageElements<E extends Element>(selector: string): E[] {
  const heldMatches = [...held.values()]
    .flat()
    .flatMap(({ field }) => [...(field.matches(selector) ? [field] : []), ...field.querySelectorAll(selector)]);
  return [...document.querySelectorAll(selector), ...heldMatches] as E[];
}
