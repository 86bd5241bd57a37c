// Where a fault's anchor sits in a source file. Whitespace is not part of the
// match (the anchor and the file are compared with every space, tab and line
// break left out), so reformatting a file (Prettier, clang-format) never moves
// a fault off its code; renaming the code it names does.

/** Each [start, end) of `source` that reads as `anchor` once whitespace is ignored. */
export function anchorSpans(source, anchor) {
  const kept = [];
  let stripped = '';
  for (let i = 0; i < source.length; i++) {
    if (/\s/.test(source[i])) continue;
    kept.push(i);
    stripped += source[i];
  }
  const needle = anchor.replace(/\s+/g, '');
  if (needle.length === 0) return [];
  const spans = [];
  for (let at = stripped.indexOf(needle); at !== -1; at = stripped.indexOf(needle, at + 1)) {
    spans.push([kept[at], kept[at + needle.length - 1] + 1]);
  }
  return spans;
}

/** `source` with its one occurrence of `anchor` replaced by `replacement`. */
export function plant(source, anchor, replacement) {
  const spans = anchorSpans(source, anchor);
  if (spans.length !== 1) throw new Error(`the anchor occurs ${spans.length} times (it must occur once)`);
  const [start, end] = spans[0];
  return source.slice(0, start) + replacement.trim() + source.slice(end);
}
