// Typesets every [data-tex] element with KaTeX (its text content is the
// plain-text fallback shown until then, or if KaTeX fails).
import katex from 'katex';
import 'katex/dist/katex.min.css';

export function typesetMath(root: ParentNode = document): void {
  for (const el of root.querySelectorAll<HTMLElement>('[data-tex]')) {
    const tex = el.dataset.tex ?? '';
    try {
      katex.render(tex, el, { displayMode: el.classList.contains('display'), throwOnError: true, output: 'htmlAndMathml' });
      keepPunctuation(el);
    } catch (error) {
      console.warn(`explorer: could not typeset ${tex}: ${(error as Error).message}`);
    }
  }
}

/** Keeps a punctuation mark that follows inline math on the same line as it. */
function keepPunctuation(el: HTMLElement): void {
  const next = el.nextSibling;
  if (el.classList.contains('display') || !(next instanceof Text)) return;
  const match = /^[.,:;)]+/.exec(next.data);
  if (!match) return;
  const wrapper = document.createElement('span');
  wrapper.className = 'nowrap';
  el.replaceWith(wrapper);
  wrapper.append(el, match[0]);
  next.data = next.data.slice(match[0].length);
}
