// Where a fault sits in a source file: inside a named scope (a function, a
// method, a class, a constant), at the one occurrence there of its anchor.
// Scopes are read from the code itself, by the TypeScript parser for
// .ts/.mjs/.js (tools/ts-scopes.mjs) and a small C++ scanner for the rest
// (tools/cpp-scopes.mjs), so a fault moves with its function when code is
// added around it, and whitespace is not part of the match (the anchor and the
// file are compared with every space, tab and line break left out), so
// reformatting a file (Prettier, clang-format) never moves a fault off its
// code; renaming the function or the code it names does, and says so.
import { cppScopes } from './cpp-scopes.mjs';
import { tsScopes } from './ts-scopes.mjs';

// Each source without its whitespace, and where each kept character was.
const stripped = new Map();
function withoutWhitespace(source) {
  if (!stripped.has(source)) {
    const kept = [];
    for (let i = 0; i < source.length; i++) if (!/\s/.test(source[i])) kept.push(i);
    stripped.set(source, { kept, stripped: kept.map((i) => source[i]).join('') });
  }
  return stripped.get(source);
}

/** Each [start, end) of `source` that reads as `anchor` once whitespace is ignored. */
export function anchorSpans(source, anchor) {
  const { kept, stripped } = withoutWhitespace(source);
  const needle = anchor.replace(/\s+/g, '');
  if (needle.length === 0) return [];
  const spans = [];
  for (let at = stripped.indexOf(needle); at !== -1; at = stripped.indexOf(needle, at + 1)) {
    spans.push([kept[at], kept[at + needle.length - 1] + 1]);
  }
  return spans;
}

const isTs = (file) => /\.(m?js|ts)$/.test(file);

// The last scopes read of each file, since faults share files.
const read = new Map();

/** The named scopes of `source` (the file `file`): { name, start, end }. */
export function scopesOf(file, source) {
  const last = read.get(file);
  if (last?.source === source) return last.scopes;
  const scopes = isTs(file) ? tsScopes(source, file) : cppScopes(source);
  read.set(file, { source, scopes });
  return scopes;
}

/**
 * The scopes `scope` names: those whose qualified name is `scope` or ends with
 * it after a separator (`encode` names `phasor::encode`, `draw` names
 * `PhasorHeatmapElement.draw`); overloads are all named.
 */
export function scopesNamed(file, scopes, scope) {
  const separator = isTs(file) ? '.' : '::';
  return scopes.filter((s) => s.name === scope || s.name.endsWith(`${separator}${scope}`));
}

/**
 * The [start, end) of the fault's anchor inside its scope, as { span }, or
 * { problem } saying why there is not exactly one.
 */
export function locate(file, source, scope, anchor) {
  if (!scope) return { problem: `no scope (the function, method or constant the anchor is in)` };
  const named = scopesNamed(file, scopesOf(file, source), scope);
  if (named.length === 0) return { problem: `the scope ${scope} no longer exists in ${file}` };
  const spans = anchorSpans(source, anchor).filter(([start, end]) =>
    named.some((s) => s.start <= start && end <= s.end),
  );
  if (spans.length !== 1) {
    return { problem: `the anchor occurs ${spans.length} times in ${scope} of ${file} (it must occur once)` };
  }
  return { span: spans[0] };
}

/** `source` with the fault's anchor, inside its scope, replaced by its replacement. */
export function plant(source, fault) {
  const { span, problem } = locate(fault.file, source, fault.scope, fault.anchor);
  if (problem) throw new Error(`${fault.id}: ${problem}`);
  const [start, end] = span;
  return source.slice(0, start) + fault.replacement.trim() + source.slice(end);
}
