// webpack 5, production mode, no loader and no rule for wasm.
import { resolve } from 'node:path';
import webpack from 'webpack';

const compiler = webpack({
  mode: 'production',
  context: resolve('.'),
  entry: { main: './main.js', embed: './embed.js', lean: './lean.js', 'worker-page': './worker-page.js' },
  output: { path: resolve('dist'), filename: '[name].js', publicPath: 'auto', clean: true },
  performance: { hints: false },
});
compiler.run((error, stats) => {
  compiler.close(() => undefined);
  if (error || stats.hasErrors()) {
    console.error(error ?? stats.toString('errors-only'));
    process.exit(1);
  }
  console.log(stats.toString('errors-warnings'));
});
