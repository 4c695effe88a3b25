// The demo site for `npm start`: the 1994 standard's example robots.txt and a few pages, some
// of them disallowed, some saying noindex or nofollow by a tag or a header, linked together so
// the badge can be watched while browsing.
import { createServer } from 'node:http';

export const DEMO_ROBOTS_TXT = [
  "# robots.txt for http://www.example.com/ (the 1994 standard's examples)",
  '',
  'User-agent: *',
  'Disallow: /cyberworld/map/ # This is an infinite virtual URL space',
  'Disallow: /tmp/ # these will soon disappear',
  'Disallow: /foo.html',
  '',
  '# Cybermapper knows where to go.',
  'User-agent: cybermapper',
  'Disallow:',
  '',
].join('\n');

const PAGES = {
  '/': 'Welcome',
  '/about.html': 'About (allowed)',
  '/cyberworld/map/index.html': 'Cyberworld map (disallowed)',
  '/tmp/notes.html': 'Temporary notes (disallowed)',
  '/foo.html': 'Foo (disallowed)',
  '/drafts.html': 'Drafts (allowed, but noindex by a meta tag)',
  '/report.html': 'Report (allowed, X-Robots-Tag: googlebot: noindex)',
  '/tmp/old.html': 'Old page (disallowed, and noindex: never seen)',
};

/** What each page says about itself: meta robots tags, X-Robots-Tag headers, a canonical. */
const SIGNALS = {
  '/drafts.html': {
    head: '<meta name="robots" content="noindex, nofollow"><link rel="canonical" href="/">',
  },
  '/report.html': { headers: { 'x-robots-tag': ['googlebot: noindex', 'bingbot: nosnippet'] } },
  '/tmp/old.html': { head: '<meta name="robots" content="noindex">' },
};

function page(title, head = '') {
  const links = Object.entries(PAGES)
    .map(([path, name]) => `<li><a href="${path}">${name}</a> <code>${path}</code></li>`)
    .join('');
  return `<!doctype html><meta charset="utf-8">${head}<title>${title}</title><style>body{font:16px system-ui;margin:2rem}</style><h1>${title}</h1><p>Open the Robots Lens popup on each page. <a href="/robots.txt">robots.txt</a></p><ul>${links}</ul>`;
}

/** Starts the demo site on `port` (0: any free port); resolves to its origin and a close function. */
export async function startDemoSite(port = 0) {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/robots.txt')
      return res
        .writeHead(200, { 'content-type': 'text/plain; charset=utf-8' })
        .end(DEMO_ROBOTS_TXT);
    const title = PAGES[path];
    if (title === undefined)
      return res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    const signals = SIGNALS[path] ?? {};
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...signals.headers })
      .end(page(title, signals.head));
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${server.address().port}`, close: () => server.close() };
}
