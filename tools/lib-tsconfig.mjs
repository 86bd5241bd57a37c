// The tsconfigs that emit the package's JavaScript, written into build/ (they
// are outputs of the build, not sources): the project's options from
// tsconfig.json, each with its own files and output folder.
//   lib  web/src/core, charts, elements: ES modules and declarations, no Node types
//   cli  web/src/cli (the `phasor` command, package.json "bin") and what it imports
//        (web/src/check's file readers, the core), with Node's types
// tools/build-lib.mjs emits both into dist/; tests/unit/cli-support.ts emits
// the cli one into a folder of its own (tsc --outDir), so the tests run the
// command as the package builds it.
import { mkdirSync, writeFileSync } from 'node:fs';
import { repoRoot } from './run.mjs';

const KINDS = {
  lib: {
    compilerOptions: { declaration: true, declarationMap: false, types: [] },
    include: ['../web/src/core/**/*.ts', '../web/src/charts/**/*.ts', '../web/src/elements/**/*.ts'],
  },
  cli: {
    compilerOptions: { declaration: false, types: ['node'] },
    include: ['../web/src/cli/**/*.ts'],
  },
};

/** Writes build/tsconfig.<kind>.json (always the same text: concurrent writers agree) and returns its path. */
export function writeTsconfig(kind) {
  const { compilerOptions, include } = KINDS[kind];
  const path = `${repoRoot}build/tsconfig.${kind}.json`;
  mkdirSync(`${repoRoot}build`, { recursive: true });
  const config = {
    extends: '../tsconfig.json',
    compilerOptions: {
      noEmit: false,
      sourceMap: false,
      rootDir: '../web/src',
      outDir: '../dist',
      allowImportingTsExtensions: false,
      ...compilerOptions,
    },
    include,
  };
  writeFileSync(path, `${JSON.stringify(config, null, 2)}\n`);
  return path;
}
