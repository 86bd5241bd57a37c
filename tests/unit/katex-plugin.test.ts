// The explorer's formulas are typeset at build time (tools/katex-plugin.ts):
// every data-tex element holds KaTeX's output, entities in the TeX are decoded,
// link marks become data-link attributes, and punctuation after inline math
// stays on its line.
import { describe, expect, test } from 'vitest';
import { typesetHtml } from '../../tools/katex-plugin.js';

describe('typesetHtml', () => {
  test('replaces the plain-text fallback with KaTeX HTML and MathML', () => {
    const out = typesetHtml('<p>a <span class="tex" data-tex="\\omega_i">ω_i</span> b</p>');
    expect(out).toContain('class="katex"');
    expect(out).toContain('<math');
    expect(out).not.toContain('>ω_i<');
  });

  test('display formulas are display math; entities are decoded before typesetting', () => {
    const out = typesetHtml(
      '<div class="tex display" data-tex="a &amp;= b \\\\ c &amp;= d">x</div>'
        .replace('a &amp;', '\\begin{aligned}a &amp;')
        .replace('d"', 'd\\end{aligned}"'),
    );
    expect(out).toContain('katex-display');
    expect(out).toContain('<mtable');
  });

  test('\\htmlData marks a linked symbol', () => {
    const out = typesetHtml('<span class="tex" data-tex="\\htmlData{link=omega}{\\omega_i}">ω_i</span>');
    expect(out).toMatch(/data-link="omega"/);
  });

  test('punctuation after inline math is kept with it', () => {
    const out = typesetHtml('<span class="tex" data-tex="x">x</span>, then');
    expect(out).toMatch(/^<span class="nowrap"><span class="tex".*<\/span>,<\/span> then$/s);
  });

  test('a formula KaTeX refuses fails the build, naming it', () => {
    expect(() => typesetHtml('<span class="tex" data-tex="\\frac{">x</span>')).toThrow(/\\\\frac\{/);
  });
});

describe('no style attributes (a strict CSP refuses them)', () => {
  test('each KaTeX style becomes a data-kx key with an !important rule', async () => {
    const { katexStyles } = await import('../../tools/katex-plugin.js');
    const out = typesetHtml('<span class="tex" data-tex="\\frac{a}{b}">a/b</span>');
    expect(out).not.toMatch(/ style=/);
    const key = /data-kx="(k\d+)"/.exec(out)![1];
    expect(katexStyles()).toMatch(new RegExp(`\\[data-kx='${key}'\\] \\{ [a-z-]+:[^;]+ !important;`));
  });
});
