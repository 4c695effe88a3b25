// Local test sites for the end-to-end tests: one HTTP server (one origin) per scenario, each with
// a request log, so a test can say what the extension fetched and how often.
import { createServer } from 'node:http';
import { writeBigBody } from '../fixtures/bodies.mjs';

const NORMAL = 'User-agent: *\nDisallow: /private/\n\nUser-agent: GPTBot\nDisallow: /\n';
const HTML_PAGE =
  '<!doctype html><html><head><title>Not found</title></head><body>Sorry</body></html>';

const CHANGING = ['User-agent: *\nDisallow: /old/\n', 'User-agent: *\nDisallow: /new/\n'];

/** name → (req, res) handling /robots.txt (and its redirects); pages are plain HTML. */
function scenarios(ports, state) {
  const chain = (length, prefix) => (req, res) => {
    const step = req.url === '/robots.txt' ? 0 : Number(req.url.slice(prefix.length));
    if (step < length) return res.writeHead(301, { location: `${prefix}${step + 1}` }).end();
    res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /end\n');
  };
  return {
    normal: (_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end(NORMAL),
    later: (_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end(NORMAL),
    // A file edited between two fetches: the first request gets the old version.
    changing: (_req, res) =>
      res
        .writeHead(200, { 'content-type': 'text/plain' })
        .end(CHANGING[Math.min(state.changing++, 1)]),
    missing: (_req, res) => res.writeHead(404).end('not found'),
    forbidden: (_req, res) => res.writeHead(403).end('forbidden'),
    error503: (_req, res) => res.writeHead(503).end('unavailable'),
    tooMany429: (_req, res) => res.writeHead(429).end('slow down'),
    chain3: chain(3, '/hop'),
    chain6: chain(6, '/hop'),
    loop: (req, res) =>
      res.writeHead(302, { location: req.url === '/robots.txt' ? '/other' : '/robots.txt' }).end(),
    crossHost: (_req, res) =>
      res.writeHead(301, { location: `http://localhost:${ports.target}/robots.txt` }).end(),
    target: (_req, res) =>
      res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /cross\n'),
    big: (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('User-agent: *\n');
      writeBigBody(res);
    },
    endless: (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('User-agent: *\nDisallow: /\n');
      const timer = setInterval(() => res.write('# more\n'), 200);
      res.on('close', () => clearInterval(timer));
    },
    html: (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(HTML_PAGE),
    bomCrlf: (_req, res) =>
      res
        .writeHead(200, { 'content-type': 'text/plain' })
        .end('\uFEFFUser-agent: *\r\nDisallow: /bom\r\n'),
    hostile: (_req, res) =>
      res
        .writeHead(200, { 'content-type': 'text/plain' })
        .end(
          'User-agent: *\nDisallow: /<script>window.__pwned=1</script>\n# <img src=x onerror="window.__pwned=2">\nDisallow: /x"><b>bold</b>\n',
        ),
  };
}

/** Starts every site; returns origins by name, the request logs, and close(). */
export async function startSites() {
  const state = { changing: 0 };
  const names = Object.keys(scenarios({}, state));
  const servers = {};
  const logs = {};
  const ports = {};
  for (const name of names) {
    logs[name] = [];
    servers[name] = createServer((req, res) => {
      logs[name].push(req.url);
      const handler = scenarios(ports, state)[name];
      if (req.url === '/robots.txt' || req.url.startsWith('/hop') || req.url === '/other')
        return handler(req, res);
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(`<!doctype html><title>${name}</title><h1>${name}</h1><p>${req.url}</p>`);
    });
    await new Promise((resolve) => servers[name].listen(0, '127.0.0.1', resolve));
    ports[name] = servers[name].address().port;
  }
  const origins = Object.fromEntries(names.map((n) => [n, `http://127.0.0.1:${ports[n]}`]));
  return {
    origins,
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
