// esbuild with no plugin and no splitting: every dynamic import is bundled in.
import { build } from 'esbuild';

await build({
  entryPoints: ['main.js', 'embed.js', 'worker.js', 'worker-page.js'],
  bundle: true,
  format: 'esm',
  minify: true,
  outdir: 'dist',
  logLevel: 'warning',
});
