// End-to-end: the engine bundled as the extension will bundle it, run in real Chromium
// (playwright-core) and real Firefox ESR (puppeteer-core over WebDriver BiDi), headless: a page
// of its own in the browser the other suites use.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { build } from 'esbuild';
import { BROWSERS, launchChromium } from './browsers.mjs';

const OUT = join(import.meta.dirname, '../../out/e2e');
let server;
let origin;

before(async () => {
  mkdirSync(OUT, { recursive: true });
  await build({
    entryPoints: [join(import.meta.dirname, 'engine-page.ts')],
    outfile: join(OUT, 'engine.js'),
    bundle: true,
    format: 'iife',
    target: 'es2022',
    logLevel: 'warning',
  });
  writeFileSync(
    join(OUT, 'index.html'),
    '<!doctype html><meta charset="utf-8"><title>engine</title><body data-state="loading"><script src="engine.js"></script>',
  );
  server = createServer((req, res) => {
    const file = req.url === '/engine.js' ? 'engine.js' : 'index.html';
    res.writeHead(200, {
      'content-type': file.endsWith('.js') ? 'text/javascript' : 'text/html; charset=utf-8',
    });
    res.end(readFileSync(join(OUT, file)));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${server.address().port}`;
});

after(() => server?.close());

function assertResult(result) {
  assert.deepEqual(result.mismatches, []);
  assert.ok(result.checked >= 291, `only ${result.checked} verdicts were checked`);
}

for (const launch of BROWSERS) {
  test(`the engine in ${launch === launchChromium ? 'Chromium' : 'Firefox ESR'}`, async () => {
    const browser = await launch();
    try {
      const { page } = await browser.openSite(`${origin}/`);
      await page.waitForSelector('body[data-state="done"]');
      assertResult(await page.evaluate(() => window.__result));
    } finally {
      await browser.close();
    }
  });
}
