// npm run bench:popup: how soon the popup shows its verdicts after it opens, with a cached
// robots.txt, in Chromium on this machine, and how much of that is the popup's own work. Absolute
// times move from machine to machine, so the same run opens a blank extension page (an empty HTML
// page whose one tiny script sets a performance mark) as many times, interleaved with the popup
// runs to cancel drift, and reports what the popup adds on top of it (the goal: at most 30 ms at
// p90, for a typical file and a 493 KiB one). Each run opens the page the toolbar button would:
// the tab's popup URL as the background set it, which carries the screen it drew from the tab's
// snapshot (first-screen/draw-screen.tsx). Rows: the popup opened again on a page, opened for the
// first time on a page just loaded (the tab loads another page of the site before each run, and
// the run waits for the background to draw it), opened with no screen to show (the tab's popup URL
// set back to the plain page: the app draws the tab's snapshot or its own report), and with the
// background asleep (stopped before each run, as an MV3 worker is after 30 s idle; the blank page
// of that row is opened asleep too, so the row compares like with like, and the blank page's own
// cost of waking is printed); and when the popup's own report replaces what it showed first. All
// are read from performance marks, measured from each page's navigation start: the popup's
// `robots-lens:verdicts`, the blank page's `robots-lens:bench-blank`. Then the cost of reading a
// large page's tags, and the bundle sizes.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import { launchChromium } from '../test/e2e/browsers.mjs';

const RUNS = Number(process.env.BENCH_RUNS) || 30;
/**
 * BENCH_SAMPLES=FILE writes every run's ms (popup, blank page) per row as JSON, so that rounds of
 * an A/B can be pooled: a p90 of 30 runs moves by several ms from round to round on its own.
 */
const SAMPLES_FILE = process.env.BENCH_SAMPLES;
/** What the popup may add to a blank extension page, at p90. */
const TARGET_MS = 30;
execFileSync('node', ['scripts/build.mjs'], { stdio: 'inherit' });

// The blank page, written into dist/ after the build so it is never packaged (`npm run package`
// builds again), and removed at the end. Its script loads the way popup.html loads the popup's
// (a module script or a classic one, in the head or at the end of the body), so the difference is
// the popup's own work; its body shows a word, as the driver waits for a visible body.
const BLANK = { html: 'dist/bench-blank.html', js: 'dist/bench-blank.js' };
const popupHtml = readFileSync('dist/popup.html', 'utf8');
const popupScript = /<script([^>]*) src="popup\.js"><\/script>/.exec(popupHtml);
if (popupScript === null) throw new Error('bench: no popup.js script in dist/popup.html');
const isModule = popupScript[1].includes('type="module"');
const inHead = popupScript.index < popupHtml.indexOf('</head>');
const blankScript = `    <script${popupScript[1]} src="bench-blank.js"></script>\n`;
writeFileSync(
  BLANK.html,
  `<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="utf-8" />\n    <title>blank</title>\n${inHead ? blankScript : ''}  </head>\n  <body>\n    <p>blank</p>\n${inHead ? '' : blankScript}  </body>\n</html>\n`,
);
writeFileSync(
  BLANK.js,
  "performance.mark('robots-lens:bench-blank');\n" +
    // On screen: after the next frame, as the popup's verdicts mark is (Preact's effects run then).
    "const shown = () => {\n  document.body.dataset.state = 'done';\n  requestAnimationFrame(() => setTimeout(() => performance.mark('robots-lens:bench-blank-frame')));\n};\n" +
    "if (document.body === null) document.addEventListener('DOMContentLoaded', shown, { once: true });\nelse shown();\n",
);

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

/** The value at quantile `q` of sorted `values` (the same rule for every column). */
const quantile = (values, q) => values[Math.min(values.length - 1, Math.floor(q * values.length))];
const sorted = (values) => [...values].sort((a, b) => a - b);

const browser = await launchChromium();
const results = {};
const verdicts = [];
/** Each row's blank page (asleep or not), for what waking the background costs any page. */
const blanks = [];
const stepTables = {};
/** Every run's ms per row (BENCH_SAMPLES). */
const samples = {};
let pageRead = null;
try {
  const blankRun = async () => {
    if (blankAsleep && stopWorkers !== null) await stopWorkers();
    const page = await browser.openPage('bench-blank.html');
    const [ms, frameMs] = await page.evaluate(async () => {
      const at = (name) => performance.getEntriesByName(`robots-lens:${name}`)[0]?.startTime;
      for (let i = 0; i < 100 && at('bench-blank-frame') === undefined; i++)
        await new Promise((resolve) => setTimeout(resolve, 10));
      return [at('bench-blank') ?? Number.NaN, at('bench-blank-frame') ?? Number.NaN];
    });
    await page.close();
    blankFrames.push(frameMs);
    return ms;
  };
  /** The blank page's first frame, each run: reset per file. */
  let blankFrames = [];
  /** Whether the blank page is opened with the background asleep (the asleep row's reference). */
  let blankAsleep = false;
  await blankRun(); // the first extension page of the run pays for more than its own script
  // The background asleep, as an MV3 worker is after 30 s idle: stopped before each run (DevTools
  // protocol, ServiceWorker.stopAllWorkers), so the popup's report waits for it to start again.
  let stopWorkers = null;
  /** The pages opened for the first time, each another URL. */
  let pageNumber = 1;
  /** Sets the tab's popup URL back to the plain page (from an extension page): no screen to show. */
  const forgetScreen = async (tabId) => {
    const page = await browser.openPage('bench-blank.html');
    await page.evaluate((id) => chrome.action.setPopup({ tabId: id, popup: 'popup.html' }), tabId);
    await page.close();
  };
  for (const [name, host, asleep, opening] of [
    ['typical', '127.0.0.1', false, 'again'],
    ['large', 'localhost', false, 'again'],
    ['typical, first opening on the page', '127.0.0.1', false, 'first'],
    ['large, first opening on the page', 'localhost', false, 'first'],
    ['typical, no screen to show', '127.0.0.1', false, 'no screen'],
    ['typical, background asleep', '127.0.0.1', true, 'again'],
  ]) {
    const file = host === 'localhost' ? files.large : files.typical;
    // Each row in a tab of its own, at a URL of its own (openSite finds the tab by its URL).
    const { tabId, page: site } = await browser.openSite(
      `http://${host}:${port}/products/item?id=1&row=${encodeURIComponent(name)}`,
    );
    await browser.popup(tabId); // fills the cache and warms the background
    if (asleep && stopWorkers === null) {
      const session = await site.context().newCDPSession(site);
      await session.send('ServiceWorker.enable');
      stopWorkers = async () => {
        await session.send('ServiceWorker.stopAllWorkers');
        await new Promise((resolve) => setTimeout(resolve, 200));
      };
    }
    const steps = {};
    const popupRun = async () => {
      if (opening === 'no screen') await forgetScreen(tabId);
      if (opening === 'first') {
        // Another page of the site loaded in the tab, the popup never opened on it: what the
        // background drew once it judged the page (the tab's popup URL carries a screen again).
        await site.goto(`http://${host}:${port}/products/item?id=${++pageNumber}`);
        for (
          let i = 0;
          i < 500 && !(await browser.popupPath(tabId)).startsWith('popup-screen');
          i++
        )
          await new Promise((resolve) => setTimeout(resolve, 10));
      }
      // The page the toolbar button opens: the tab's popup URL as set (it may carry a screen),
      // read while the background runs (the browser keeps it while the background sleeps).
      const path = await browser.popupPath(tabId);
      if (asleep) await stopWorkers();
      const marks = await browser.clicked(
        tabId,
        async () => {
          // Open until the popup's own report is drawn, as a user's popup is.
          for (let i = 0; i < 100 && document.body.dataset.state !== 'done'; i++)
            await new Promise((resolve) => setTimeout(resolve, 10));
          return Object.fromEntries(
            performance
              .getEntriesByType('mark')
              .filter((m) => m.name.startsWith('robots-lens:'))
              .map((m) => [m.name.slice('robots-lens:'.length), m.startTime])
              .concat(performance.getEntriesByType('paint').map((p) => [p.name, p.startTime])),
          );
        },
        undefined,
        path,
      );
      for (const [step, ms] of Object.entries(marks)) {
        steps[step] ??= [];
        steps[step].push(ms);
      }
      fresh.push(marks.fresh ?? marks.verdicts ?? Number.NaN);
      return marks.verdicts ?? Number.NaN;
    };
    const popup = [];
    const fresh = [];
    const blank = [];
    blankFrames = [];
    blankAsleep = asleep;
    // Interleaved, each going first every other time: drift and order effects fall on both.
    for (let i = 0; i < RUNS; i++) {
      if (i % 2 === 0) {
        popup.push(await popupRun());
        blank.push(await blankRun());
      } else {
        blank.push(await blankRun());
        popup.push(await popupRun());
      }
    }
    const p = sorted(popup);
    const f = sorted(fresh);
    const b = sorted(blank);
    const bf = sorted(blankFrames);
    const addsMedian = quantile(p, 0.5) - quantile(b, 0.5);
    const addsP90 = quantile(p, 0.9) - quantile(b, 0.9);
    blanks.push({ name, asleep, median: quantile(b, 0.5), p90: quantile(b, 0.9) });
    verdicts.push({
      name,
      addsP90,
      freshP90: quantile(f, 0.9) - quantile(b, 0.9),
      onScreenP90: quantile(p, 0.9) - quantile(bf, 0.9),
    });
    // Where the popup's time goes: the median moment of each step, in the order they happen, and
    // in how many runs it happened (the kept screen is shown only when it was drawn from the
    // snapshot the background keeps now).
    stepTables[name] = Object.fromEntries(
      Object.entries(steps)
        .map(([step, values]) => [step, quantile(sorted(values), 0.5), values.length])
        .sort((a, b) => a[1] - b[1])
        .map(([step, ms, runs]) => [
          step,
          { 'median ms': ms.toFixed(1), runs: `${runs} of ${RUNS}` },
        ]),
    );
    samples[name] = { popup, blank };
    results[`${name} (${(file.length / 1024).toFixed(1)} KiB)`] = {
      'popup median': quantile(p, 0.5).toFixed(1),
      'popup p90': quantile(p, 0.9).toFixed(1),
      'blank median': quantile(b, 0.5).toFixed(1),
      'blank p90': quantile(b, 0.9).toFixed(1),
      'adds median': addsMedian.toFixed(1),
      'adds p90': addsP90.toFixed(1),
      'own report p90': (quantile(f, 0.9) - quantile(b, 0.9)).toFixed(1),
      'blank frame p90': quantile(bf, 0.9).toFixed(1),
      'adds p90 to its frame': (quantile(p, 0.9) - quantile(bf, 0.9)).toFixed(1),
      'popup min–max': `${p[0].toFixed(0)}–${p[p.length - 1].toFixed(0)}`,
      'blank min–max': `${b[0].toFixed(0)}–${b[b.length - 1].toFixed(0)}`,
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
    const s = sorted(values);
    return {
      'median ms': quantile(s, 0.5)?.toFixed(2),
      'p90 ms': quantile(s, 0.9)?.toFixed(2),
      'max ms': s[s.length - 1]?.toFixed(2),
    };
  };
  pageRead = {
    'tags (popup, badge)': row(reads),
    'link count (Page view)': row(counts),
  };
} finally {
  await browser.close();
  server.close();
  rmSync(BLANK.html, { force: true });
  rmSync(BLANK.js, { force: true });
}
if (SAMPLES_FILE !== undefined) writeFileSync(SAMPLES_FILE, `${JSON.stringify(samples)}\n`);
console.log(
  `\nPopup: ms from opening to verdicts on screen (cached robots.txt), and a blank extension page's ms to its first ${isModule ? 'module' : 'classic'} script (both in the ${inHead ? 'head' : 'body'}), Chromium, ${RUNS} interleaved runs each`,
);
console.table(results);
for (const [name, table] of Object.entries(stepTables)) {
  console.log(`\n${name}: when each step of the popup ends (median ms from opening)`);
  console.table(table);
}
console.log(
  "\n'adds': the first screen's verdicts (the tab's snapshot when it comes first, else the popup's own report); 'own report': when the popup's own report is on screen in their place (the same moment when no snapshot was shown).",
);
console.log(
  "'adds' compares with the blank page's first script (the goal's reference); 'adds to its frame' with the blank page on screen (its first frame, marked as the verdicts are: after the next animation frame).",
);
for (const { name, addsP90, freshP90, onScreenP90 } of verdicts)
  console.log(
    `${name}: the popup adds ${addsP90.toFixed(1)} ms at p90 (goal: at most ${TARGET_MS} ms) ${addsP90 <= TARGET_MS ? 'met' : 'NOT met'}; its own report ${freshP90.toFixed(1)} ms; to the blank page on screen ${onScreenP90.toFixed(1)} ms`,
  );
const awake = blanks.find((b) => !b.asleep);
for (const b of blanks.filter((x) => x.asleep && awake !== undefined))
  console.log(
    `${b.name}: the blank page itself opened ${(b.median - awake.median).toFixed(1)} ms later at the median, ${(b.p90 - awake.p90).toFixed(1)} at p90, with the background asleep than awake (${awake.name}): what waking the extension costs any page`,
  );
if (pageRead !== null) {
  console.log(
    `\nReading a large page's tags (${(bigPage.length / 1e6).toFixed(1)} MB HTML, 5,000 links), on its main thread:`,
  );
  console.table(pageRead);
}

// Bundle sizes: each page's entry, the chunks it imports before running (its first screen), and
// the chunks it loads only when asked (import()).
const kib = (bytes) => (bytes / 1024).toFixed(1);
const size = (file) => {
  const bytes = readFileSync(`dist/${file}`);
  return { bytes: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
};
/**
 * `file` and every chunk it imports statically, transitively (what runs before its code), and for
 * the page's entry also what it imports itself with import() (the popup's entry sends its first
 * requests, then imports the app: the HTML preloads both).
 */
const eager = (file, seen = new Set(), entry = true) => {
  if (seen.has(file)) return seen;
  seen.add(file);
  const source = readFileSync(`dist/${file}`, 'utf8');
  const dir = file.includes('/') ? file.slice(0, file.lastIndexOf('/') + 1) : '';
  const imports = entry
    ? /(?:\bfrom|\bimport)\s*\(?\s*["']\.\/([^"']+)["']/g
    : /(?:\bfrom|\bimport)\s*["']\.\/([^"']+)["']/g;
  for (const m of source.matchAll(imports))
    eager(new URL(m[1], `file:///${dir}`).pathname.slice(1), seen, false);
  return seen;
};
let chunks = [];
try {
  chunks = readdirSync('dist/chunks').map((f) => `chunks/${f}`);
} catch {}
const sizes = {};
for (const entry of ['popup.js', 'options.js']) {
  const first = eager(entry);
  const total = [...first]
    .map(size)
    .reduce((a, s) => ({ bytes: a.bytes + s.bytes, gzip: a.gzip + s.gzip }), { bytes: 0, gzip: 0 });
  sizes[
    `${entry.replace('.js', '')}: first screen (${first.size} file${first.size > 1 ? 's' : ''})`
  ] = {
    'KiB min': kib(total.bytes),
    'KiB gzip': kib(total.gzip),
  };
}
for (const file of ['background.js', 'popup.js', 'options.js', ...chunks]) {
  const s = size(file);
  sizes[file] = {
    'KiB min': kib(s.bytes),
    'KiB gzip': kib(s.gzip),
    eager: ['popup.js', 'options.js']
      .filter((entry) => eager(entry).has(file))
      .map((entry) => entry.replace('.js', ''))
      .join(', '),
  };
}
console.log('\nBundles (gzip -9 per file; "eager": loaded before that page runs):');
console.table(sizes);
