#!/usr/bin/env node
// The `phasor` command of the package (package.json "bin"): see docs/cli.md.
import { main } from './main.js';

process.exitCode = await main(process.argv.slice(2), {
  out: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text),
});
