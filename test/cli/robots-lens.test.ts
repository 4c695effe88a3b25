// The robots-lens binary as users run it: lib/robots-lens.js (npm run build:lib) in a child
// process, against local files and local servers. Every option, every exit status (issue 14).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import en from '../../_locales/en/messages.json';
import { explainVerdicts, lookupIn, translator } from '../../src/explain/index.ts';
import { parseRobotsTxt } from '../../src/robots/index.ts';
import { ROOT, runBinary } from './binary.ts';

const VERSION = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version as string;

/** Runs the binary in the test's folder. */
const run = (args: string[], stdin = '') => runBinary(args, { cwd: dir, stdin });

const jsonl = (text: string) =>
  text
    .trim()
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

let dir = '';
const servers: Server[] = [];
const hits: Record<string, number> = {};

/** A local site: its routes (path → status, headers, body); counts the requests per path. */
async function site(routes: Record<string, [number, Record<string, string>, string | Buffer]>) {
  const server = createServer((req, res) => {
    const path = req.url ?? '/';
    const key = `${server.address() && (server.address() as { port: number }).port}${path}`;
    hits[key] = (hits[key] ?? 0) + 1;
    const route = routes[path];
    if (route === undefined) res.writeHead(404).end('not found');
    else res.writeHead(route[0], route[1]).end(route[2]);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  servers.push(server);
  const port = (server.address() as { port: number }).port;
  return { origin: `http://127.0.0.1:${port}`, port };
}

const FILE = 'User-agent: *\nDisallow: /private\n\nUser-agent: msnbot\nDisallow: /msn\n';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rl-cli-'));
  writeFileSync(join(dir, 'robots.txt'), FILE);
  writeFileSync(join(dir, 'new.txt'), 'User-agent: *\nDisallow: /private\nDisallow: /shop\n');
  writeFileSync(join(dir, 'urls.txt'), '# a comment\n\n/private/x\n  /public  \n/shop/1\n');
}, 120_000);

afterAll(() => {
  for (const s of servers) s.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('robots-lens: help, version, usage errors (exit 2: one line on stderr, nothing on stdout)', () => {
  test('--version', async () => {
    expect(await run(['--version'])).toEqual({ status: 0, stdout: `${VERSION}\n`, stderr: '' });
  });
  test.each([['--help'], ['check', '--help'], ['diff', '--help']])('%s', async (...args) => {
    const r = await run(args);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/robots-lens/);
    expect(r.stderr).toBe('');
  });
  test.each([['check'], ['diff']])(
    "%s --help: the AI fields are this tool's reading, with both definitions (issue 31)",
    async (command) => {
      const r = await run([command, '--help']);
      expect(r.stdout).toContain("this tool's reading, not a standard");
      expect(r.stdout).toContain('https://contentsignals.org/');
      expect(r.stdout).toContain(
        'https://datatracker.ietf.org/doc/html/draft-ietf-aipref-vocab-08',
      );
      expect(r.stdout).toContain('draft-ietf-aipref-attach-05 updates RFC 9309');
    },
  );
  test.each([
    [[]],
    [['crawl']],
    [['check', '--nope']],
    [['audit', '--fail-on', 'nope', 'http://a.test/']],
    [['audit', '--concurrency', '0', 'http://a.test/']],
    [['audit', '--timeout', '1.5', 'http://a.test/']],
    [['audit', '--robots', 'robots.txt', 'http://a.test/']],
    [['check', '--ignore-robots', '/x']],
    [['check', '--format', 'xml', '/x']],
    [['check', '--semantics', 'bing', '/x']],
    [['check', '--robots', 'missing.txt', '/x']],
    [['check', '--urls', 'missing.txt']],
    [['check', '--sitemap', 'missing.xml']],
    [['check', '--urls', 'urls.txt', '--sitemap', 'x.xml']],
    [['check', '--fail-on-change', '/x']],
    [['diff', 'robots.txt']],
    [['diff', 'robots.txt', 'missing.txt', '/x']],
    [['diff', '--fail-on-disallowed', 'robots.txt', 'new.txt']],
  ])('%j', async (args) => {
    const r = await run(args);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
  });
});

describe('robots-lens check', () => {
  test('--robots FILE, URLs as arguments, jsonl: one record per URL and agent, in order', async () => {
    const r = await run([
      'check',
      '--robots',
      'robots.txt',
      '--format',
      'jsonl',
      '--agent',
      'Googlebot',
      '--agent',
      'MJ12bot',
      '/private/x',
      'https://a.test/public',
    ]);
    expect(r.status).toBe(0);
    expect(jsonl(r.stdout)).toEqual([
      {
        url: '/private/x',
        agent: 'Googlebot',
        allowed: false,
        line: 2,
        semantics: 'google',
        rule: 'Disallow: /private',
        robots: 'ok',
      },
      {
        url: '/private/x',
        agent: 'MJ12bot',
        allowed: false,
        line: 2,
        semantics: 'rfc9309',
        rule: 'Disallow: /private',
        robots: 'ok',
      },
      {
        url: 'https://a.test/public',
        agent: 'Googlebot',
        allowed: true,
        line: null,
        semantics: 'google',
        rule: null,
        robots: 'ok',
      },
      {
        url: 'https://a.test/public',
        agent: 'MJ12bot',
        allowed: true,
        line: null,
        semantics: 'rfc9309',
        rule: null,
        robots: 'ok',
      },
    ]);
  });

  test("default: each robot's profile (Bingbot reads the msnbot group); --semantics: the name as given", async () => {
    const profile = await run([
      'check',
      '--robots',
      'robots.txt',
      '--format',
      'jsonl',
      '--agent',
      'Bingbot',
      '/msn',
    ]);
    expect(jsonl(profile.stdout)[0]).toMatchObject({ allowed: false, line: 5 });
    const plain = await run([
      'check',
      '--robots',
      'robots.txt',
      '--format',
      'jsonl',
      '--agent',
      'Bingbot',
      '--semantics',
      'rfc9309',
      '/msn',
    ]);
    expect(jsonl(plain.stdout)[0]).toMatchObject({
      allowed: true,
      line: null,
      semantics: 'rfc9309',
    });
  });

  test('--urls FILE (blank and # lines skipped), --urls - and stdin give the same records', async () => {
    const args = ['check', '--robots', 'robots.txt', '--format', 'jsonl', '--agent', 'X'];
    const fromFile = await run([...args, '--urls', 'urls.txt']);
    const fromDash = await run(
      [...args, '--urls', '-'],
      readFileSync(join(dir, 'urls.txt'), 'utf8'),
    );
    const fromStdin = await run(args, readFileSync(join(dir, 'urls.txt'), 'utf8'));
    expect(jsonl(fromFile.stdout).map((r) => [r['url'], r['allowed']])).toEqual([
      ['/private/x', false],
      ['/public', true],
      ['/shop/1', true],
    ]);
    expect(fromDash.stdout).toBe(fromFile.stdout);
    expect(fromStdin.stdout).toBe(fromFile.stdout);
  });

  test('a line that is not a URL gives an error record, the run goes on, exit 1', async () => {
    const r = await run(
      ['check', '--format', 'jsonl', '--agent', 'X'],
      'javascript:alert(1)\n/a-path-without-robots\nnot a url\n',
    );
    expect(r.status).toBe(1);
    const records = jsonl(r.stdout);
    expect(records.map((x) => x['url'])).toEqual([
      'javascript:alert(1)',
      '/a-path-without-robots',
      'not a url',
    ]);
    expect(records.every((x) => typeof x['error'] === 'string')).toBe(true);
    expect(r.stderr).toMatch(/3 input lines were not URLs/);
  });

  test('--fail-on-disallowed: exit 1 when a verdict is disallowed, 0 when none is', async () => {
    const args = ['check', '--robots', 'robots.txt', '--format', 'jsonl', '--fail-on-disallowed'];
    expect((await run([...args, '/private'])).status).toBe(1);
    expect((await run([...args, '/public'])).status).toBe(0);
  });

  test('csv: RFC 4180, a header row, fields with commas, quotes and line breaks quoted', async () => {
    const r = await run(
      ['check', '--robots', 'robots.txt', '--format', 'csv', '--agent', 'X'],
      '/a,b"c\n',
    );
    expect(r.stdout).toBe(
      'url,agent,allowed,line,semantics,rule,robots,error,aiTrain,aiAnswers,aiSearch,cutBytes,cutEnded,cutRobots\r\n"/a,b""c",X,true,,rfc9309,,ok,,,,,,,\r\n',
    );
  });

  test('text: verdicts with line and rule, totals at the end; --lang es in Spanish', async () => {
    const r = await run([
      'check',
      '--robots',
      'robots.txt',
      '--agent',
      'Googlebot',
      '/private/x',
      '/public',
    ]);
    expect(r.stdout).toMatch(/\/private\/x\n .*Disallowed +Googlebot +line 2: Disallow: \/private/);
    expect(r.stdout).toMatch(/2 verdicts: 1 allowed, 1 disallowed/);
    const es = await run([
      'check',
      '--lang',
      'es',
      '--robots',
      'robots.txt',
      '--agent',
      'Googlebot',
      '/private/x',
    ]);
    expect(es.stdout).toMatch(/línea 2/);
  });

  // Issue 13, item 3: the popup's words for names the readings cut (robots.cc ExtractUserAgent;
  // GoogleOnly_AcceptUserAgentUpToFirstSpace; RFC 9309 §2.2.1) — the same verdict and sentences.
  test.each([
    ['MJ12bot', true],
    ['Screaming Frog SEO Spider', true],
    ['SemrushBot-SA', false],
  ])("text: %s gets the popup's verdict, why, and name-cut words", async (robot, allowed) => {
    const text =
      'User-agent: *\nDisallow: /private/\n\nUser-agent: MJ12bot\nDisallow: /\n\n' +
      'User-agent: Screaming Frog SEO Spider\nDisallow: /\n\nUser-agent: SemrushBot-SA\nDisallow: /\n';
    writeFileSync(join(dir, 'names.txt'), text);
    const t = translator(lookupIn(en), 'en');
    const [row] = explainVerdicts(parseRobotsTxt(text), 'allow', '/page', [robot], t);
    const r = await run(['check', '--robots', 'names.txt', '--agent', robot, '/page']);
    expect(r.stdout).toContain(`${allowed ? 'Allowed' : 'Disallowed'}`);
    expect(r.stdout).toContain(row?.why ?? '?');
    if (row?.nameCut) expect(r.stdout).toContain(row.nameCut.text);
    expect(row?.nameCut === null).toBe(robot === 'SemrushBot-SA');
  });

  test('text: control characters from input lines are not written to the terminal', async () => {
    const r = await run(['check', '--robots', 'robots.txt', '--agent', 'X'], '/a\u001b[31mred\n');
    expect(r.stdout).not.toContain('\u001b');
  });

  test("without --robots: each origin's robots.txt fetched once, as the extension fetches it (200, 404, 503, a redirect)", async () => {
    const ok = await site({ '/robots.txt': [200, { 'content-type': 'text/plain' }, FILE] });
    const missing = await site({});
    const down = await site({ '/robots.txt': [503, {}, 'down'] });
    const moved = await site({
      '/robots.txt': [301, { location: `${ok.origin}/robots.txt` }, ''],
    });
    const urls = [
      `${ok.origin}/private/1`,
      `${ok.origin}/public`,
      `${missing.origin}/private/1`,
      `${down.origin}/public`,
      `${moved.origin}/private/2`,
      `${ok.origin}/private/3`,
    ];
    const r = await run(['check', '--format', 'jsonl', '--agent', 'X'], urls.join('\n'));
    expect(r.status).toBe(0);
    expect(jsonl(r.stdout).map((x) => [x['url'], x['allowed'], x['robots'], x['line']])).toEqual([
      [urls[0], false, 'ok', 2],
      [urls[1], true, 'ok', null],
      [urls[2], true, 'unavailable', null],
      [urls[3], false, 'unreachable', null],
      [urls[4], false, 'ok', 2],
      [urls[5], false, 'ok', 2],
    ]);
    expect(hits[`${ok.port}/robots.txt`]).toBe(2); // its own origin once, and the redirect's target once
    expect(hits[`${down.port}/robots.txt`]).toBe(1);
  });

  test('--robots URL: fetched once, and a 404 allows everything', async () => {
    const missing = await site({});
    const r = await run([
      'check',
      '--robots',
      `${missing.origin}/robots.txt`,
      '--format',
      'jsonl',
      '--agent',
      'X',
      '/a',
      '/b',
    ]);
    expect(jsonl(r.stdout).map((x) => [x['allowed'], x['robots']])).toEqual([
      [true, 'unavailable'],
      [true, 'unavailable'],
    ]);
  });

  test('--sitemap: an index with a gzipped child, from a local server', async () => {
    const urlset = (locs: string[]) =>
      `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((l) => `<url><loc>${l}</loc></url>`).join('')}</urlset>`;
    const s = await site({});
    const origin = s.origin;
    const routes: Record<string, [number, Record<string, string>, string | Buffer]> = {
      '/robots.txt': [200, {}, FILE],
      '/sitemap.xml': [
        200,
        { 'content-type': 'application/xml' },
        `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${origin}/a.xml.gz</loc></sitemap><sitemap><loc>${origin}/b.xml</loc></sitemap></sitemapindex>`,
      ],
      '/a.xml.gz': [
        200,
        { 'content-type': 'application/gzip' },
        gzipSync(urlset([`${origin}/private/a`, `${origin}/public/a`])),
      ],
      '/b.xml': [200, { 'content-type': 'application/xml' }, urlset([`${origin}/private/b`])],
    };
    servers.pop()?.close();
    const server = createServer((req, res) => {
      const route = routes[req.url ?? '/'];
      if (route === undefined) res.writeHead(404).end();
      else res.writeHead(route[0], route[1]).end(route[2]);
    });
    await new Promise<void>((r) => server.listen(s.port, '127.0.0.1', r));
    servers.push(server);
    const r = await run([
      'check',
      '--sitemap',
      `${origin}/sitemap.xml`,
      '--format',
      'jsonl',
      '--agent',
      'X',
    ]);
    expect(r.status).toBe(0);
    expect(jsonl(r.stdout).map((x) => [x['url'], x['allowed']])).toEqual([
      [`${origin}/private/a`, false],
      [`${origin}/public/a`, true],
      [`${origin}/private/b`, false],
    ]);
  });
});

describe('robots-lens diff', () => {
  test('only the verdicts that change; stderr ends with "N verdicts change, out of M"', async () => {
    const r = await run([
      'diff',
      'robots.txt',
      'new.txt',
      '--format',
      'jsonl',
      '--agent',
      'A',
      '--agent',
      'B',
      '/shop/1',
      '/private',
      '/public',
    ]);
    expect(r.status).toBe(0);
    expect(jsonl(r.stdout)).toEqual([
      { url: '/shop/1', agent: 'A', before: true, after: false, lineBefore: null, lineAfter: 3 },
      { url: '/shop/1', agent: 'B', before: true, after: false, lineBefore: null, lineAfter: 3 },
    ]);
    expect(r.stderr.trim().split('\n').at(-1)).toBe('2 verdicts change, out of 6');
  });

  test('--fail-on-change: exit 1 when a verdict changes, 0 when none does', async () => {
    expect((await run(['diff', 'robots.txt', 'new.txt', '--fail-on-change', '/shop'])).status).toBe(
      1,
    );
    expect(
      (await run(['diff', 'robots.txt', 'new.txt', '--fail-on-change', '/public'])).status,
    ).toBe(0);
  });

  test('csv', async () => {
    const r = await run([
      'diff',
      'robots.txt',
      'new.txt',
      '--format',
      'csv',
      '--agent',
      'A',
      '/shop',
    ]);
    // The six AI-use columns always, last, empty when neither file has such lines.
    expect(r.stdout).toBe(
      'url,agent,before,after,lineBefore,lineAfter,aiTrainBefore,aiTrainAfter,aiAnswersBefore,aiAnswersAfter,aiSearchBefore,aiSearchAfter,cutBytesBefore,cutEndedBefore,cutRobotsBefore,cutBytesAfter,cutEndedAfter,cutRobotsAfter\r\n/shop,A,true,false,,3,,,,,,,,,,,,\r\n',
    );
  });

  test('files without Content-Signal or Content-Usage lines: jsonl byte for byte as before, no AI fields', async () => {
    const r = await run([
      'diff',
      'robots.txt',
      'new.txt',
      '--format',
      'jsonl',
      '--agent',
      'GPTBot',
      '/shop/1',
      '/public',
    ]);
    expect(r.stdout).toBe(
      '{"url":"/shop/1","agent":"GPTBot","before":true,"after":false,"lineBefore":null,"lineAfter":3}\n',
    );
    const x = await run(['diff', 'robots.txt', 'new.txt', '--agent', 'GPTBot', '/shop/1']);
    expect(x.stdout).toBe('/shop/1  GPTBot: Allowed (—) → Disallowed (line 3)\n');
  });

  // The AI-use fields of diff: what robots.txt says about AI use (Content-Signal, Content-Usage)
  // before and after, for each reported change; a change in it alone is a change.
  const OLD_AI = 'User-agent: *\nContent-Signal: search=yes, ai-train=yes\nDisallow: /private\n';
  const NEW_AI =
    'User-agent: *\nContent-Signal: search=yes, ai-train=no\nDisallow: /private\nDisallow: /shop\n';
  const fields = (train: string[], answers: string[], search: string[]) => ({
    aiTrainBefore: train[0],
    aiTrainAfter: train[1],
    aiAnswersBefore: answers[0],
    aiAnswersAfter: answers[1],
    aiSearchBefore: search[0],
    aiSearchAfter: search[1],
  });
  // [source, old file, new file, path, expected record (null: no change)]
  const AI_ROWS: [string, string, string, string, Record<string, unknown> | null][] = [
    [
      'Cloudflare Content Signals Policy: only ai-train changes (yes → no), the crawl verdict stays',
      OLD_AI,
      NEW_AI,
      '/a',
      {
        before: true,
        after: true,
        lineBefore: null,
        lineAfter: null,
        ...fields(['yes', 'no'], ['unset', 'unset'], ['yes', 'yes']),
      },
    ],
    [
      'RFC 9309 §2.2.2 and Content Signals Policy: the crawl verdict and ai-train both change',
      OLD_AI,
      NEW_AI,
      '/shop/x',
      {
        before: true,
        after: false,
        lineBefore: null,
        lineAfter: 4,
        ...fields(['yes', 'no'], ['unset', 'unset'], ['yes', 'yes']),
      },
    ],
    [
      'Content Signals Policy: a line added where there was none (unset → no)',
      'User-agent: *\nAllow: /\n',
      'User-agent: *\nAllow: /\nContent-Signal: ai-input=no\n',
      '/a',
      {
        before: true,
        after: true,
        lineBefore: 2,
        lineAfter: 2,
        ...fields(['unset', 'unset'], ['unset', 'no'], ['unset', 'unset']),
      },
    ],
    [
      'draft-ietf-aipref-attach-05 §3.1: a Content-Usage rule where the robot may not crawl says nothing: no change',
      'User-agent: *\nDisallow: /private\n',
      'User-agent: *\nDisallow: /private\nContent-Usage: train-ai=n\n',
      '/private/x',
      null,
    ],
    [
      'draft-ietf-aipref-vocab-08, Combining Preferences: a Content-Usage n beside the same Content-Signal no: no change',
      'User-agent: *\nContent-Signal: ai-train=no\n',
      'User-agent: *\nContent-Signal: ai-train=no\nContent-Usage: train-ai=n\n',
      '/a',
      null,
    ],
  ];
  test.each(AI_ROWS)('%s', async (_source, oldText, newText, path, expected) => {
    writeFileSync(join(dir, 'ai-old.txt'), oldText);
    writeFileSync(join(dir, 'ai-new.txt'), newText);
    const base = ['diff', 'ai-old.txt', 'ai-new.txt', '--agent', 'GPTBot', path];
    const j = await run([...base, '--format', 'jsonl', '--fail-on-change']);
    expect(jsonl(j.stdout)).toEqual(
      expected === null ? [] : [{ url: path, agent: 'GPTBot', ...expected }],
    );
    // Counted as a change, and --fail-on-change fails on it.
    expect(j.stderr.trim().split('\n').at(-1)).toBe(
      expected === null ? '0 verdicts change, out of 1' : '1 verdict changes, out of 1',
    );
    expect(j.status).toBe(expected === null ? 0 : 1);
    const c = await run([...base, '--format', 'csv']);
    const [header, row] = c.stdout.split('\r\n');
    // The AI columns, before the 500 KiB cut's six.
    expect(header?.split(',').slice(6, 12)).toEqual(Object.keys(fields([], [], [])));
    if (expected !== null)
      expect(row?.split(',').slice(6, 12)).toEqual(Object.values(expected).slice(4));
  });

  test("text: one line under the verdict saying what changed in AI use, in the catalogue's words", async () => {
    writeFileSync(join(dir, 'ai-old.txt'), OLD_AI);
    writeFileSync(join(dir, 'ai-new.txt'), NEW_AI);
    const x = await run([
      'diff',
      'ai-old.txt',
      'ai-new.txt',
      '--agent',
      'GPTBot',
      '/a',
      '/shop/x',
      '/private',
    ]);
    expect(x.stdout.split('\n')).toEqual([
      '/a  GPTBot: Allowed (—) → Allowed (—)',
      '  What the site says about AI use changes: AI training: yes → no.',
      '/shop/x  GPTBot: Allowed (—) → Disallowed (line 4)',
      '  What the site says about AI use changes: AI training: yes → no.',
      '/private  GPTBot: Disallowed (line 3) → Disallowed (line 3)',
      '  What the site says about AI use changes: AI training: yes → no.',
      '',
    ]);
    const es = await run([
      'diff',
      'ai-old.txt',
      'ai-new.txt',
      '--agent',
      'GPTBot',
      '--lang',
      'es',
      '/a',
    ]);
    expect(es.stdout).toContain(
      'Cambia lo que el sitio dice sobre el uso por IA: entrenamiento de IA: sí → no.',
    );
  });
});
