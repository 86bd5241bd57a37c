// Chromium's form scan (autofill), run right after DOMContentLoaded, asks of
// each form control whether it can take focus, and for a control in a section
// that content-visibility skips, answering means laying that section out:
// six sections, 30–50 ms of the page's longest start-up task (traced here).
// So the sections' own controls leave the page while the parser's last task
// runs and come back in the next task, or the next frame if that comes first
// (its animation callbacks run before it paints: no frame shows them
// missing). The page's scripts keep their references to the controls.

/** Takes the sections' controls out of the page; returns the function that puts them back (once). */
export function holdSectionControls(): () => void {
  const held = [...document.querySelectorAll('.chart-section .local-field')]
    .filter((field) => !field.parentElement?.closest('.local-field'))
    .map((field) => {
      const place = document.createComment('');
      field.replaceWith(place);
      return { field, place };
    });
  let back = false;
  const restore = () => {
    if (back) return;
    back = true;
    for (const { field, place } of held) place.replaceWith(field);
  };
  requestAnimationFrame(restore);
  return restore;
}
