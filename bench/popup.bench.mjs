// npm run bench:popup: how soon the popup shows its verdicts after it opens, with a cached
// robots.txt, in Chromium on this machine (the goal: within 100 ms). Reads the popup's
// `robots-lens:verdicts` performance mark, measured from the popup's navigation start.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import { launchChromium } from '../test/e2e/browsers.mjs';

const RUNS = 20;
execFileSync('node', ['scripts/build.mjs'], { stdio: 'inherit' });

const typical = readFileSync('test/fixtures/corpus/www.ibm.com.txt', 'utf8');
const lines = ['User-agent: *'];
for (let i = 0; lines.join('\n').length < 505_000; i++)
  lines.push(`Disallow: /section${i % 97}/page${i}${i % 3 === 0 ? '/*?sort=' : ''}`);
const large = lines.join('\n');
const files = { typical, large };

// A large page, for the cost of reading its tags on the page's main thread: 20,000 elements,
// 5,000 links (a third with rel qualifiers), 60 meta tags, ~1.6 MB of HTML.
const bigPage = [
  '<!doctype html><html><head><title>big</title>',
  ...Array.from({ length: 50 }, (_, i) => `<meta name="x-meta-${i}" content="value ${i}">`),
  '<meta name="robots" content="max-snippet:50, noimageindex"><meta name="googlebot" content="nosnippet">',
  '<link rel="canonical" href="/products/big"></head><body>',
  ...Array.from(
    { length: 5000 },
    (_, i) =>
      `<div class="card"><p>Item ${i} ${'lorem ipsum '.repeat(20)}</p><a href="/p/${i}"${
        i % 3 === 0 ? ' rel="nofollow ugc"' : ''
      }>item ${i}</a><span>${i}</span></div>`,
  ),
  '</body></html>',
].join('\n');

const server = createServer((req, res) => {
  const name = req.headers.host?.startsWith('localhost') ? 'large' : 'typical';
  if (req.url === '/robots.txt')
    return res.writeHead(200, { 'content-type': 'text/plain' }).end(files[name]);
  if (req.url === '/big-page')
    return res.writeHead(200, { 'content-type': 'text/html' }).end(bigPage);
  res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>page</h1>');
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const port = server.address().port;

const browser = await launchChromium();
const results = {};
let pageRead = null;
try {
  for (const [name, host] of [
    ['typical', '127.0.0.1'],
    ['large', 'localhost'],
  ]) {
    const { tabId } = await browser.openSite(`http://${host}:${port}/products/item?id=1`);
    await browser.popup(tabId); // fills the cache and warms the background
    const times = [];
    for (let i = 0; i < RUNS; i++) {
      times.push(
        await browser.interact(
          tabId,
          () => performance.getEntriesByName('robots-lens:verdicts')[0]?.startTime ?? Number.NaN,
        ),
      );
    }
    times.sort((a, b) => a - b);
    const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
    results[`${name} (${(files[name].length / 1024).toFixed(1)} KiB)`] = {
      'median ms': at(0.5).toFixed(1),
      'p90 ms': at(0.9).toFixed(1),
      'min ms': times[0].toFixed(1),
      'max ms': times[times.length - 1].toFixed(1),
    };
  }
  // The DOM read on a large page: the reader's own clock, on the page's main thread.
  const { tabId } = await browser.openSite(`http://127.0.0.1:${port}/big-page`);
  const reads = [];
  for (let i = 0; i < RUNS; i++) {
    reads.push(
      await browser.interact(tabId, () =>
        Number(document.querySelector('[data-read-ms]')?.getAttribute('data-read-ms')),
      ),
    );
  }
  // The link count, read only when the Page view opens.
  const counts = [];
  for (let i = 0; i < RUNS; i++) {
    counts.push(
      await browser.interact(tabId, async () => {
        document.querySelector('[data-view="page"]')?.click();
        for (let wait = 0; wait < 100 && !document.querySelector('[data-links]'); wait++)
          await new Promise((resolve) => setTimeout(resolve, 20));
        return Number(document.querySelector('[data-links]')?.getAttribute('data-read-ms'));
      }),
    );
  }
  const row = (values) => {
    values.sort((a, b) => a - b);
    return {
      'median ms': values[Math.floor(RUNS / 2)]?.toFixed(2),
      'p90 ms': values[Math.floor(RUNS * 0.9)]?.toFixed(2),
      'max ms': values[RUNS - 1]?.toFixed(2),
    };
  };
  pageRead = {
    'tags (popup, badge)': row(reads),
    'link count (Page view)': row(counts),
  };
} finally {
  await browser.close();
  server.close();
}
console.log(
  `\nPopup: time from opening to verdicts on screen, cached robots.txt, Chromium, ${RUNS} runs each`,
);
console.table(results);
if (pageRead !== null) {
  console.log(
    `\nReading a large page's tags (${(bigPage.length / 1e6).toFixed(1)} MB HTML, 5,000 links), on its main thread:`,
  );
  console.table(pageRead);
}
const popup = readFileSync('dist/popup.js');
console.log(
  `popup.js: ${(popup.length / 1024).toFixed(1)} KiB minified, ${(gzipSync(popup, { level: 9 }).length / 1024).toFixed(1)} KiB gzip (goal: verdicts within 100 ms)`,
);
