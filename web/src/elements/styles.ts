// The chart elements' own styles (the error line, the Save… menu, the Play
// button), adopted after the charts' styles (charts/chart-styles.ts, which
// holds the theme's custom properties).
import { chartSheet, sheet } from '../charts/chart-styles.js';

const ELEMENT_CSS = `
:host([hidden]) { display: none; }
/* Recomputing in slices (a heavy chart during a drag): the last picture stays, dimmed a little. */
:host([data-updating]) .content { opacity: 0.75; }
.error {
  margin: 0;
  padding: 8px 12px;
  border-left: 3px solid var(--_error-fg);
  background: var(--_error-bg);
  color: var(--_error-fg);
  overflow-wrap: anywhere;
}
.content[hidden], .error[hidden] { display: none; }
.save { position: relative; display: flex; justify-content: flex-end; margin: 2px 0 0; }
:host([no-export]) .save, .content[hidden] ~ .save { display: none; }
/* The play button of the play attribute (player.ts). */
.player { display: flex; margin: 4px 0 0; }
.player[hidden], .content[hidden] ~ .player { display: none; }
.player button {
  padding: 3px 12px;
  border: 1px solid var(--_accent);
  border-radius: 999px;
  background: none;
  color: var(--_fg);
  font: 600 12px/1.5 var(--_font);
  cursor: pointer;
}
.player button[aria-pressed='true'] { background: var(--_accent); color: var(--_bg); }
.save button {
  padding: 1px 8px;
  border: 1px solid var(--_grid);
  border-radius: 4px;
  background: none;
  color: var(--_muted);
  font: 11px/1.6 var(--_font);
  cursor: pointer;
}
.save button:hover { color: var(--_fg); border-color: var(--_muted); }
.save-menu {
  position: absolute;
  right: 0;
  bottom: 100%;
  z-index: 3;
  display: flex;
  flex-direction: column;
  gap: 2px;
  padding: 4px;
  border: 1px solid var(--_grid);
  border-radius: 6px;
  background: var(--_surface);
  box-shadow: 0 2px 10px rgba(0, 0, 0, 0.18);
}
.save-menu[hidden] { display: none; }
.save-menu button { border-color: transparent; text-align: left; color: var(--_fg); }
/* Focus is always visible: a solid ring in the accent colour. */
button:focus-visible { outline: 2px solid var(--_accent); outline-offset: 2px; }
`;

/** The stylesheets every chart element adopts, in order. */
export const elementSheets = (): CSSStyleSheet[] => [chartSheet(), sheet(ELEMENT_CSS)];
