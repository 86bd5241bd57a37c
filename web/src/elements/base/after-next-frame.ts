// A task after the page's next frame: work that should follow what that frame
// shows (the post's text, the chart drawn before) rather than hold it back.

/** Runs `then` in a task after the next frame (in a task at once when the page is hidden and has no frames). */
export function afterNextFrame(then: () => void): void {
  if (document.hidden) setTimeout(then, 0);
  else requestAnimationFrame(() => setTimeout(then, 0));
}
