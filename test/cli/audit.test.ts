// robots-lens audit as users run it (issue 30): lib/robots-lens.js in a child process against a
// local site on 127.0.0.1, one record per URL and robot, each state of the fixed list.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AuditRecord } from '../../cli/audit.ts';
import { runBinary } from './binary.ts';

let server: Server;
let origin = '';
const asked: { path: string; headers: IncomingHttpHeaders }[] = [];

const ROBOTS = [
  'User-agent: *',
  'Disallow: /private',
  '',
  'User-agent: robots-lens',
  'Disallow: /staff',
  '',
  'User-agent: GPTBot',
  'Disallow: /',
  '',
].join('\n');

const html = (body: string) => [200, { 'content-type': 'text/html; charset=utf-8' }, body] as const;

const ROUTES: Record<string, readonly [number, Record<string, string>, string]> = {
  '/robots.txt': [200, { 'content-type': 'text/plain' }, ROBOTS],
  '/': html('<title>Home</title><p>Welcome</p>'),
  '/noindex-body': html('<p>text</p><meta name="robots" content="noindex">'),
  '/header-scoped': [200, { 'content-type': 'text/html', 'x-robots-tag': 'bingbot: noindex' }, ''],
  '/canonical': html('<link rel="canonical" href="/">'),
  '/canonical-to-moved': html('<link rel="canonical" href="/moved">'),
  '/canonical-to-moved-too': html('<link rel="canonical" href="/moved">'),
  '/canonical-to-gone': html('<link rel="canonical" href="/gone">'),
  '/canonical-header': [200, { 'content-type': 'text/html', link: '</>; rel="canonical"' }, ''],
  '/moved': [301, { location: '/' }, ''],
  '/loop': [302, { location: '/loop' }, ''],
  '/gone': [410, { 'content-type': 'text/html' }, 'gone'],
  '/private/page': html('<meta name="robots" content="noindex">'),
  '/staff': html('<meta name="robots" content="noindex">'),
  '/report.pdf': [200, { 'content-type': 'application/pdf', 'x-robots-tag': 'noindex' }, '%PDF'],
};

let busy = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? '/';
    asked.push({ path, headers: req.headers });
    if (path === '/silent') return; // never answers
    if (path === '/endless') {
      // An HTML body that never ends: the audit reads its --max-bytes and hangs up.
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<meta name="robots" content="noindex">');
      const chunk = '<p>more</p>'.repeat(6000);
      const more = () => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once('drain', more);
      };
      more();
      return;
    }
    if (path === '/hostile') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(
        `<meta name="robots" content="nofollow"><div${' a'.repeat(1_000_000)}>${'<div>'.repeat(100_000)}`,
      );
      return;
    }
    const encoded = ENCODED[path];
    if (encoded !== undefined) {
      res.writeHead(200, encoded.headers).end(encoded.body);
      return;
    }
    if (path === '/big') {
      // 50 MB of HTML: the audit reads its first MiB (--max-bytes) and hangs up.
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<head><link rel="canonical" href="/"></head><body>');
      const chunk = `<p>${'text '.repeat(2000)}</p>`;
      let sent = 0;
      const more = () => {
        while (!res.destroyed && sent < 50_000_000 && res.write(chunk)) sent += chunk.length;
        if (res.destroyed) return;
        if (sent >= 50_000_000) res.end('<meta name="robots" content="noindex">');
        else res.once('drain', more);
      };
      more();
      return;
    }
    if (path === '/busy') {
      busy++;
      res.writeHead(503, { 'retry-after': '0', 'content-type': 'text/html' });
      res.end('later');
      return;
    }
    const route = ROUTES[path];
    if (route === undefined) res.writeHead(404).end('not found');
    else res.writeHead(route[0], route[1]).end(route[2]);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => server.close());

const audit = (args: string[], stdin = '') =>
  runBinary(['audit', ...args], { cwd: process.cwd(), stdin });

const records = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as AuditRecord);

/** The state of each (path, agent), from a jsonl run. */
async function states(paths: string[], agents: string[], extra: string[] = []) {
  const r = await audit([
    '--format',
    'jsonl',
    ...agents.flatMap((a) => ['--agent', a]),
    ...extra,
    ...paths.map((p) => (p.startsWith('http') ? p : `${origin}${p}`)),
  ]);
  return { run: r, records: records(r.stdout) };
}

/** Pages whose bytes are not plain UTF-8 text: compressed, or in another charset. */
const noindexPage = '<meta name="robots" content="noindex">';
const ENCODED: Record<string, { headers: Record<string, string>; body: Buffer }> = {
  '/gzip': {
    headers: { 'content-type': 'text/html', 'content-encoding': 'gzip' },
    body: gzipSync(noindexPage),
  },
  '/br': {
    headers: { 'content-type': 'text/html', 'content-encoding': 'br' },
    body: brotliCompressSync(noindexPage),
  },
  // windows-1252 bytes named by the header: "café" is E9 there, not UTF-8's C3 A9.
  '/latin1': {
    headers: { 'content-type': 'text/html; charset=windows-1252' },
    body: Buffer.from('<link rel="canonical" href="/caf\xe9">', 'latin1'),
  },
};

describe('robots-lens audit: a state per URL and robot', () => {
  test('gzip, br, another charset, a 50 MB page and a dead host, through the binary', async () => {
    const dead = createServer();
    await new Promise<void>((r) => dead.listen(0, '127.0.0.1', r));
    const deadOrigin = `http://127.0.0.1:${(dead.address() as { port: number }).port}`;
    await new Promise((r) => dead.close(r)); // nobody listens there any more
    const { run, records: got } = await states(
      ['/gzip', '/br', '/latin1', '/big', `${deadOrigin}/page`],
      ['Googlebot'],
    );
    expect(got.map((r) => [r.url.replace(origin, ''), r.state, r.canonical])).toEqual([
      ['/gzip', 'noindex', null],
      ['/br', 'noindex', null],
      ['/latin1', 'canonicalised', `${origin}/caf%C3%A9`],
      // Its canonical in the head is read; the noindex at its end lies past the first MiB.
      ['/big', 'canonicalised', `${origin}/`],
      [`${deadOrigin}/page`, 'blocked', null],
    ]);
    // robots.txt of the dead host could not be fetched: every URL of it counts as disallowed
    // (RFC 9309 §2.3.1.4), and the record says so.
    expect(got[4]?.reasons.join(' ')).toMatch(/robots\.txt could not be fetched/);
    expect(run.status).toBe(0);
  });

  test('every state of the list, in input order, with its reasons', async () => {
    const paths = [
      '/',
      '/private/page',
      '/staff',
      'http://127.0.0.1:9/closed',
      '/silent',
      '/gone',
      '/moved',
      '/noindex-body',
      '/canonical',
      '/loop',
      '/report.pdf',
    ];
    const { run, records: got } = await states(paths, ['Googlebot'], ['--timeout', '1']);
    expect(run.status).toBe(0);
    expect(got.map((r) => [new URL(r.url).pathname, r.state])).toEqual([
      ['/', 'indexable'],
      ['/private/page', 'blocked'],
      ['/staff', 'not-fetched'],
      // Its robots.txt cannot be fetched either: every URL of the site is disallowed (RFC 9309
      // §2.3.1.4, "unreachable"), so Googlebot is blocked before the page could be unreachable.
      ['/closed', 'blocked'],
      ['/silent', 'unreachable'],
      ['/gone', 'not-found'],
      ['/moved', 'redirect'],
      ['/noindex-body', 'noindex'],
      ['/canonical', 'canonicalised'],
      ['/loop', 'unreachable'],
      ['/report.pdf', 'noindex'],
    ]);
    const byPath = (p: string) => got.find((r) => r.url.endsWith(p));
    expect(byPath('/private/page')).toMatchObject({ crawl: 'disallowed', line: 2 });
    expect(byPath('/private/page')?.reasons).toEqual([
      'Googlebot: blocked by robots.txt line 2 (Disallow: /private)',
      expect.stringContaining('never sees this noindex'),
    ]);
    expect(byPath('/closed')?.reasons).toEqual([
      'Googlebot: blocked: robots.txt could not be fetched, so every URL of the site counts as disallowed',
    ]);
    expect(byPath('/silent')?.reasons).toEqual([
      'The page could not be fetched: no answer within 1 second',
    ]);
    expect(byPath('/staff')).toMatchObject({ index: 'unknown', follow: 'unknown', status: null });
    expect(byPath('/moved')).toMatchObject({
      status: 200,
      finalUrl: `${origin}/`,
      redirects: [{ url: `${origin}/moved`, status: 301 }],
    });
    expect(byPath('/canonical')).toMatchObject({ canonical: `${origin}/` });
    expect(byPath('/gone')).toMatchObject({ status: 410 });
    // The auditor never asked for what robots.txt keeps it out of.
    expect(asked.map((a) => a.path)).not.toContain('/staff');
  });

  test('per robot: a scoped header, a robot robots.txt keeps out, a canonical by Link header', async () => {
    const { records: got } = await states(
      ['/header-scoped', '/canonical-header'],
      ['Googlebot', 'Bingbot', 'GPTBot'],
    );
    expect(got.map((r) => `${r.agent} ${r.state}`)).toEqual([
      'Googlebot indexable',
      'Bingbot noindex',
      'GPTBot blocked',
      'Googlebot canonicalised',
      'Bingbot canonicalised',
      'GPTBot blocked',
    ]);
  });

  test('the request: the User-Agent given, no cookie; the default names robots-lens', async () => {
    asked.length = 0;
    await states(['/'], ['Googlebot'], ['--user-agent', 'AuditBot/1.0']);
    const page = asked.find((a) => a.path === '/');
    expect(page?.headers['user-agent']).toBe('AuditBot/1.0');
    expect(page?.headers.cookie).toBeUndefined();
    asked.length = 0;
    await states(['/'], ['Googlebot']);
    expect(asked.find((a) => a.path === '/')?.headers['user-agent']).toMatch(/^robots-lens\//);
  });

  test('--ignore-robots fetches what robots.txt keeps the auditor out of, and says so', async () => {
    const { records: got } = await states(['/staff'], ['Googlebot'], ['--ignore-robots']);
    expect(got[0]).toMatchObject({ state: 'noindex', ignoredRobots: true });
    expect(got[0]?.reasons).toContain(
      'fetched with --ignore-robots, although robots.txt keeps robots-lens out of this URL',
    );
  });

  test('503 with Retry-After (0 s here; the wait itself: audit-pacing.test.ts): asked again twice, then a server error', async () => {
    busy = 0;
    const { records: got } = await states(['/busy'], ['Googlebot']);
    expect(got[0]).toMatchObject({ state: 'server-error', status: 503 });
    expect(busy).toBe(3);
  });

  test('--fail-on: exit status 1 when a record is in a named state, 0 when none is', async () => {
    const failing = await audit([
      '--agent',
      'Googlebot',
      '--fail-on',
      'noindex,blocked',
      `${origin}/noindex-body`,
    ]);
    expect(failing.status).toBe(1);
    const passing = await audit(['--agent', 'Googlebot', '--fail-on', 'noindex', `${origin}/`]);
    expect(passing.status).toBe(0);
  });

  test('the summary on stderr: counts per state and robot; csv has a header and a row per record', async () => {
    const r = await audit([
      '--format',
      'csv',
      '--agent',
      'Googlebot',
      `${origin}/`,
      `${origin}/gone`,
    ]);
    const lines = r.stdout.trim().split('\r\n');
    expect(lines[0]).toBe(
      'url,agent,state,crawl,index,follow,status,finalUrl,redirects,canonical,line,reasons,ignoredRobots,inSitemap,cutBytes,cutEnded,cutRobots',
    );
    expect(lines).toHaveLength(3);
    expect(r.stderr).toMatch(/2 URLs audited/);
    expect(r.stderr).toMatch(/Googlebot\s+1\s+1/);
  });

  test('--lang: the reasons in Spanish, Russian and Thai', async () => {
    for (const [lang, word] of [
      ['es', 'bloqueado'],
      ['ru', 'заблокирован'],
      ['th', 'ถูกบล็อก'],
    ] as const) {
      const r = await audit([
        '--format',
        'jsonl',
        '--agent',
        'Googlebot',
        '--lang',
        lang,
        `${origin}/private/page`,
      ]);
      expect(records(r.stdout)[0]?.reasons).toEqual([
        expect.stringContaining(word),
        expect.any(String),
      ]);
    }
  });

  test('URLs from stdin; a line that is no URL is said and the run goes on (exit 1)', async () => {
    const r = await audit(
      ['--format', 'jsonl', '--agent', 'Googlebot'],
      `${origin}/\nnot a url\n${origin}/gone\n`,
    );
    expect(records(r.stdout).map((x) => x.state)).toEqual(['indexable', 'not-found']);
    expect(r.status).toBe(1);
  });
});

describe('robots-lens audit at scale: --resume, --shard, several sitemaps', () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'rl-audit-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const pages = ['/', '/gone', '/moved', '/noindex-body', '/canonical', '/report.pdf'];
  const agents = ['--agent', 'Googlebot', '--agent', 'Bingbot'];

  test('--resume after a run cut mid-line: the file ends as a whole run would have written it', async () => {
    const input = pages.map((p) => `${origin}${p}`).join('\n');
    const whole = await audit(['--format', 'jsonl', ...agents], input);
    const wholeLines = whole.stdout.split('\n').filter((l) => l !== '');
    expect(wholeLines).toHaveLength(12);
    // Killed after 2 URLs, the first robot's record of the 3rd, and half of the next line.
    const file = join(dir, 'cut.jsonl');
    const cut = `${wholeLines.slice(0, 5).join('\n')}\n${wholeLines[5]?.slice(0, 40)}`;
    writeFileSync(file, cut);
    asked.length = 0;
    const resumed = await audit(['--resume', file, ...agents], input);
    expect(resumed.status).toBe(0);
    expect(resumed.stdout).toBe('');
    expect(resumed.stderr).toMatch(/2 URLs are already in/);
    expect(readFileSync(file, 'utf8')).toBe(whole.stdout);
    // The 2 URLs done were not fetched again.
    expect(asked.map((a) => a.path)).not.toContain('/gone');
    // Resumed again with nothing left: nothing changes.
    await audit(['--resume', file, ...agents], input);
    expect(readFileSync(file, 'utf8')).toBe(whole.stdout);
    // Three whole runs against the local server: more than the default 5 s on a loaded machine.
  }, 120_000);

  test('--resume with another input: exit 2, the file untouched', async () => {
    const file = join(dir, 'other.jsonl');
    const first = await audit(['--format', 'jsonl', ...agents, `${origin}/`]);
    writeFileSync(file, first.stdout);
    const r = await audit(['--resume', file, ...agents, `${origin}/gone`]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/is not the next URL/);
    expect(readFileSync(file, 'utf8')).toBe(first.stdout);
  });

  test('--shard K/N: the shards together give every URL once, and no host is in two', async () => {
    const hosts = ['127.0.0.1', 'localhost'];
    const input = hosts
      .flatMap((h) => pages.map((p) => `${origin.replace('127.0.0.1', h)}${p}`))
      .join('\n');
    const shards = await Promise.all(
      [0, 1, 2].map((k) =>
        audit(['--format', 'jsonl', '--agent', 'Googlebot', '--shard', `${k}/3`], input),
      ),
    );
    const urls = shards.map((r) => records(r.stdout).map((x) => x.url));
    expect(urls.flat().sort()).toEqual(input.split('\n').sort());
    for (const host of hosts)
      expect(urls.filter((list) => list.some((u) => new URL(u).hostname === host))).toHaveLength(1);
  });

  test("--sitemap twice: the URLs of both, in order, inSitemap; Search Console's reports counted", async () => {
    const first = join(dir, 'a.txt');
    const second = join(dir, 'b.txt');
    writeFileSync(
      first,
      `${origin}/\n${origin}/gone\n${origin}/private/page\n${origin}/noindex-body\n`,
    );
    writeFileSync(second, `${origin}/moved\n`);
    const r = await audit([
      '--format',
      'jsonl',
      '--agent',
      'Googlebot',
      '--sitemap',
      first,
      '--sitemap',
      second,
    ]);
    expect(records(r.stdout).map((x) => [new URL(x.url).pathname, x.state, x.inSitemap])).toEqual([
      ['/', 'indexable', true],
      ['/gone', 'not-found', true],
      ['/private/page', 'blocked', true],
      ['/noindex-body', 'noindex', true],
      ['/moved', 'redirect', true],
    ]);
    // The summary names Search Console's reports for the listed URLs (its own words).
    const summary = r.stderr.split('\n').map((l) => l.trim());
    expect(summary).toContain('“Blocked by robots.txt”: 1');
    expect(summary).toContain('“Excluded by ‘noindex’ tag”: 1');
    expect(summary).toContain('“Page with redirect”: 1');
    expect(summary).toContain('“Not found (404)” or another 4xx: 1');
  });
});

describe('robots-lens audit on hostile pages', () => {
  test('an endless body, a million attributes, 100,000 nested elements: each read within its bounds', async () => {
    const r = await audit([
      '--format',
      'jsonl',
      '--agent',
      'Googlebot',
      '--max-bytes',
      '200000',
      `${origin}/endless`,
      `${origin}/hostile`,
    ]);
    expect(r.status).toBe(0);
    expect(records(r.stdout).map((x) => [x.state, x.index, x.follow])).toEqual([
      ['noindex', 'noindex', 'follow'],
      ['indexable', 'index', 'nofollow'],
    ]);
  });
});

describe('robots-lens audit checks the canonical a page names', () => {
  test('a canonical that redirects or fails is a reason; each is asked once per run', async () => {
    asked.length = 0;
    const { records: got } = await states(
      ['/canonical-to-moved', '/canonical-to-moved-too', '/canonical-to-gone', '/canonical'],
      ['Googlebot'],
    );
    expect(got.map((r) => r.reasons)).toEqual([
      [
        `Canonical → ${origin}/moved`,
        `The canonical ${origin}/moved answers with a redirect (301): a canonical should name the URL it ends on.`,
      ],
      [
        `Canonical → ${origin}/moved`,
        `The canonical ${origin}/moved answers with a redirect (301): a canonical should name the URL it ends on.`,
      ],
      [
        `Canonical → ${origin}/gone`,
        `The canonical ${origin}/gone answers 410 Gone: a canonical should name a page that can be indexed.`,
      ],
      [`Canonical → ${origin}/`],
    ]);
    expect(asked.filter((a) => a.path === '/moved')).toHaveLength(1);
  });
});
