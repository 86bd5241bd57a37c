// The shape of the source tree, checked so it stays as ARCHITECTURE.md draws
// it: at the top level only the folders and the files tools look for there,
// no import cycles (static, dynamic or type-only imports between our own
// files), no source file over 300 lines without its reason in a comment at its
// top, and the canvas painters (web/src/charts/paint/) free of the DOM, so a
// Worker can run them on an OffscreenCanvas.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const SOURCE = /\.(ts|mts|mjs|js|cpp|hpp|css|html)$/;
const SKIP = new Set(['node_modules', 'build', 'dist', 'wasm', 'fixtures', 'corpus', 'consumers', 'results']);

function files(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    if (SKIP.has(name) || name.startsWith('.')) return [];
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : SOURCE.test(name) ? [path] : [];
  });
}

const rel = (path: string) => relative(root, path);
const scripts = ['web', 'tools', 'tests'].flatMap((d) => files(join(root, d))).filter((f) => /\.(ts|mts|mjs)$/.test(f));

/** Our files a file imports (static, dynamic, type-only, re-exports), resolved from the .js specifiers TypeScript uses. */
function imports(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .map((f) => f.fileName)
    .filter((name) => name.startsWith('.'))
    .flatMap((name) => {
      const target = resolve(dirname(file), name);
      const candidates = [target, target.replace(/\.js$/, '.ts'), target.replace(/\.mjs$/, '.mts'), `${target}.ts`];
      const found = candidates.find((c) => scripts.includes(c));
      return found ? [found] : [];
    });
}

/** The strongly connected components of the import graph with more than one file (Tarjan). */
function cycles(): string[][] {
  const graph = new Map(scripts.map((f) => [f, imports(f)]));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(rel(w));
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

/**
 * Cycles another branch is removing: listed so this test passes until it
 * lands, and failing once the cycle is gone, so the entry cannot outlive it.
 * None now.
 */
const CYCLES_BEING_REMOVED: string[][] = [];

/**
 * Files over 300 lines that other branches are changing now; each gets its
 * reason (or is split) there. Failing once a file is short or has a reason.
 */
const LONG_ON_OTHER_BRANCHES = [
  'cpp/bindings/rope_bindings.cpp',
  'cpp/src/attention_pattern.cpp',
  'web/src/core/attention.ts',
];

const LIMIT = 300;
/** The reason a long file gives, in the first comment of its first lines. */
const REASON = /^(\/\/|\/\*|<!--|#)\s*Over 300 lines:/m;

/** What the top level holds: the four folders, the documents, and the configuration tools look for there. */
const TOP_LEVEL = [
  '.ci',
  '.clang-format',
  '.gitignore',
  '.prettierignore',
  '.prettierrc.json',
  'ARCHITECTURE.md',
  'CONTRIBUTING.md',
  'LICENSE',
  'README.md',
  'cpp',
  'docs',
  'package-lock.json',
  'package.json',
  'tests',
  'tools',
  'tsconfig.json',
  'web',
];

describe('the source tree', () => {
  test('the top level holds the folders, the documents and the configuration tools look for there', () => {
    const listed = spawnSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
      cwd: root,
      encoding: 'utf8',
    }).stdout;
    // A copy of the tree that git ignores (the fault planter's, in build/faults/tree) lists nothing:
    // there, the entries on disk but the folders .gitignore names at the top level.
    const ignored = readFileSync(join(root, '.gitignore'), 'utf8')
      .split('\n')
      .filter((line) => /^\/?[\w.-]+\/$/.test(line))
      .map((line) => line.replace(/^\/|\/$/g, ''));
    const names = listed.trim()
      ? listed.split('\n').filter(Boolean)
      : readdirSync(root).filter((name) => !ignored.includes(name) && name !== '.git');
    const top = [...new Set(names.map((f) => f.split('/')[0]))].sort();
    expect(top).toEqual(TOP_LEVEL);
  });

  test('no file imports itself through other files (no import cycles)', () => {
    const left = cycles().filter((c) => !CYCLES_BEING_REMOVED.some((known) => known.join() === c.join()));
    expect(left).toEqual([]);
  });

  test('the cycles listed as being removed elsewhere are still there (else drop them from the list)', () => {
    const now = cycles().map((c) => c.join());
    for (const known of CYCLES_BEING_REMOVED) expect(now).toContain(known.join());
  });

  test('every source file over 300 lines says why at its top (tests and generated data aside)', () => {
    const sources = ['web', 'tools', 'cpp']
      .flatMap((d) => files(join(root, d)))
      .filter((f) => !LONG_ON_OTHER_BRANCHES.includes(rel(f)));
    const long = sources.filter((f) => {
      const text = readFileSync(f, 'utf8');
      return text.split('\n').length > LIMIT && !REASON.test(text.split('\n').slice(0, 5).join('\n'));
    });
    expect(long.map(rel)).toEqual([]);
  });

  test('the files listed as long on other branches are still long and without a reason (else drop them)', () => {
    for (const name of LONG_ON_OTHER_BRANCHES) {
      const text = readFileSync(join(root, name), 'utf8');
      expect(text.split('\n').length > LIMIT && !REASON.test(text.split('\n').slice(0, 5).join('\n'))).toBe(true);
    }
  });

  test('the canvas painters touch no DOM and import only each other and d3 (a Worker can run them)', () => {
    const dir = join(root, 'web/src/charts/paint');
    expect(files(dir).length).toBeGreaterThan(3);
    for (const file of files(dir)) {
      // The code, without its comments (which may well say "window" or "document").
      const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
      expect(text, rel(file)).not.toMatch(/\b(document|window|getComputedStyle|HTMLElement|HTMLCanvasElement)\b/);
      for (const target of imports(file)) expect(rel(target), rel(file)).toMatch(/^web\/src\/charts\/paint\//);
    }
  });
});
