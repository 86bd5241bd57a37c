// The colours a canvas needs, read from the element's resolved custom
// properties (SVG and HTML parts use the same properties through CSS).
import { seriesPalette, type ColourScheme } from '../../charts/paint/colour-schemes.js';

export interface Theme {
  scheme: ColourScheme;
  fg: string;
  muted: string;
  grid: string;
  bg: string;
  accent: string;
  /** Line colours for series 0, 1, 2, ... */
  series: readonly string[];
}

export function readTheme(host: Element): Theme {
  const style = getComputedStyle(host);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  const scheme: ColourScheme = read('--_scheme', 'light') === 'dark' ? 'dark' : 'light';
  return {
    scheme,
    fg: read('--_fg', '#1f2328'),
    muted: read('--_muted', '#57606a'),
    grid: read('--_grid', 'rgba(0,0,0,0.1)'),
    bg: read('--_bg', '#ffffff'),
    accent: read('--_accent', '#cf222e'),
    series: seriesPalette(scheme),
  };
}
