// The named scopes of a C++ source, found by a plain scanner (no compiler):
// comments, string and character literals and preprocessor lines are blanked
// out, then each declaration of a namespace or class body is read up to its
// `{` or `;`. A function's scope runs from its signature to the brace that
// closes its body; a namespace-level or member declaration's (a constant, a
// table) to its `;`. Names are qualified by the enclosing namespaces and
// classes (`phasor::encode`, `phasor::PhaseWalk::advance`); anonymous
// namespaces add nothing. Lambdas and local classes belong to the function
// they are in. Good enough for the sources of cpp/, which clang-format keeps
// regular; it is what tools/fault-anchor.mjs needs, not a parser.

/** `source` with comments, literals and preprocessor lines turned into spaces (offsets kept). */
export function blankCpp(source) {
  const out = source.split('');
  const blank = (from, to) => {
    for (let k = from; k < to; k++) if (out[k] !== '\n') out[k] = ' ';
  };
  let lineStart = true;
  for (let i = 0; i < source.length;) {
    const c = source[i];
    if (c === '\n') {
      lineStart = true;
      i++;
      continue;
    }
    if (lineStart && c === '#') {
      let end = i;
      while (end < source.length && (source[end] !== '\n' || source[end - 1] === '\\')) end++;
      blank(i, end);
      i = end;
      continue;
    }
    if (!/\s/.test(c)) lineStart = false;
    if (c === '/' && source[i + 1] === '/') {
      const end = source.indexOf('\n', i);
      const to = end === -1 ? source.length : end;
      blank(i, to);
      i = to;
    } else if (c === '/' && source[i + 1] === '*') {
      const end = source.indexOf('*/', i + 2);
      const to = end === -1 ? source.length : end + 2;
      blank(i, to);
      i = to;
    } else if (c === 'R' && source[i + 1] === '"' && !/\w/.test(source[i - 1] ?? '')) {
      // A raw string R"delimiter( ... )delimiter".
      const open = source.indexOf('(', i);
      const delimiter = source.slice(i + 2, open);
      const close = source.indexOf(`)${delimiter}"`, open);
      const to = close === -1 ? source.length : close + delimiter.length + 2;
      blank(i + 2, to - 1);
      i = to;
    } else if (c === '"' || (c === "'" && !/[0-9a-fA-F]/.test(source[i - 1] ?? ''))) {
      // A ' after a hex digit is a digit separator (1'000), not a literal.
      let end = i + 1;
      while (end < source.length && source[end] !== c && source[end] !== '\n') end += source[end] === '\\' ? 2 : 1;
      blank(i + 1, end);
      i = end + 1;
    } else i++;
  }
  return out.join('');
}

const OPEN = { '(': ')', '[': ']', '{': '}' };

/** The index just past the bracket that closes the one at `at` (in blanked text). */
function closing(text, at) {
  const stack = [];
  for (let i = at; i < text.length; i++) {
    const c = text[i];
    if (OPEN[c]) stack.push(OPEN[c]);
    else if (c === ')' || c === ']' || c === '}') {
      stack.pop();
      if (stack.length === 0) return i + 1;
    }
  }
  return text.length;
}

/** The first index from `from` of a character of `chars` outside brackets, or -1. */
function topLevel(text, from, chars) {
  for (let i = from; i < text.length; i++) {
    if (chars.includes(text[i])) return i;
    if (OPEN[text[i]]) i = closing(text, i) - 1;
  }
  return -1;
}

// The name a declaration header gives: the (qualified) identifier before its
// parameter list, or before `=`, `[` or `{` for a variable.
function declaredName(header) {
  const op = /((?:\w+\s*::\s*)*operator\s*(?:\(\s*\)|[^\w\s(]+))\s*$/.exec(header);
  if (op) return op[1].replace(/\s+/g, '');
  const m = /([~\w]+(?:\s*::\s*[~\w]+)*)\s*(?:<[^<>]*>)?\s*(?:\[[^\]]*\]\s*)*$/.exec(header);
  return m ? m[1].replace(/\s+/g, '') : null;
}

/**
 * Each named scope of a C++ source: { name, start, end }, `name` qualified by
 * `::`, [start, end) from the declaration's first character to past its `}` or `;`.
 */
export function cppScopes(source) {
  const text = blankCpp(source);
  const scopes = [];
  // Reads the declarations of a body [from, to) whose enclosing names are `outer`.
  const readBody = (from, to, outer) => {
    let i = from;
    while (i < to) {
      while (i < to && /\s/.test(text[i])) i++;
      if (i >= to) break;
      const start = i;
      // An access specifier or a stray `;` is not a declaration.
      const access = /^(public|private|protected)\s*:(?!:)/.exec(text.slice(i, i + 12));
      if (access) {
        i += access[0].length;
        continue;
      }
      if (text[i] === ';' || text[i] === '}') {
        i++;
        continue;
      }
      let stop = topLevel(text, i, ';{=(');
      if (stop === -1 || stop >= to) break;
      // An operator's name holds the characters looked for: its parameters follow it.
      if (/\boperator\s*[^\w\s]*$/.test(text.slice(i, stop)) && text[stop] !== '{' && text[stop] !== ';') {
        stop = text.indexOf('(', text[stop] === '(' && text[stop + 1] === ')' ? stop + 2 : stop);
      }
      const head = text.slice(start, stop);
      const qualify = (name) => [...outer, name].join('::');
      if (text[stop] === '{') {
        const container = /^(?:template\s*<[^{]*>\s*)?(namespace|class|struct|union|extern\s+)\s*([\w:]*)/.exec(head);
        const end = closing(text, stop);
        if (container && !/^enum/.test(head)) {
          const name = container[2];
          const inner = name ? [...outer, ...name.split('::')] : outer;
          if (name && container[1] !== 'namespace') scopes.push({ name: qualify(name), start, end });
          readBody(stop + 1, end - 1, inner);
          i = end;
          // `struct X { ... } x;` and `class X { ... };` end at their `;`.
          const semi = topLevel(text, i, ';');
          const declarators = /^[\s\w,*&]*$/.test(text.slice(i, semi));
          if (container[1] !== 'namespace' && semi !== -1 && declarators) i = semi + 1;
          continue;
        }
        // An enum, or a braced initializer (`T name{...};`): a declaration to its `;`.
        const semi = topLevel(text, end, ';');
        const last = semi === -1 || semi >= to ? end : semi + 1;
        const enumName = /\benum\s+(?:class\s+|struct\s+)?(\w+)/.exec(head)?.[1];
        const name = enumName ?? declaredName(head);
        if (name) scopes.push({ name: qualify(name), start, end: last });
        i = last;
        continue;
      }
      if (text[stop] === ';') {
        const name = declaredName(head);
        if (name && !/^(using\s+namespace|friend)\b/.test(head))
          scopes.push({ name: qualify(name), start, end: stop + 1 });
        i = stop + 1;
        continue;
      }
      if (text[stop] === '=') {
        // A variable with an initializer, or `using X = ...;`.
        const semi = topLevel(text, stop, ';');
        const last = semi === -1 ? to : semi + 1;
        const name = /^using\s+(\w+)/.exec(head)?.[1] ?? declaredName(head);
        if (name) scopes.push({ name: qualify(name), start, end: last });
        i = last;
        continue;
      }
      // `(`: a function (declaration or definition), or a variable constructed with (...).
      const name = declaredName(head) ?? '';
      let at = closing(text, stop);
      // Past the qualifiers, trailing return type, `= default`/`= 0`, and a constructor's initializer list.
      for (;;) {
        const next = topLevel(text, at, ';{:');
        if (next === -1 || next >= to) {
          at = to;
          break;
        }
        if (text[next] === ':' && text[next + 1] === ':') {
          at = next + 2;
          continue;
        }
        if (text[next] === ':') {
          // Initializer list: member(...) or member{...}, separated by commas, then the body.
          let k = next + 1;
          for (;;) {
            const open = topLevel(text, k, '({');
            if (open === -1) break;
            k = closing(text, open);
            while (/\s/.test(text[k])) k++;
            if (text[k] !== ',') break;
            k++;
          }
          at = k;
          continue;
        }
        if (text[next] === ';') {
          // A prototype (or a variable built with (...)): nothing to anchor in.
          at = next + 1;
          break;
        }
        const end = closing(text, next);
        scopes.push({ name: qualify(name), start, end });
        at = end;
        break;
      }
      i = at;
    }
  };
  readBody(0, text.length, []);
  return scopes;
}
