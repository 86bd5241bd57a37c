import { readdirSync } from 'node:fs';
import { defineConfig } from 'vite';

// Every page the matrix writes into this project is an entry.
export default defineConfig({
  build: { rollupOptions: { input: readdirSync('.').filter((f) => f.endsWith('.html')) } },
});
