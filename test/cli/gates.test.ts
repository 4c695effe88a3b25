// Gates that cannot pass on nothing (issue 41): a run that reads no URL at all is a usage error
// (exit 2, one line on stderr saying how to give URLs, nothing on stdout), whatever the command,
// the input and the format; lines that are there but are not URLs, an audit resumed with every
// URL done and a shard that got none of the URLs are not "no URL".
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { inShard } from '../../cli/audit.ts';
import { translatorFor } from '../../src/explain/catalogues.ts';
import { runBinary } from './binary.ts';
import { runMain } from './in-process.ts';

let dir = '';
const at = (name: string) => join(dir, name);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rl-gates-'));
  writeFileSync(at('robots.txt'), 'User-agent: *\nDisallow: /private\n');
  writeFileSync(at('new.txt'), 'User-agent: *\nDisallow: /\n');
  writeFileSync(at('empty.txt'), '');
  writeFileSync(at('blank.txt'), '\n   \n# only a comment\n\r\n');
  writeFileSync(
    at('empty-sitemap.xml'),
    '<?xml version="1.0"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"></urlset>\n',
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Each command as a CI job runs it, before its input: `check` and `diff` with local files. */
const COMMANDS = {
  check: () => ['check', '--robots', at('robots.txt')],
  diff: () => ['diff', at('robots.txt'), at('new.txt')],
  // --agent X keeps the default list's profiles out of it; no URL means nothing is fetched.
  audit: () => ['audit', '--agent', 'X'],
} as const;

/** Inputs that hold no URL at all: [name, extra arguments, stdin, what the message names]. */
const NOTHING: [string, () => string[], string, () => string | null][] = [
  ['an empty stdin', () => [], '', () => null],
  ['a stdin of blank and # lines', () => [], '\n# nothing yet\n  \n', () => null],
  ['--urls - on an empty stdin', () => ['--urls', '-'], '', () => null],
  ['an empty --urls file', () => ['--urls', at('empty.txt')], '', () => at('empty.txt')],
  [
    'a --urls file of blank and # lines',
    () => ['--urls', at('blank.txt')],
    '',
    () => at('blank.txt'),
  ],
  [
    'a sitemap without a <loc>',
    () => ['--sitemap', at('empty-sitemap.xml')],
    '',
    () => at('empty-sitemap.xml'),
  ],
  ['arguments that are only blank or # lines', () => ['  ', '# later'], '', () => null],
];

describe('no URL at all: exit 2, one line on stderr, nothing on stdout', () => {
  const en = translatorFor('en');
  for (const command of Object.keys(COMMANDS) as (keyof typeof COMMANDS)[])
    for (const format of ['text', 'jsonl', 'csv'])
      test.each(NOTHING)(`${command} --format ${format}: %s`, async (_, extra, stdin, named) => {
        const r = await runMain([...COMMANDS[command](), '--format', format, ...extra()], stdin);
        const place = named();
        expect(r).toEqual({
          status: 2,
          stdout: '',
          stderr: `${place === null ? en('cliNoUrls') : en('cliNoUrlsIn', place)}\n`,
        });
        // It says how to give URLs.
        for (const way of ['arguments', '--urls FILE', '--sitemap', 'stdin'])
          expect(r.stderr).toContain(way);
      });

  test.each(['es', 'ru', 'th'])(
    '--lang %s: the message in that language, naming the same ways',
    async (lang) => {
      for (const command of Object.keys(COMMANDS) as (keyof typeof COMMANDS)[]) {
        const r = await runMain([...COMMANDS[command](), '--lang', lang]);
        expect(r).toEqual({
          status: 2,
          stdout: '',
          stderr: `${translatorFor(lang)('cliNoUrls')}\n`,
        });
        expect(r.stderr).not.toBe(`${en('cliNoUrls')}\n`);
        for (const way of ['--urls FILE', '--sitemap URL|FILE', 'stdin'])
          expect(r.stderr).toContain(way);
      }
    },
  );

  test('--fail-on-change and --fail-on do not make it pass either', async () => {
    for (const args of [
      [...COMMANDS.diff(), '--fail-on-change'],
      [...COMMANDS.check(), '--fail-on-disallowed'],
      [...COMMANDS.audit(), '--fail-on', 'blocked'],
    ])
      expect((await runMain(args)).status).toBe(2);
  });

  test('the binary too: exit 2, nothing on stdout (a CI job reads this)', async () => {
    const r = await runBinary(['check', '--robots', at('robots.txt'), '--format', 'csv'], {
      cwd: dir,
      stdin: '',
    });
    expect(r).toEqual({ status: 2, stdout: '', stderr: `${en('cliNoUrls')}\n` });
  });
});

describe('lines were read: not "no URL"', () => {
  test.each([
    ['check', COMMANDS.check],
    ['diff', COMMANDS.diff],
    ['audit', COMMANDS.audit],
  ])('%s: lines that are not URLs exit 1, as before', async (_, command) => {
    const r = await runMain([...command(), 'ftp://example.com/']);
    expect(r.status).toBe(1);
    expect(r.stderr).not.toContain('no URL to judge');
  });

  test('a line too long to be a URL exits 1, as before', async () => {
    const r = await runMain(COMMANDS.check(), `${'x'.repeat(70_000)}\n`);
    expect(r.status).toBe(1);
    expect(r.stderr).not.toContain('no URL to judge');
  });

  test('audit --resume with every URL done already: exit 0, nothing fetched', async () => {
    // A URL no test serves: were it fetched, its record would say unreachable.
    const url = 'http://done.invalid/page';
    const file = at('done.jsonl');
    writeFileSync(file, `${JSON.stringify({ url, agent: 'X', state: 'indexable' })}\n`);
    const r = await runMain([...COMMANDS.audit(), '--resume', file], `${url}\n`);
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(/1 URL is already in/);
  });

  test('audit --shard K/N with none of the URLs in this shard: exit 0 (the other shards have them)', async () => {
    const url = 'http://shard.invalid/page';
    const other = inShard(url, { k: 0, n: 2 }) ? '1/2' : '0/2';
    const r = await runMain([...COMMANDS.audit(), '--shard', other, '--format', 'jsonl'], url);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).not.toContain('no URL to judge');
  });
});
