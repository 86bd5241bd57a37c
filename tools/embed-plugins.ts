// A Vite plugin for the dev server (vite.config.ts), so the example post
// works under `npm start` too.
import type { Plugin } from 'vite';

/** In development, the example post's ./phasor-embed.js is the embed entry's source, and its icon the explorer's. */
export function serveEmbedInDev(): Plugin {
  return {
    name: 'phasor-serve-embed-in-dev',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url?.startsWith('/examples/phasor-embed.js')) req.url = '/src/embed/phasor-embed.ts';
        if (req.url === '/examples/favicon.svg') req.url = '/explorer/favicon.svg';
        next();
      });
    },
  };
}
