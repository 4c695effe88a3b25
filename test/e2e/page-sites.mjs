// A local test site for the page-level signals (issue 11): meta robots tags, X-Robots-Tag headers,
// canonicals, links, and pages whose script changes the served HTML. One origin (127.0.0.1, a
// free port) with a request log, so a test can say how often a page was fetched and with which
// user agent and cookies.
import { createServer } from 'node:http';

export const ROBOTS_TXT = 'User-agent: *\nDisallow: /blocked/\n';

/** Script that must never run: the marker every hostile value carries. */
export const XSS = '<img src=x onerror=window.__pwned=1>';

const escapeAttr = (s) =>
  s.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/** A small HTML document; `head` and `body` are raw HTML. */
const html = (title, head = '', body = '') =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title>${head}</head>` +
  `<body><h1>${title}</h1>${body}</body></html>`;

const meta = (name, content) => `<meta name="${name}" content="${escapeAttr(content)}">`;

/**
 * path → page. `head`/`body`: raw HTML; `headers`: extra response headers (an array value gives
 * repeated headers); `type`: the content type (text/html by default); `text`: a whole raw body;
 * `status`: the HTTP status (200 by default).
 */
function pages(origin) {
  return {
    // Meta robots tags.
    '/meta/noindex': { head: meta('robots', 'noindex') },
    '/meta/upper': { head: meta('ROBOTS', 'NOINDEX, NOFOLLOW') },
    '/meta/googlebot-noindex': { head: meta('googlebot', 'noindex') },
    '/meta/bingbot-nofollow': { head: meta('bingbot', 'nofollow') },
    '/meta/conflict': { head: meta('robots', 'index, follow') + meta('robots', 'noindex') },
    '/meta/none': { head: '<meta name="description" content="nothing for robots here">' },
    '/meta/nofollow-googlebot-noindex': {
      head: meta('robots', 'nofollow') + meta('googlebot', 'noindex'),
    },
    '/meta/googlebot-news': { head: meta('googlebot-news', 'noindex') },
    '/meta/typo': { head: meta('robots', 'noindex, nofolow') },
    // Issue 31: a tag named for a robot that reads no such name (GPTBot); googlebot tags that
    // disagree (Google: the more restrictive applies); a date with no zone (read as UTC).
    '/meta/vendor-rules': {
      head: meta('GPTBot', 'noindex') + meta('googlebot', 'follow') + meta('googlebot', 'nofollow'),
      headers: { 'X-Robots-Tag': ['unavailable_after: 2099-12-31T15:30', 'bingbot: noindex, all'] },
    },
    // A googlebot noindex with a canonical elsewhere, and a scoped header: the page the README's
    // screenshots of the rows and of the Page view show.
    '/meta/googlebot-noindex-canonical': {
      head: `${meta('googlebot', 'noindex')}<link rel="canonical" href="/canonical-target">`,
      headers: { 'X-Robots-Tag': 'bingbot: nosnippet' },
    },

    // X-Robots-Tag headers.
    '/header/noindex': { headers: { 'X-Robots-Tag': 'noindex' } },
    '/header/scoped': {
      headers: { 'X-Robots-Tag': ['googlebot: nofollow', 'bingbot: noindex'] },
    },
    '/header/unavailable-past': {
      headers: { 'X-Robots-Tag': 'unavailable_after: 25 Jun 2010 15:00:00 PST' },
    },
    '/header/unavailable-future': { headers: { 'X-Robots-Tag': 'unavailable_after: 2999-01-01' } },
    '/header/unavailable-bad': { headers: { 'X-Robots-Tag': 'unavailable_after: someday' } },
    '/plain': {
      type: 'text/plain; charset=utf-8',
      headers: { 'X-Robots-Tag': 'noindex' },
      text: 'Just text. <link rel="canonical" href="/not-a-canonical">\n',
    },

    // Pages whose script changes what was served.
    '/script/added': {
      head: `<script>const m=document.createElement('meta');m.name='robots';m.content='noindex';document.head.append(m)</script>`,
    },
    '/script/removed': {
      head: `${meta('robots', 'noindex')}<script>document.cookie='session=1; path=/';document.querySelector('meta[name="robots"]').remove()</script>`,
    },

    // Same-document navigations (the test calls history.pushState).
    '/push/header': { headers: { 'X-Robots-Tag': 'noindex' } },
    '/push/meta': { head: meta('robots', 'noindex') },

    // Canonicals.
    '/canonical/tag': { head: '<link rel="canonical" href="/canonical-target">' },
    '/canonical/header': { headers: { Link: `<${origin}/c>; rel="canonical"` } },
    '/canonical/cross-host': { head: '<link rel="canonical" href="https://example.org/x">' },
    '/canonical/javascript': { head: '<link rel="canonical" href="javascript:alert(1)">' },
    '/canonical-target': {},
    '/c': {},

    // The page's own status (issue 29, item 1): not indexable whatever robots.txt says.
    '/status/404': { status: 404 },
    '/status/503': { status: 503, headers: { 'Retry-After': '120' } },

    // Blocked by robots.txt, and saying noindex (which the crawler then never sees).
    '/blocked/noindex': { head: meta('robots', 'noindex') },
    '/blocked/plain': {},

    // Links: 8 in all; nofollow 3, ugc 1, sponsored 2 ("ugc nofollow" counts in both).
    '/links': {
      body: [
        '<p><a id="n1" href="/n1" rel="nofollow">n1</a>',
        '<a id="n2" href="/n2" rel="nofollow noopener">n2</a>',
        '<a id="n3" href="/n3" rel="ugc nofollow">n3</a>',
        '<a id="s1" href="/s1" rel="sponsored">s1</a></p>',
        '<p><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" usemap="#m" width="20" height="20" alt="">',
        '<map name="m"><area id="s2" href="/s2" rel="sponsored" shape="rect" coords="0,0,20,20" alt="s2"></map></p>',
        '<p><a id="p1" href="/p1">p1</a> <a id="p2" href="/p2" rel="noopener">p2</a>',
        '<a id="p3" href="#top">p3</a></p>',
        '<p><a id="x1" rel="nofollow">no href, not a link</a> <a name="anchor">anchor</a></p>',
      ].join('\n'),
    },

    // Hostile input.
    '/hostile/big-meta': {
      head: meta('robots', `${XSS},${'noindex,'.repeat(131_072)}`),
    },
    '/hostile/many-headers': {
      headers: {
        'X-Robots-Tag': [
          'noindex',
          ...Array.from({ length: 499 }, (_, i) =>
            i % 50 === 1
              ? `bot${i}: nofollow ${XSS}`
              : i % 2
                ? `bot${i}: none`
                : `max-snippet: ${i}`,
          ),
        ],
      },
    },
    '/hostile/control-canonical': {
      head: `<link rel="canonical" href="/a\u0001b\u0007c\u001fd\te\u007ff&quot;${escapeAttr(XSS)}">${meta('robots', XSS)}`,
    },
    '/hostile/xss': {
      head: `${meta('robots', `noindex, ${XSS}`)}<link rel="canonical" href="${escapeAttr(`/x"${XSS}`)}">`,
    },
  };
}

/** Starts the site; returns its origin, the request log and close(). */
export async function startPageSite() {
  /** @type {{ method: string, url: string, path: string, userAgent: string | null, cookie: string | null }[]} */
  const log = [];
  let origin = '';
  const server = createServer((req, res) => {
    const path = new URL(req.url, 'http://x').pathname;
    log.push({
      method: req.method,
      url: req.url,
      path,
      userAgent: req.headers['user-agent'] ?? null,
      cookie: req.headers.cookie ?? null,
    });
    if (path === '/robots.txt') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end(ROBOTS_TXT);
      return;
    }
    if (path === '/favicon.ico') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('no icon');
      return;
    }
    // Redirect chains (issue 28): /hop/<n>/<k> redirects to /hop/<n>/<k+1> until k = n, a page
    // with no signals. A tab that opens one follows them (issue 29: the hops the page came by).
    const hop = /^\/hop\/(\d+)\/(\d+)$/.exec(path);
    if (hop && Number(hop[2]) < Number(hop[1])) {
      const next = `/hop/${hop[1]}/${Number(hop[2]) + 1}`;
      res.writeHead(302, { location: next, 'cache-control': 'no-store' }).end();
      return;
    }
    const page = pages(origin)[path] ?? {};
    res.setHeader('content-type', page.type ?? 'text/html; charset=utf-8');
    res.setHeader('cache-control', 'no-store');
    for (const [name, value] of Object.entries(page.headers ?? {})) res.setHeader(name, value);
    res.writeHead(page.status ?? 200);
    res.end(page.text ?? html(path, page.head, page.body));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${server.address().port}`;
  return {
    origin,
    url: (path) => origin + path,
    log,
    /** The GET requests for a path (its query ignored). */
    gets: (path) => log.filter((r) => r.method === 'GET' && r.path === path),
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}
