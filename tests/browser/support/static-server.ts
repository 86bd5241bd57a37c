// Serves build/site on a free localhost port, with the strict
// Content-Security-Policy the elements must work under (issue 4 embeds them
// in pages that send it), so a CSP violation shows up as a console error.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve } from 'node:path';

export const SITE = resolve(import.meta.dirname, '../../../build/site');

export const STRICT_CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'";

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
};

export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Serves `root` on a free localhost port with `headers` on every file (the
 * strict CSP, for instance). /favicon.ico answers 204: a 404 would show up as
 * a console error in the tests that count them.
 */
export async function serveDirectory(root: string, headers: Record<string, string> = {}): Promise<StaticServer> {
  const server: Server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    if (path === '/favicon.ico') {
      response.writeHead(204).end();
      return;
    }
    let file = normalize(join(root, path));
    if (!file.startsWith(root)) {
      response.writeHead(403).end();
      return;
    }
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    response.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-store',
      ...headers,
    });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** build/site (the built explorer) under the strict CSP. */
export async function serveSite(root = SITE): Promise<StaticServer> {
  if (!existsSync(join(root, 'index.html'))) {
    throw new Error(
      `${root}/index.html is missing: run \`vite build -c web/vite.config.ts\` first (npm run test:browser does)`,
    );
  }
  return serveDirectory(root, { 'content-security-policy': STRICT_CSP });
}
