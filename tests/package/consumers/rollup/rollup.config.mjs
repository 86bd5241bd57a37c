// Rollup 4 with node-resolve: the lazily loaded wasm builds become chunks (hence output.dir).
import { nodeResolve } from '@rollup/plugin-node-resolve';

export default {
  input: { main: 'main.js', embed: 'embed.js' },
  output: { dir: 'dist', format: 'es' },
  plugins: [nodeResolve({ browser: true })],
};
