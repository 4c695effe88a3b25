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

const server = createServer((req, res) => {
  const name = req.headers.host?.startsWith('localhost') ? 'large' : 'typical';
  if (req.url === '/robots.txt')
    return res.writeHead(200, { 'content-type': 'text/plain' }).end(files[name]);
  res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>page</h1>');
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const port = server.address().port;

const browser = await launchChromium();
const results = {};
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
} finally {
  await browser.close();
  server.close();
}
console.log(
  `\nPopup: time from opening to verdicts on screen, cached robots.txt, Chromium, ${RUNS} runs each`,
);
console.table(results);
const popup = readFileSync('dist/popup.js');
console.log(
  `popup.js: ${(popup.length / 1024).toFixed(1)} KiB minified, ${(gzipSync(popup, { level: 9 }).length / 1024).toFixed(1)} KiB gzip (goal: verdicts within 100 ms)`,
);
