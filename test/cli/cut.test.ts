// A robots.txt over 500 KiB (issue 41): crawlers read its first 512,000 bytes and ignore the rest
// (RFC 9309 §2.5; Google: "Content which is after the maximum file size is ignored"). A rule past
// the cut decides nothing, so the command line says the cut: once per file on stderr, in every
// record (jsonl, csv, text) with the robots whose groups lie past it, and --fail-on-cut fails.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { translatorFor } from '../../src/explain/catalogues.ts';
import { sizeText } from '../../src/explain/formats.ts';
import { MAX_BODY_BYTES } from '../../src/policy.ts';
import { runMain } from './in-process.ts';

const en = translatorFor('en');

// `*` before the cut; GPTBot's group starts past it, so GPTBot is judged by `*` alone.
const HEAD = 'User-agent: *\nDisallow: /private\n\n';
const FILLER = `# ${'x'.repeat(97)}\n`; // 100 bytes
const BIG = `${HEAD}${FILLER.repeat(Math.ceil(MAX_BODY_BYTES / FILLER.length) + 10)}User-agent: GPTBot\nDisallow: /\n`;
const BIG_BYTES = Buffer.byteLength(BIG);
const SMALL = 'User-agent: *\nDisallow:\n';
const PAGE = '<!doctype html><title>p</title><p>hello</p>';

/** The line stderr says for a cut file, in the popup's words (its size, the groups past it). */
const told = (place: string, robots = 'GPTBot') =>
  `${place}: ${en('warnTruncatedSize', sizeText(BIG_BYTES, en))} ${en('warnPastCutGroups', robots)}`;

let dir = '';
let origin = '';
let server: Server;
const at = (name: string) => join(dir, name);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rl-cut-'));
  writeFileSync(at('big.txt'), BIG);
  writeFileSync(at('big-copy.txt'), BIG);
  writeFileSync(at('small.txt'), SMALL);
  server = createServer((req, res) => {
    if (req.url === '/robots.txt') res.writeHead(200, { 'content-type': 'text/plain' }).end(BIG);
    else res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => {
  server.close();
  rmSync(dir, { recursive: true, force: true });
});

const AGENTS = ['--agent', 'Googlebot', '--agent', 'GPTBot'];
const jsonl = (text: string) =>
  text
    .trim()
    .split('\n')
    .map(
      (l) =>
        JSON.parse(l) as {
          [key: string]: unknown;
          cut?: unknown;
          cutAfter?: unknown;
          agent?: unknown;
          allowed?: unknown;
        },
    );
const CUT = { bytes: 0, ended: true, robots: ['GPTBot'] };

describe('check: the cut told, carried and failed on', () => {
  // Where the file comes from: a local --robots file, --robots URL, each URL's own origin.
  const places: [string, () => string[], () => string[], () => string][] = [
    [
      '--robots FILE',
      () => ['--robots', at('big.txt')],
      () => ['/page', '/private/x'],
      () => at('big.txt'),
    ],
    [
      '--robots URL',
      () => ['--robots', `${origin}/robots.txt`],
      () => ['/page'],
      () => `${origin}/robots.txt`,
    ],
    [
      'the live origin',
      () => [],
      () => [`${origin}/page`, `${origin}/other`],
      () => `${origin}/robots.txt`,
    ],
  ];
  test.each(places)(
    '%s: jsonl records, one stderr line, exit 1 with --fail-on-cut',
    async (_, source, urls, place) => {
      const r = await runMain(['check', ...source(), ...AGENTS, '--format', 'jsonl', ...urls()]);
      expect(r.status).toBe(0);
      expect(r.stderr).toBe(`${told(place())}\n`);
      const records = jsonl(r.stdout);
      expect(records).toHaveLength(urls().length * 2);
      for (const record of records) expect(record.cut).toEqual({ ...CUT, bytes: BIG_BYTES });
      // The rule past the cut decides nothing: GPTBot is judged by `*`, as crawlers judge it.
      expect(records.find((x) => x.agent === 'GPTBot')?.allowed).toBe(true);
      const failed = await runMain(['check', ...source(), ...AGENTS, '--fail-on-cut', ...urls()]);
      expect(failed.status).toBe(1);
    },
  );

  test('csv: cutBytes, cutEnded and cutRobots, last, on every row', async () => {
    const r = await runMain([
      'check',
      '--robots',
      at('big.txt'),
      ...AGENTS,
      '--format',
      'csv',
      '/a',
    ]);
    const [header, ...rows] = r.stdout.trimEnd().split('\r\n');
    expect(header?.split(',').slice(-3)).toEqual(['cutBytes', 'cutEnded', 'cutRobots']);
    expect(rows).toHaveLength(2);
    for (const row of rows)
      expect(row.split(',').slice(-3)).toEqual([String(BIG_BYTES), 'true', 'GPTBot']);
  });

  test("text: the popup's warning under each URL", async () => {
    const r = await runMain(['check', '--robots', at('big.txt'), ...AGENTS, '/a', '/b']);
    const warning = `  ⚠ ${en('warnTruncatedSize', sizeText(BIG_BYTES, en))} ${en('warnPastCutGroups', 'GPTBot')}`;
    expect(r.stdout.split('\n').filter((l) => l === warning)).toHaveLength(2);
  });

  test('`*` past the cut is named too; a file read whole carries nothing', async () => {
    writeFileSync(at('star.txt'), `${FILLER.repeat(5200)}User-agent: *\nDisallow: /\n`);
    const r = await runMain([
      'check',
      '--robots',
      at('star.txt'),
      '--agent',
      'Googlebot',
      '--format',
      'jsonl',
      '/a',
    ]);
    expect(jsonl(r.stdout)[0]?.cut).toMatchObject({ robots: ['*'] });
    const whole = await runMain([
      'check',
      '--robots',
      at('small.txt'),
      '--format',
      'jsonl',
      '--fail-on-cut',
      '/a',
    ]);
    expect(whole.status).toBe(0);
    expect(whole.stderr).toBe('');
    expect(jsonl(whole.stdout)[0]).not.toHaveProperty('cut');
  });
});

describe('diff: both files', () => {
  test('NEW cut: its records carry cutAfter, stderr names it, --fail-on-cut exits 1', async () => {
    const args = [
      'diff',
      at('small.txt'),
      at('big.txt'),
      ...AGENTS,
      '--format',
      'jsonl',
      '/private/x',
    ];
    const r = await runMain(args);
    expect(r.status).toBe(0);
    expect(r.stderr.split('\n')[0]).toBe(told(at('big.txt')));
    const records = jsonl(r.stdout);
    expect(records).toHaveLength(2);
    for (const record of records) {
      expect(record.cutAfter).toEqual({ ...CUT, bytes: BIG_BYTES });
      expect(record).not.toHaveProperty('cutBefore');
    }
    expect((await runMain([...args, '--fail-on-cut'])).status).toBe(1);
  });

  test('no verdict changes, both cut: each file told once, --fail-on-cut still exits 1', async () => {
    const r = await runMain([
      'diff',
      at('big.txt'),
      at('big-copy.txt'),
      ...AGENTS,
      '--fail-on-cut',
      '/a',
    ]);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr.split('\n').slice(0, 2)).toEqual([
      told(at('big.txt')),
      told(at('big-copy.txt')),
    ]);
  });

  test('csv: the six cut columns, OLD empty, NEW filled', async () => {
    const r = await runMain([
      'diff',
      at('small.txt'),
      at('big.txt'),
      '--agent',
      'Googlebot',
      '--format',
      'csv',
      '/private/x',
    ]);
    const [header, row] = r.stdout.trimEnd().split('\r\n');
    expect(header?.split(',').slice(-6)).toEqual([
      'cutBytesBefore',
      'cutEndedBefore',
      'cutRobotsBefore',
      'cutBytesAfter',
      'cutEndedAfter',
      'cutRobotsAfter',
    ]);
    expect(row?.split(',').slice(-6)).toEqual(['', '', '', String(BIG_BYTES), 'true', '']);
  });
});

describe('audit: records carry the cut, --fail-on-cut fails', () => {
  test.each(['jsonl', 'csv'])('%s', async (format) => {
    const args = ['audit', ...AGENTS, '--format', format, `${origin}/page`];
    const r = await runMain(args);
    expect(r.status).toBe(0);
    expect(r.stderr.split('\n')[0]).toBe(told(`${origin}/robots.txt`));
    if (format === 'jsonl')
      for (const record of jsonl(r.stdout))
        expect(record.cut).toEqual({ ...CUT, bytes: BIG_BYTES });
    else {
      const [header, ...rows] = r.stdout.trimEnd().split('\r\n');
      const columns = header?.split(',') ?? [];
      expect(columns.slice(-3)).toEqual(['cutBytes', 'cutEnded', 'cutRobots']);
      expect(rows).toHaveLength(2);
      for (const row of rows)
        expect(row.split(',').slice(-3)).toEqual([String(BIG_BYTES), 'true', 'GPTBot']);
    }
    expect((await runMain([...args, '--fail-on-cut'])).status).toBe(1);
  });
});
