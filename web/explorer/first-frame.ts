// The explorer's first frame shows the header and the controls; the sections
// (hidden while the page element has the class `starting`, explorer.css) are
// laid out in the frame after it: everything on the first screen in one
// frame makes one long task, mostly setting up fonts, before anything shows.

/** Shows the sections in the frame after the next one (the page's first, when called before it). */
export function showSectionsAfterFirstFrame(): void {
  requestAnimationFrame(() => requestAnimationFrame(() => document.documentElement.classList.remove('starting')));
}
