// The styles of LinePanel charts, as text (elements adopt them as a constructable
// stylesheet); a module of its own so a page without panels does not load them.

/** The panels' styles (elements adopt them as a constructable stylesheet). */
export const PANEL_CSS = `
.panels { display: flex; flex-wrap: wrap; gap: 14px 20px; }
.panel { min-width: 0; }
.panel-title { margin: 0 0 2px; font-size: 13px; font-weight: 600; }
.panel-title:empty, .caption:empty, .legend:empty { display: none; }
text.row { font-size: 12px; }
text.inside { fill: var(--_bg); font-size: 11px; }
`;
