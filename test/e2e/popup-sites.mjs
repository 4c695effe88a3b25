// Local test sites for the popup that keeps what the user is doing (issue 12). The popup remembers
// its state per origin, so every scenario gets an origin of its own (127.0.0.1, a free port each),
// and tests cannot see each other's drafts. Every server keeps a request log.
import { createServer } from 'node:http';

const TEXT = 'text/plain; charset=utf-8';

/** A robot name of letters only (digits in a name are a problem of their own): 0 → a, 27 → bb. */
const letters = (n) => String.fromCharCode(97 + (n % 26)).repeat(1 + Math.floor(n / 26));

/** A small file; `# version N` changes on every fetch, so a refresh brings a new file. */
const versioned = (n) =>
  `User-agent: *\nDisallow: /private/\n\nUser-agent: GPTBot\nDisallow: /\n# version ${n}\n`;

/** 40 groups; Googlebot's is the 34th, far down in Records. */
function manyGroups() {
  const lines = ['User-agent: *', 'Disallow: /private/', ''];
  let googlebotLine = 0;
  for (let i = 1; i <= 40; i++) {
    const agent = i === 34 ? 'Googlebot' : `ExampleBot-${letters(i)}`;
    if (i === 34) googlebotLine = lines.length + 1;
    lines.push(`User-agent: ${agent}`, `Disallow: /only-${i}/`, `Allow: /only-${i}/open/`, '');
  }
  return { text: lines.join('\n'), googlebotLine };
}
export const GROUPS = manyGroups();

/** As written in the file: Google reads both lines, the others do not. */
export const MISSPELLED = [
  'User-agent: *',
  'Disallow: /private/',
  '',
  'User-agent: Googlebot',
  'Allow: /private/item',
  'disalow: /drafts/',
  '',
  'User agent: Bingbot',
  'Disallow: /bing/',
  '',
].join('\n');

/**
 * Just under the 500 KiB limit (512,000 bytes): many groups, then near the end a line to find and
 * a misspelled one (a problem for "next problem"). Lines are 1-based, as the file view shows them.
 */
function bigFile() {
  const lines = [];
  let bytes = 0;
  for (let g = 0; bytes < 500_000; g++) {
    const group = [`User-agent: HugeBot-${letters(g)}`];
    for (let r = 0; r < 40; r++) group.push(`Disallow: /section-${g}/part-${r}/`);
    group.push('');
    lines.push(...group);
    bytes += Buffer.byteLength(`${group.join('\n')}\n`);
  }
  lines.push('User-agent: LastBot', 'Disallow: /last/');
  const needleLine = lines.push('Disallow: /needle-in-the-haystack/');
  const problemLine = lines.push('disalow: /typo-near-the-end/');
  lines.push('Disallow: /tail/', '');
  const text = lines.join('\n');
  const count = (term) => lines.filter((line) => line.toLowerCase().includes(term)).length;
  return {
    text,
    lines: lines.length,
    needleLine,
    problemLine,
    bytes: Buffer.byteLength(text),
    count,
  };
}
export const BIG = bigFile();
if (BIG.bytes >= 512_000) throw new Error(`the big file is ${BIG.bytes} bytes, over the limit`);

/** The file a redirect leads to, and its exact size in bytes (UTF-8, with a non-ASCII comment). */
export const REDIRECTED = 'User-agent: *\nDisallow: /moved/\n# déménagé — moved\n';
export const REDIRECTED_BYTES = Buffer.byteLength(REDIRECTED);

export const SOFT_404 =
  '<!doctype html><html><head><title>Page not found</title></head><body><h1>Sorry</h1><p>We could not find that page.</p></body></html>';

/** How long the slow site takes to answer /robots.txt. */
export const SLOW_MS = 1200;

/**
 * name → (req, res, state) answering /robots.txt (and /real-robots.txt). Other paths are a small
 * HTML page. Each name is its own origin.
 */
const SITES = {
  keep: (_req, res, state) => res.writeHead(200, { 'content-type': TEXT }).end(versioned(state.n)),
  other: (_req, res) => res.writeHead(200, { 'content-type': TEXT }).end(versioned(0)),
  note: (_req, res) => res.writeHead(200, { 'content-type': TEXT }).end(versioned(0)),
  groups: (_req, res) => res.writeHead(200, { 'content-type': TEXT }).end(GROUPS.text),
  draft: (_req, res) => res.writeHead(200, { 'content-type': TEXT }).end(versioned(0)),
  invalid: (_req, res) => res.writeHead(200, { 'content-type': TEXT }).end(versioned(0)),
  misspelled: (_req, res) => res.writeHead(200, { 'content-type': TEXT }).end(MISSPELLED),
  control: (_req, res) => res.writeHead(200, { 'content-type': TEXT }).end(versioned(0)),
  slow: (_req, res) => {
    const timer = setTimeout(
      () => res.writeHead(200, { 'content-type': TEXT }).end(versioned(0)),
      SLOW_MS,
    );
    res.on('close', () => clearTimeout(timer));
  },
  big: (_req, res) => res.writeHead(200, { 'content-type': TEXT }).end(BIG.text),
  summary: (_req, res) => res.writeHead(200, { 'content-type': TEXT }).end(GROUPS.text),
  redirect: (req, res) =>
    req.url === '/robots.txt'
      ? res.writeHead(301, { location: '/real-robots.txt' }).end()
      : res.writeHead(200, { 'content-type': TEXT }).end(REDIRECTED),
  soft404: (_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(SOFT_404),
};

/** Starts every site; returns origins by name, page URLs, the request logs and close(). */
export async function startPopupSites() {
  const servers = {};
  const logs = {};
  const origins = {};
  for (const [name, robots] of Object.entries(SITES)) {
    const state = { n: 0 };
    logs[name] = [];
    servers[name] = createServer((req, res) => {
      logs[name].push(req.url);
      if (req.url === '/robots.txt' || req.url === '/real-robots.txt') {
        state.n++;
        return robots(req, res, state);
      }
      if (req.url === '/favicon.ico') return res.writeHead(404).end();
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
        .end(`<!doctype html><title>${name}</title><h1>${name}</h1><p>${req.url}</p>`);
    });
    await new Promise((resolve) => servers[name].listen(0, '127.0.0.1', resolve));
    origins[name] = `http://127.0.0.1:${servers[name].address().port}`;
  }
  return {
    origins,
    url: (name, path = '/page') => origins[name] + path,
    logs,
    robotsRequests: (name) => logs[name].filter((u) => u === '/robots.txt').length,
    close: () => {
      for (const s of Object.values(servers)) {
        s.closeAllConnections();
        s.close();
      }
    },
  };
}
