// The explorer's first frame shows the header and the controls; the sections
// (hidden while the page element has the class `starting`, explorer.css) are
// laid out in the frame after it. Laying out everything on the first screen
// in one frame was a task of 45–66 ms here, mostly setting up fonts.

/** Shows the sections in the frame after the next one (the page's first, when called before it). */
export function showSectionsAfterFirstFrame(): void {
  requestAnimationFrame(() => requestAnimationFrame(() => document.documentElement.classList.remove('starting')));
}
