#!/usr/bin/env node
// The `phasor` command of the package (package.json "bin"): see docs/cli.md.
import { main } from './main.js';

// A reader that stops early (`phasor identify t.npy --json | head`) is not an error of ours.
for (const stream of [process.stdout, process.stderr])
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(process.exitCode ?? 0);
  });

process.exitCode = await main(process.argv.slice(2), {
  out: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text),
});
