// The farm of npm run bench:audit (bench/audit.bench.ts), in a process of its own: 20 HTTP servers
// on 127.0.0.1, distinct ports and so distinct origins, each answering after about 5 ms (a timer,
// not work) with pages of about 30 KB: a realistic <head> (title, ~15 metas, meta robots on a
// fraction of pages, a canonical on some, styles and scripts), body text, a few X-Robots-Tag
// headers, 301s and 404s, and a robots.txt that allows most paths and disallows a few. With
// --million, the first server also serves a sitemap index of 20 gzipped sitemaps of 50,000 URLs.
// With --urls N FILE, writes the list of N URLs, the hosts in turn, to FILE. Prints one JSON line,
// {"ports": [...]}, when every server listens and the list is written. Pages are cheap to serve
// (a per-URL head of ~3 KB before a body built once) so that the farm takes little of the CPU
// that the client under test and the floor are measured on.
import { createWriteStream } from 'node:fs';
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';

const HOSTS = 20;
const DELAY_MS = 5;
const SITEMAPS = 20;
const SITEMAP_URLS = 50_000;
const isMillion = process.argv.includes('--million');
const urlsAt = process.argv.indexOf('--urls');

/**
 * URL `n` of the farm: the hosts in turn (so that the run's concurrency, not one host, binds), a
 * product page mostly, a path robots.txt disallows now and then (2% /private/, 1.6% /search).
 */
function farmUrl(ports, n) {
  const origin = `http://127.0.0.1:${ports[n % HOSTS]}`;
  if (n % 50 === 49) return `${origin}/private/${n}.html`;
  if (n % 61 === 60) return `${origin}/search?q=${n}`;
  return `${origin}/p/${n}.html`;
}

const ROBOTS_TXT = `# The farm's robots.txt: most paths allowed, a few disallowed.
User-agent: *
Disallow: /private/
Disallow: /search
Disallow: /cart
Allow: /

User-agent: GPTBot
Disallow: /p/*7.html
Disallow: /private/

Sitemap: /sitemap-index.xml
`;

const WORDS =
  'the quick brown fox jumps over lazy dog shop product price review delivery return warranty colour size stock offer garden kitchen travel guide'.split(
    ' ',
  );

/** Body text of about 26 KB: a nav, paragraphs with links, a footer (a few variants, built once). */
function bodyOf(variant) {
  let seed = variant + 1;
  const word = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return WORDS[seed % WORDS.length];
  };
  const parts = [
    '<body class="product"><header><nav><ul>',
    ...Array.from({ length: 12 }, (_, i) => `<li><a href="/c/${i}.html">Category ${i}</a></li>`),
    '</ul></nav></header><main><article>',
  ];
  let size = 0;
  for (let p = 0; size < 24_000; p++) {
    const sentence = Array.from({ length: 60 }, word).join(' ');
    const text = `<p>${sentence} <a href="/p/${variant * 1000 + p}.html">${word()} ${word()}</a> ${sentence}.</p>\n`;
    parts.push(text);
    size += text.length;
  }
  parts.push(
    '</article></main><footer><p>&copy; Example Shop</p><script>window.dataLayer=window.dataLayer||[];dataLayer.push({event:"view"});</script></footer></body></html>',
  );
  return Buffer.from(parts.join(''));
}
const BODIES = Array.from({ length: 8 }, (_, i) => bodyOf(i));

const STYLE = `<style>${'.product .card{display:flex;margin:0 auto;padding:1rem;color:#222;background:#fafafa}\n'.repeat(12)}</style>`;

/** The head of page `n` on origin `origin`: the part of the page that varies. */
function headOf(origin, path, n) {
  const metas = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<meta name="description" content="Product ${n}: prices, reviews and delivery options at Example Shop.">`,
    '<meta name="keywords" content="shop, product, review, delivery">',
    '<meta name="author" content="Example Shop">',
    '<meta name="generator" content="ShopCMS 4.2">',
    '<meta name="theme-color" content="#336699">',
    '<meta http-equiv="X-UA-Compatible" content="IE=edge">',
    `<meta property="og:title" content="Product ${n} | Example Shop">`,
    '<meta property="og:type" content="product">',
    `<meta property="og:url" content="${origin}${path}">`,
    `<meta property="og:image" content="${origin}/img/${n % 500}.jpg">`,
    '<meta property="og:site_name" content="Example Shop">',
    '<meta name="twitter:card" content="summary_large_image">',
    `<meta name="twitter:title" content="Product ${n}">`,
  ];
  if (n % 10 === 3) metas.push('<meta name="robots" content="noindex, follow">');
  if (n % 10 === 6)
    metas.push('<meta name="robots" content="index, follow, max-image-preview:large">');
  if (n % 23 === 0) metas.push('<meta name="googlebot" content="nofollow">');
  if (n % 31 === 0) metas.push('<meta name="GPTBot" content="noindex">');
  const links = [
    '<link rel="icon" href="/favicon.ico">',
    '<link rel="stylesheet" href="/static/site.css">',
    '<link rel="preload" href="/static/font.woff2" as="font" crossorigin>',
  ];
  if (n % 4 === 0) links.push(`<link rel="canonical" href="${origin}${path}">`);
  else if (n % 19 === 0) links.push(`<link rel="canonical" href="/p/${n - (n % 19)}.html?ref=1">`);
  return `<!doctype html>
<html lang="en"><head>
<title>Product ${n} – Example Shop</title>
${metas.join('\n')}
${links.join('\n')}
${STYLE}
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Product ${n}","offers":{"@type":"Offer","price":"${(n % 97) + 0.99}","priceCurrency":"EUR"}}</script>
<script src="/static/app.js" defer></script>
<script>(function(){var s=document.createElement("script");s.async=true;s.src="/static/analytics.js";document.head.appendChild(s)})();</script>
</head>
`;
}

/** The page number of a path (/p/123.html, /private/123.html, /search?q=123), or 0. */
function numberOf(path) {
  const digits = /(\d+)/.exec(path);
  return digits === null ? 0 : Number(digits[1]);
}

function sitemapIndex(origin) {
  const entries = Array.from(
    { length: SITEMAPS },
    (_, k) => `<sitemap><loc>${origin}/sitemap-${k}.xml.gz</loc></sitemap>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`;
}

function sitemap(ports, k) {
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>'];
  lines.push('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  for (let i = 0; i < SITEMAP_URLS; i++)
    lines.push(`<url><loc>${farmUrl(ports, k * SITEMAP_URLS + i)}</loc></url>`);
  lines.push('</urlset>');
  return gzipSync(lines.join('\n'));
}

const servers = [];
const sitemaps = [];
function handle(origin, request, response) {
  const path = request.url ?? '/';
  if (path === '/robots.txt') {
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.end(ROBOTS_TXT);
    return;
  }
  if (path === '/sitemap-index.xml') {
    response.writeHead(200, { 'content-type': 'application/xml' });
    response.end(sitemapIndex(origin));
    return;
  }
  const sitemapMatch = /^\/sitemap-(\d+)\.xml\.gz$/.exec(path);
  if (sitemapMatch !== null) {
    const body = sitemaps[Number(sitemapMatch[1])];
    if (body === undefined) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/gzip', 'content-length': body.length });
    response.end(body);
    return;
  }
  const n = numberOf(path);
  setTimeout(() => {
    if (n % 97 === 1) {
      response.writeHead(301, { location: `${origin}/p/${n + 1}.html`, 'content-length': 0 });
      response.end();
      return;
    }
    if (n % 89 === 2) {
      response.writeHead(404, { 'content-type': 'text/html', 'content-length': 9 });
      response.end('Not found');
      return;
    }
    const head = Buffer.from(headOf(origin, path, n));
    const body = BODIES[n % BODIES.length];
    const headers = {
      'content-type': 'text/html; charset=utf-8',
      'content-length': head.length + body.length,
      'cache-control': 'max-age=300',
      server: 'farm',
    };
    if (n % 13 === 5) headers['x-robots-tag'] = 'noindex';
    else if (n % 29 === 7) headers['x-robots-tag'] = ['GPTBot: noindex, nofollow', 'noarchive'];
    response.writeHead(200, headers);
    response.write(head);
    response.end(body);
  }, DELAY_MS);
}

const ports = await Promise.all(
  Array.from(
    { length: HOSTS },
    () =>
      new Promise((listening) => {
        const server = createServer({ keepAliveTimeout: 60_000 });
        server.on('request', (request, response) =>
          handle(`http://127.0.0.1:${server.address().port}`, request, response),
        );
        server.listen(0, '127.0.0.1', () => listening(server.address().port));
        servers.push(server);
      }),
  ),
);
if (urlsAt !== -1) {
  const out = createWriteStream(process.argv[urlsAt + 2]);
  const n = Number(process.argv[urlsAt + 1]);
  for (let i = 0; i < n; i++)
    if (!out.write(`${farmUrl(ports, i)}\n`)) await new Promise((r) => out.once('drain', r));
  await new Promise((r) => out.end(r));
}
if (isMillion) for (let k = 0; k < SITEMAPS; k++) sitemaps.push(sitemap(ports, k));
process.stdout.write(`${JSON.stringify({ ports })}\n`);
process.on('SIGTERM', () => process.exit(0));
