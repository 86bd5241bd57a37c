// Starts Vite's dev server on a free port and prints its URL (the matrix opens it, then stops this process).
import { createServer } from 'vite';

const server = await createServer({ logLevel: 'error', server: { host: '127.0.0.1', port: 0, strictPort: false } });
await server.listen();
console.log(JSON.stringify({ url: server.resolvedUrls.local[0] }));
