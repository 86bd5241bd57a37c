// Loading the wasm: one instance per build however it is asked for, the
// inlined bytes decoded with or without DecompressionStream, and a failed load
// that names the URL it tried and the fix.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { createPhasor, VERSION } from '../../web/src/core/index.js';
import { gunzip } from '../../web/src/core/wasm-inline.js';
import { gzipSync } from 'node:zlib';

let server: Server;
let origin: string;
beforeAll(async () => {
  // /missing.wasm → 404; /fallback.wasm → 200 with an HTML page, as a dev server's fallback does.
  server = createServer((request, response) => {
    if (request.url === '/fallback.wasm')
      response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html>');
    else response.writeHead(404).end();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

const seedRow3 = [Math.sin(3), Math.cos(3), Math.sin(0.03), Math.cos(0.03)];

describe('createPhasor shares one instance per build', () => {
  test('createPhasor(), { kernels: "simd" } and { experiments: true } are one instance, compiled once', async () => {
    const instantiate = vi.spyOn(WebAssembly, 'instantiate');
    const [a, b, c] = await Promise.all([
      createPhasor(),
      createPhasor({ kernels: 'simd' }),
      createPhasor({ experiments: true }),
    ]);
    expect(b).toBe(a);
    expect(c).toBe(a);
    expect(a.hasExperiments).toBe(true);
    await createPhasor({ experiments: true });
    // phasor.wasm and phasor-experiments.wasm, once each.
    expect(instantiate).toHaveBeenCalledTimes(2);
    instantiate.mockRestore();
    const row = Array.from(a.encode({ positions: 1, dModel: 4, offset: 3 }).table);
    row.forEach((v, i) => expect(Math.abs(v - seedRow3[i])).toBeLessThan(6e-8));
  });

  test('a later wasmUrl does not load the build again: the first load decides', async () => {
    const a = await createPhasor();
    expect(await createPhasor({ wasmUrl: `${origin}/missing.wasm` })).toBe(a);
  });

  test("the package version in the sharing key is package.json's", () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(VERSION).toBe(pkg.version);
  });
});

describe('a wasm that cannot be loaded', () => {
  // The scalar builds are not loaded by the tests above, so these URLs are used.
  test('a 404 throws an Error naming the URL and the option to fix, and the next good call works', async () => {
    const url = `${origin}/missing.wasm`;
    const error = await createPhasor({ kernels: 'scalar', wasmUrl: url }).catch((e: unknown) => e as Error);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toContain(url);
    expect((error as Error).message).toContain('HTTP 404');
    expect((error as Error).message).toContain('wasmUrl');
    const ph = await createPhasor({ kernels: 'scalar' });
    expect(ph.simd).toBe(false);
  });

  test("a dev server's HTML fallback is refused as not WebAssembly, naming the URL", async () => {
    const ph = await createPhasor({ kernels: 'scalar' });
    const url = `${origin}/fallback.wasm`;
    const error = await ph.loadExperiments({ experimentsWasmUrl: url }).catch((e: unknown) => e as Error);
    expect((error as Error).message).toMatch(
      new RegExp(
        `${url.replace(/[.]/g, '\\.')} \\(got text/html that is not WebAssembly\\); check the experimentsWasmUrl`,
      ),
    );
    expect(ph.hasExperiments).toBe(false);
  });

  test('a missing file: URL (Node) names the path', async () => {
    const error = await createPhasor({
      kernels: 'scalar',
      experiments: true,
      experimentsWasmUrl: 'file:///nonexistent/phasor-experiments.wasm',
    }).catch((e: unknown) => e as Error);
    expect((error as Error).message).toContain('file:///nonexistent/phasor-experiments.wasm');
    expect((error as Error).message).toContain('ENOENT');
  });
});

describe('the inlined bytes', () => {
  const bytes = Uint8Array.from({ length: 100_000 }, (_, i) => (i * 7919) % 251);
  test('gunzip restores the bytes with DecompressionStream', async () => {
    expect(await gunzip(gzipSync(bytes))).toEqual(bytes);
  });

  test('gunzip restores the bytes with fflate where DecompressionStream is missing', async () => {
    vi.stubGlobal('DecompressionStream', undefined);
    try {
      expect(await gunzip(gzipSync(bytes))).toEqual(bytes);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
