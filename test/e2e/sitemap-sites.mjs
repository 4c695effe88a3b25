// A local site for the Page view's sitemap check (issue 29, item 6): its robots.txt names a sitemap
// index of two sitemaps, one of them gzipped (.xml.gz served as application/gzip, no
// Content-Encoding: the extension gunzips it itself). Both list /listed; the plain one also lists
// /noindex-listed (which says noindex) and /blocked/listed (which robots.txt disallows); nothing
// lists /not-listed. One origin (127.0.0.1, a free port) with a request log, so a test can say
// what was asked, and with which cookies.
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

const urlset = (origin, paths) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n${paths
    .map((p) => `  <url><loc>${origin}${p}</loc></url>\n`)
    .join('')}</urlset>\n`;

const sitemapIndex = (origin, paths) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${NS}">\n${paths
    .map((p) => `  <sitemap><loc>${origin}${p}</loc></sitemap>\n`)
    .join('')}</sitemapindex>\n`;

const html = (title, head = '') =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title>${head}</head>` +
  `<body><h1>${title}</h1></body></html>`;

/** The sitemap files, by path: [content type, body]. */
function sitemaps(origin) {
  return {
    '/sitemaps/index.xml': [
      'application/xml',
      sitemapIndex(origin, ['/sitemaps/pages.xml', '/sitemaps/more.xml.gz']),
    ],
    '/sitemaps/pages.xml': [
      'application/xml',
      urlset(origin, ['/listed', '/noindex-listed', '/blocked/listed', '/about']),
    ],
    '/sitemaps/more.xml.gz': [
      'application/gzip',
      gzipSync(urlset(origin, ['/listed', '/contact'])),
    ],
  };
}

/** The pages, by path: the extra <head>. /listed sets a cookie, which no sitemap request sends. */
const PAGES = {
  '/listed': `<script>document.cookie = 'session=1; path=/'</script>`,
  '/noindex-listed': '<meta name="robots" content="noindex">',
  '/not-listed': '',
  '/blocked/listed': '',
};

export const ROBOTS_TXT = (origin) =>
  `User-agent: *\nDisallow: /blocked/\n\nSitemap: ${origin}/sitemaps/index.xml\n`;

/** Starts the site; returns its origin, the request log and close(). */
export async function startSitemapSite() {
  /** @type {{ path: string, cookie: string | null }[]} */
  const log = [];
  let origin = '';
  const server = createServer((req, res) => {
    const path = new URL(req.url, 'http://x').pathname;
    log.push({ path, cookie: req.headers.cookie ?? null });
    if (path === '/robots.txt') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end(ROBOTS_TXT(origin));
      return;
    }
    const sitemap = sitemaps(origin)[path];
    if (sitemap !== undefined) {
      const [type, body] = sitemap;
      res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' }).end(body);
      return;
    }
    const head = PAGES[path];
    if (head === undefined) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
      .end(html(path, head));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${server.address().port}`;
  return {
    origin,
    url: (path) => origin + path,
    log,
    /** The requests for the sitemap files, in order. */
    sitemapRequests: () => log.filter((r) => r.path.startsWith('/sitemaps/')),
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}
