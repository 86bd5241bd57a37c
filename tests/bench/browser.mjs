// `npm run bench:browser`: the same benchmark in Chromium. Serves
// tests/bench/page/ with Vite, opens it in headless Chromium (playwright-core
// driving /usr/bin/chromium), forwards its progress, prints its report and
// writes tests/bench/results/browser.json (then docs/performance.md shows it
// beside the Node run).
//
//   node tests/bench/browser.mjs [--quick] [--out <file>] [--chromium <path>]
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { loadAverageNow, loader, machine, regenerateReadme, resultsDir, startVite, writeJson } from './launch.mjs';

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    out: { type: 'string' },
    chromium: { type: 'string', default: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
  },
});

const server = await startVite({ listen: true });
let browser;
try {
  const base = server.resolvedUrls.local[0];
  browser = await chromium.launch({
    executablePath: args.chromium,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const page = await browser.newPage();
  page.on('console', (m) => {
    if (m.text().startsWith('bench: ')) process.stderr.write(`${m.text()}\n`);
  });
  page.on('pageerror', (e) => process.stderr.write(`bench: page error: ${e.message}\n`));
  const started = machine();
  await page.goto(`${base}tests/bench/page/index.html${args.quick ? '?quick' : ''}`);
  await page.waitForFunction(() => window.benchResult !== undefined || window.benchError !== undefined, null, {
    timeout: 20 * 60_000,
    polling: 500,
  });
  const error = await page.evaluate(() => window.benchError);
  if (error) throw new Error(`the bench page failed: ${error}`);
  const result = await page.evaluate(() => window.benchResult);

  // What only Node can see: the CPU model, the OS and the load.
  const { cpu, os, loadAverage } = started;
  Object.assign(result.environment, { cpu, os, loadAverage, loadAverageAtEnd: loadAverageNow() });
  // The user agent hides the minor version numbers; the browser process does not.
  result.environment.runtime = `Chromium ${browser.version()} (headless)`;

  const report = await loader(server)('tests/bench/report.ts');
  const out = args.out ?? `${resultsDir}/${args.quick ? 'browser-quick' : 'browser'}.json`;
  writeJson(out, result);
  process.stdout.write(`${report.renderReport(result)}\n`);
  process.stderr.write(`bench: wrote ${out}\n`);
  if (!args.quick && !args.out && (await regenerateReadme(server))) {
    process.stderr.write('bench: regenerated docs/performance.md with the Chromium table\n');
  }
} finally {
  await browser?.close();
  await server.close();
}
