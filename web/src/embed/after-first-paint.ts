// The embed defines its elements in a task after the page's next frame: the
// upgrade of a post's charts (their frames, axes and observers) then runs after
// the post's text is on screen, not before its first paint.

/** Runs `then` in a task after the next frame (at once in a task when the page is hidden and has no frames). */
export function afterFirstPaint(then: () => void): void {
  if (document.hidden) setTimeout(then, 0);
  else requestAnimationFrame(() => setTimeout(then, 0));
}
