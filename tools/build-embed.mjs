// Builds the embed script (build/embed/phasor-embed.js and its on-demand
// chunks) and puts the example post beside it, as a blogger would host them.
import { cpSync } from 'node:fs';
import { repoRoot, run } from './run.mjs';

run(process.execPath, [
  `${repoRoot}node_modules/vite/bin/vite.js`,
  'build',
  '-c',
  `${repoRoot}web/vite.config.ts`,
  '--mode',
  'embed',
  '--logLevel',
  'warn',
]);
for (const file of ['post.html', 'post.css'])
  cpSync(`${repoRoot}web/examples/${file}`, `${repoRoot}build/embed/${file}`);
cpSync(`${repoRoot}web/explorer/favicon.png`, `${repoRoot}build/embed/favicon.png`);
