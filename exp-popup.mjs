import { readFileSync, writeFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { launchChromium } from './test/e2e/browsers.mjs';
const RUNS = Number(process.env.RUNS) || 30;
const html = readFileSync('dist/popup.html', 'utf8');
writeFileSync('dist/x-nopreload.html', html.replace(/ *<link rel="modulepreload"[^>]*>\n/g, ''));
writeFileSync('dist/x-shell.html', html.replace(/ *<link rel="modulepreload"[^>]*>\n/g, '').replace('popup.js', 'x-shell.js'));
writeFileSync('dist/x-shell.js', `performance.mark('robots-lens:script');
const id = Number(new URLSearchParams(location.search).get('tab'));
chrome.storage.session.get(['tab-report:'+id, 'x-screen']).then(s => {
  performance.mark('robots-lens:snapshot');
  const root = document.getElementById('root');
  root.innerHTML = s['x-screen'] ?? '';
  performance.mark('robots-lens:rendered');
  void root.offsetHeight;
  performance.mark('robots-lens:layout');
  requestAnimationFrame(() => { performance.mark('robots-lens:raf'); setTimeout(() => { performance.mark('robots-lens:verdicts'); document.body.dataset.state = 'done'; })});
});`);
writeFileSync('dist/x-blank.html', `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>b</title></head><body><p>blank</p><script type="module" src="x-blank.js"></script></body></html>`);
writeFileSync('dist/x-blankh.html', `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>b</title><script src="x-blankh.js"></script></head><body><p>blank</p></body></html>`);
writeFileSync('dist/x-blankh.js', `performance.mark('robots-lens:verdicts'); performance.mark('robots-lens:script'); document.addEventListener('DOMContentLoaded', () => { document.body.dataset.state = 'done'; });`);
writeFileSync('dist/x-blank.js', `performance.mark('robots-lens:verdicts'); performance.mark('robots-lens:script'); document.body.dataset.state='done';`);
const typical = readFileSync('test/fixtures/corpus/www.ibm.com.txt', 'utf8');
const server = createServer((req, res) => {
  if (req.url === '/robots.txt') return res.writeHead(200, { 'content-type': 'text/plain' }).end(typical);
  res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>page</h1>');
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const port = server.address().port;
const browser = await launchChromium();
const q = (v, p) => { const s = [...v].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor(p * s.length))]; };
try {
  const { tabId } = await browser.openSite(`http://127.0.0.1:${port}/products/item?id=1`);
  await browser.popup(tabId);
  // the cached screen
  const p0 = await browser.openPage(`popup.html?tab=${tabId}`);
  await p0.evaluate(async () => { await new Promise(r => setTimeout(r, 300)); await chrome.storage.session.set({ 'x-screen': document.getElementById('root').innerHTML }); });
  await p0.close();
  const variants = (process.env.VARIANTS ?? 'x-blank,popup,x-nopreload,x-shell').split(',');
  const res = Object.fromEntries(variants.map((v) => [v, {}]));
  for (let i = 0; i < RUNS; i++) {
    const order = i % 2 ? [...variants].reverse() : variants;
    for (const v of order) {
      if (v.endsWith('-first')) {
        const b = await browser.openPage(`x-blank.html`);
        await b.evaluate((id) => chrome.storage.session.remove(`tab-screen:${id}`), tabId);
        await b.close();
      }
      const page = await browser.openPage(`${v.replace(/-first$/, '')}.html?tab=${tabId}`);
      const marks = await page.evaluate(async () => {
        for (let k = 0; k < 100 && !performance.getEntriesByName(location.pathname.includes('x-') ? 'robots-lens:verdicts' : 'robots-lens:kept').length; k++) await new Promise(r => setTimeout(r, 10));
        return Object.fromEntries(performance.getEntriesByType('mark').filter(m => m.name.startsWith('robots-lens:')).map(m => [m.name.slice(12), m.startTime]));
      });
      await page.close();
      for (const [k, ms] of Object.entries(marks)) (res[v][k] ??= []).push(ms);
    }
  }
  const table = {};
  for (const v of variants) for (const [k, vals] of Object.entries(res[v])) table[`${v} ${k}`] = { median: q(vals, 0.5).toFixed(1), p90: q(vals, 0.9).toFixed(1), n: vals.length };
  console.table(table);
  const B = variants[0]; const bp = q(res[B].verdicts, 0.9), bm = q(res[B].verdicts, 0.5); console.log('vs', B);
  for (const v of variants) console.log(v, 'adds median', (q(res[v].verdicts, 0.5) - bm).toFixed(1), 'p90', (q(res[v].verdicts, 0.9) - bp).toFixed(1));
} finally {
  await browser.close(); server.close();
  for (const f of ['x-inline-nopre.html', 'x-inline-nopoly-nopre.html', 'x-inline.html','x-inline.js','x-inline-nopoly.html','x-inline-nopoly.js','x-nopreload.html', 'x-shell.html', 'x-shell.js', 'x-blank.html', 'x-blank.js']) rmSync(`dist/${f}`, { force: true });
}
