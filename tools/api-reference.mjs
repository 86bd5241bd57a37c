// docs/reference/: the API reference, Markdown written by TypeDoc from the
// TSDoc of the package's entries (phasor, phasor/lean, phasor/elements;
// tools/typedoc.json), committed so it reads on GitHub and in the package.
//   node tools/api-reference.mjs           rewrite docs/reference/
//   node tools/api-reference.mjs --check   fail if docs/reference/ differs from the source (npm test)
// TypeDoc's warnings are errors (tools/typedoc.json): a broken link or a
// public type that names an unexported one fails here, not in a reader's hands.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { repoRoot, run } from './run.mjs';

const check = process.argv.includes('--check');
const committed = join(repoRoot, 'docs/reference');
// Written to a temporary folder first: a failed run leaves docs/reference/ as it was.
const out = mkdtempSync(join(tmpdir(), 'phasor-reference-'));
run(
  process.execPath,
  [
    join(repoRoot, 'node_modules/typedoc/bin/typedoc'),
    '--options',
    'tools/typedoc.json',
    '--out',
    out,
    '--logLevel',
    'Warn',
  ],
  {
    cwd: repoRoot,
  },
);

function files(dir) {
  const found = new Map();
  const walk = (d) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) walk(path);
      else found.set(relative(dir, path), readFileSync(path, 'utf8'));
    }
  };
  walk(dir);
  return found;
}

if (!check) {
  rmSync(committed, { recursive: true, force: true });
  cpSync(out, committed, { recursive: true });
  rmSync(out, { recursive: true, force: true });
} else {
  const want = files(out);
  let have;
  try {
    have = files(committed);
  } catch {
    have = new Map();
  }
  rmSync(out, { recursive: true, force: true });
  const differ = [...new Set([...want.keys(), ...have.keys()])].filter((f) => want.get(f) !== have.get(f)).sort();
  if (differ.length > 0) {
    console.error(
      `phasor: docs/reference/ is out of date (${differ.join(', ')}); run node tools/api-reference.mjs and commit it`,
    );
    process.exit(1);
  }
}
