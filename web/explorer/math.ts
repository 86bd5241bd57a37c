// Typesets every [data-tex] element with KaTeX (its text content is the
// plain-text fallback shown until then, or if KaTeX fails).
import katex from 'katex';
import 'katex/dist/katex.min.css';

export function typesetMath(root: ParentNode = document): void {
  for (const el of root.querySelectorAll<HTMLElement>('[data-tex]')) {
    const tex = el.dataset.tex ?? '';
    try {
      katex.render(tex, el, { displayMode: el.classList.contains('display'), throwOnError: true, output: 'htmlAndMathml' });
    } catch (error) {
      console.warn(`explorer: could not typeset ${tex}: ${(error as Error).message}`);
    }
  }
}
