// Typesets the explorer's formulas when the page is built (and served in
// development), so no typesetter ships to the reader: every element with a
// data-tex attribute gets KaTeX's HTML + MathML in place of its plain-text
// fallback. Only KaTeX's stylesheet and fonts load at run time.
//
// KaTeX positions its boxes with style attributes, which a strict CSP
// (style-src without 'unsafe-inline') refuses: each distinct style becomes a
// data-kx attribute and a rule of the stylesheet virtual:katex-styles.css,
// which main.ts imports (built into the page's CSS file).
//
// Formulas may mark a symbol for the text ↔ chart links with
// \htmlData{link=name}{…} (a data-link attribute on the output, see
// web/explorer/links.ts); that needs KaTeX's `trust`, given for htmlData alone.
import katex from 'katex';
import type { Plugin } from 'vite';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'" };

/** The attribute value as text (the HTML entities the page uses decoded). */
export function decodeAttribute(value: string): string {
  return value.replace(/&(amp|lt|gt|quot|#39|apos);/g, (_, name: string) => ENTITIES[name]);
}

/** One formula as HTML: display or inline; throws with the formula named when KaTeX refuses it. */
export function typeset(tex: string, display: boolean): string {
  try {
    return katex.renderToString(tex, {
      displayMode: display,
      throwOnError: true,
      output: 'htmlAndMathml',
      strict: (code: string) => (code === 'htmlExtension' ? 'ignore' : 'error'),
      trust: (context) => context.command === '\\htmlData',
    });
  } catch (error) {
    throw new Error(`katex: could not typeset ${JSON.stringify(tex)}: ${(error as Error).message}`);
  }
}

// An element holding one formula: <span|div ... data-tex="…" ...>fallback</span|div>
// (the fallback is plain text, so the first closing tag of that name ends it).
const FORMULA = /<(span|div)(\s[^>]*?\bdata-tex="([^"]*)"[^>]*)>([\s\S]*?)<\/\1>([.,:;)]*)/g;

/** Each distinct style attribute of the typeset formulas, by its data-kx key. */
const styles = new Map<string, string>();

function withoutStyleAttributes(html: string): string {
  return html.replace(/ style="([^"]*)"/g, (_m, css: string) => {
    let key = styles.get(css);
    if (!key) styles.set(css, (key = `k${styles.size}`));
    return ` data-kx="${key}"`;
  });
}

/** The rules replacing the style attributes; !important, as an inline style outranks KaTeX's own rules. */
export function katexStyles(): string {
  const important = (css: string) =>
    css
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => `${d} !important;`)
      .join(' ');
  return [...styles].map(([css, key]) => `[data-kx='${key}'] { ${important(css)} }`).join('\n');
}

/** The page's HTML with every data-tex element typeset; punctuation right after inline math is kept on its line. */
export function typesetHtml(html: string): string {
  return html.replace(
    FORMULA,
    (_match, tag: string, attributes: string, tex: string, _fallback: string, punctuation: string) => {
      const display = /\bclass="[^"]*\bdisplay\b/.test(attributes);
      const element = `<${tag}${attributes}>${withoutStyleAttributes(typeset(decodeAttribute(tex), display))}</${tag}>`;
      return punctuation && !display ? `<span class="nowrap">${element}${punctuation}</span>` : element + punctuation;
    },
  );
}

const STYLES_ID = 'virtual:katex-styles.css';

/**
 * The fonts of the formulas on a page's first screen (letters, digits and
 * the display formulas' brackets). Fetched from the stylesheet only when the
 * first layout meets them, they would arrive after it: the formulas would be
 * laid out in fallback fonts, then again in KaTeX's, with more fonts set up in
 * the first frame. Preloaded, they are there for the first layout.
 */
export const FIRST_SCREEN_FONTS = [
  'KaTeX_Main-Regular',
  'KaTeX_Math-Italic',
  'KaTeX_Size1-Regular',
  'KaTeX_Size2-Regular',
];

export function katexAtBuild(): Plugin[] {
  return [
    {
      name: 'phasor-katex-at-build',
      resolveId: (id) => (id === STYLES_ID ? STYLES_ID : null),
      load: (id) => (id === STYLES_ID ? katexStyles() : null),
      transformIndexHtml: {
        order: 'pre',
        handler: (html) => (html.includes('data-tex=') ? typesetHtml(html) : html),
      },
    },
    {
      name: 'phasor-katex-font-preload',
      apply: 'build',
      transformIndexHtml: {
        order: 'post',
        handler: (html, context) => {
          if (!context.bundle || !html.includes('class="katex"')) return html;
          const files = Object.keys(context.bundle);
          return FIRST_SCREEN_FONTS.map((font) => {
            const file = files.find((f) => f.endsWith('.woff2') && f.split('/').pop()!.startsWith(`${font}-`));
            if (!file) throw new Error(`katex font preload: no ${font}*.woff2 in the build`);
            return {
              tag: 'link',
              attrs: { rel: 'preload', href: `./${file}`, as: 'font', type: 'font/woff2', crossorigin: '' },
              injectTo: 'head-prepend' as const,
            };
          });
        },
      },
    },
  ];
}
