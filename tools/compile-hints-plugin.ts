// The pages' scripts run almost all their code as the page starts (the
// charts, the core's glue): a comment on the first line of each built script
// asks Chromium to compile the file whole, off the main thread, as it
// downloads, instead of each function on the main thread at its first call
// (V8's explicit compile hints; other engines read a comment). Written into
// the files once they are on disk: minification would drop it, and Vite adds
// its own first lines to a chunk (its preload map) after the plugins' last
// bundle hook.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

export function compiledWhole(): Plugin {
  return {
    name: 'phasor:compiled-whole',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const fileName of Object.keys(bundle)) {
        if (!fileName.endsWith('.js')) continue;
        const path = join(options.dir!, fileName);
        const code = readFileSync(path, 'utf8');
        if (!code.startsWith(COMPILE_HINT)) writeFileSync(path, `${COMPILE_HINT}\n${code}`);
      }
    },
  };
}
