// robots-lens check and what robots.txt says about AI use (issue 16, item 5): the answers of
// src/explain/ai.ts for training, AI answers and search as aiTrain, aiAnswers and aiSearch in jsonl
// (only when the file has Content-Signal or Content-Usage lines) and csv (always, empty when it
// has none), and the popup's sentence and warning under the robot's line in text. In process
// (cli/main.ts's main with in-memory streams), against files in a temporary folder.
import { describe, expect, test } from 'vitest';
import en from '../../_locales/en/messages.json';
import { AiFile } from '../../cli/ai.ts';
import { readSource } from '../../cli/sources.ts';
import { compileUsageRules, parseContentUsageRules } from '../../src/ai/content-usage.ts';
import { aiSignals } from '../../src/ai/signals.ts';
import { explainAi } from '../../src/explain/ai.ts';
import { checkCrawler, lookupIn, parseRobotsTxt, translator } from '../../src/index.ts';
import { tempFiles } from '../fixtures/temp-files.ts';
import { runMain } from './in-process.ts';

const t = translator(lookupIn(en), 'en');

const run = runMain;

const jsonl = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

const { file } = tempFiles('rl-cli-ai-');

type Answer = 'yes' | 'no' | 'unset';

// [source, robots.txt, robot, path, [aiTrain, aiAnswers, aiSearch], warnings in text]
const CASES: [string, string, string, string, [Answer, Answer, Answer], number][] = [
  [
    'Cloudflare, Content Signals Policy: the managed default in the * group (GPTBot may crawl, the site says no to training: a warning)',
    '# BEGIN Cloudflare Managed content\nUser-Agent: *\nContent-signal: search=yes,ai-train=no\nAllow: /\n# END Cloudflare Managed Content\n',
    'GPTBot',
    '/page',
    ['no', 'unset', 'yes'],
    1,
  ],
  [
    'Cloudflare, Content Signals Policy: the same line to a search engine (no warning)',
    'User-Agent: *\nContent-signal: search=yes,ai-train=no\nAllow: /\n',
    'Googlebot',
    '/page',
    ['no', 'unset', 'yes'],
    0,
  ],
  [
    'Cloudflare, Content Signals Policy: ai-input=no to an AI search crawler it lets in (a warning)',
    'User-agent: *\nContent-Signal: ai-input=no, search=yes\n',
    'PerplexityBot',
    '/page',
    ['unset', 'no', 'yes'],
    1,
  ],
  [
    "Cloudflare, Content Signals Policy: a line in GPTBot's group applies whatever the verdict (disallowed: no warning)",
    'User-agent: GPTBot\nContent-Signal: ai-train=no\nDisallow: /private/\n\nUser-agent: *\nAllow: /\n',
    'GPTBot',
    '/private/x',
    ['no', 'unset', 'unset'],
    0,
  ],
  [
    "Cloudflare, Content Signals Policy: another robot's group says nothing to this one (fields unset)",
    'User-agent: GPTBot\nContent-Signal: ai-train=no\nDisallow: /\n\nUser-agent: *\nAllow: /\n',
    'Googlebot',
    '/page',
    ['unset', 'unset', 'unset'],
    0,
  ],
  [
    'RFC 9309 §2.1 with the Content Signals Policy: a blank line ends no group, so the * after it shares the line',
    'User-agent: GPTBot\nContent-Signal: ai-train=no\n\nUser-agent: *\nAllow: /\n',
    'Googlebot',
    '/page',
    ['no', 'unset', 'unset'],
    0,
  ],
  [
    'draft-ietf-aipref-attach-05 §3.1: the longest matching Content-Usage path decides (/public/)',
    'User-agent: *\nContent-Usage: train-ai=n\nContent-Usage: /public/ train-ai=y\nAllow: /\n',
    'ClaudeBot',
    '/public/a',
    ['yes', 'unset', 'unset'],
    0,
  ],
  [
    'draft-ietf-aipref-attach-05 §3.1: a rule without a path elsewhere (a warning: ClaudeBot may crawl)',
    'User-agent: *\nContent-Usage: train-ai=n\nContent-Usage: /public/ train-ai=y\nAllow: /\n',
    'ClaudeBot',
    '/other',
    ['no', 'unset', 'unset'],
    1,
  ],
  [
    'draft-ietf-aipref-attach-05 §3.1: no preference is implied for a path that may not be crawled',
    'User-agent: *\nDisallow: /private/\nContent-Usage: ai-use=n\n',
    'OAI-SearchBot',
    '/private/x',
    ['unset', 'unset', 'unset'],
    0,
  ],
  [
    'draft-ietf-aipref-vocab-08, Combining Preferences: a Content-Usage n beats a Content-Signal yes',
    'User-agent: *\nContent-Signal: search=yes\nContent-Usage: search=n\n',
    'Bingbot',
    '/page',
    ['unset', 'unset', 'no'],
    0,
  ],
];

describe('robots-lens check: what robots.txt says about AI use', () => {
  test.each(CASES)('%s', async (_source, text, robot, path, [train, answers, search], warnings) => {
    const robots = file('robots.txt', text);
    const base = ['check', '--robots', robots, '--agent', robot, path];

    const j = await run([...base, '--format', 'jsonl']);
    expect(j.status).toBe(0);
    expect(jsonl(j.stdout)).toEqual([
      expect.objectContaining({
        url: path,
        agent: robot,
        aiTrain: train,
        aiAnswers: answers,
        aiSearch: search,
      }),
    ]);

    const c = await run([...base, '--format', 'csv']);
    const [header, row] = c.stdout.split('\r\n');
    expect(header).toBe(
      'url,agent,allowed,line,semantics,rule,robots,error,aiTrain,aiAnswers,aiSearch,cutBytes,cutEnded,cutRobots',
    );
    // Before the 500 KiB cut's three columns (empty: the file is read whole).
    expect(row?.split(',').slice(-7)).toEqual(['', train, answers, search, '', '', '']);

    // The popup's words (src/explain/ai.ts), from the engine's verdict for the robot's profile.
    const verdict = checkCrawler(parseRobotsTxt(text), robot, path);
    const explained = explainAi(robot, aiSignals(text, verdict), t);
    const x = await run(base);
    const lines = x.stdout.split('\n');
    const at = lines.findIndex((l) => l.includes(` ${robot} `));
    expect(at).toBe(1);
    if (explained === null) {
      expect(lines[2]).toBe('');
    } else {
      expect(lines[2]?.trim()).toBe(explained.sentence);
      expect(explained.conflicts).toHaveLength(warnings);
      for (const [i, conflict] of explained.conflicts.entries())
        expect(lines[3 + i]?.trim()).toBe(`⚠ ${conflict}`);
      // Under the verdict's reasons, not at the start of a line.
      expect(lines[2]?.indexOf(explained.sentence)).toBe(21 + Math.max(robot.length, 8));
    }
    // The aipref drafts named once at the end, when a Content-Usage rule was read.
    const drafts = x.stdout.split('draft-ietf-aipref-attach-05').length - 1;
    expect(drafts).toBe(explained?.draft == null ? 0 : 1);
  });

  test('a file without Content-Signal or Content-Usage lines: no new jsonl field, text unchanged, empty csv columns', async () => {
    const robots = file('plain.txt', 'User-agent: *\nDisallow: /private\n');
    const base = [
      'check',
      '--robots',
      robots,
      '--agent',
      'GPTBot',
      '--agent',
      'Googlebot',
      '/private/x',
      '/a',
    ];
    const j = await run([...base, '--format', 'jsonl']);
    for (const record of jsonl(j.stdout))
      expect(Object.keys(record)).toEqual([
        'url',
        'agent',
        'allowed',
        'line',
        'semantics',
        'rule',
        'robots',
      ]);
    const c = await run([...base, '--format', 'csv']);
    expect(c.stdout.split('\r\n')[1]).toBe(
      '/private/x,GPTBot,false,2,rfc9309,Disallow: /private,ok,,,,,,,',
    );
    const x = await run(base);
    // The URL, one line per robot, for each URL; then a blank line and the totals.
    expect(x.stdout.split('\n')).toHaveLength(2 * 3 + 3);
    expect(x.stdout).not.toContain('AI');
  });

  test('a hostile Content-Signal line: control characters in its value never reach the terminal', async () => {
    const robots = file(
      'hostile.txt',
      'User-agent: *\nContent-Signal: search=yes,\u001b[2J\u001b]0;pwned\u0007 ai-train=no\r\u009b31m\nAllow: /\n',
    );
    const x = await run([
      'check',
      '--robots',
      robots,
      '--agent',
      'GPTBot',
      '--agent',
      'Evil\u001b[31mBot',
      '/a',
    ]);
    expect(x.stdout).toMatch(/The site says/);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters under test
    expect(x.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
    const j = await run([
      'check',
      '--robots',
      robots,
      '--agent',
      'GPTBot',
      '--format',
      'jsonl',
      '/a',
    ]);
    expect(jsonl(j.stdout)[0]).toMatchObject({ aiSearch: 'yes' });
  });

  test('--help says what is read, and that no page header is', async () => {
    const h = await run(['check', '--help']);
    expect(h.stdout).toContain('aiTrain, aiAnswers and aiSearch');
    expect(h.stdout).toContain("a page's Content-Usage header is not read");
  });
});

describe('cli/ai.ts: the signal lines parsed once per file', () => {
  test('a file without such lines has no reader; one with them shares a picture across URLs', async () => {
    const plain = await readSource(file('p.txt', 'User-agent: *\nDisallow: /x\n'));
    expect(plain.kind === 'ok' && plain.ai).toBeNull();
    const text = 'User-agent: *\nContent-Signal: ai-train=no\nDisallow: /x\n';
    const source = await readSource(file('s.txt', text));
    if (source.kind !== 'ok' || source.ai === null) throw new Error('no reader');
    const parsed = source.parsed;
    const a = source.ai.picture('GPTBot', checkCrawler(parsed, 'GPTBot', '/a'));
    const b = source.ai.picture('GPTBot', checkCrawler(parsed, 'GPTBot', '/b/c?d'));
    const disallowed = source.ai.picture('GPTBot', checkCrawler(parsed, 'GPTBot', '/x'));
    expect(b).toBe(a);
    expect(disallowed).not.toBe(a);
    expect(disallowed.answers.train.answer).toBe('no');
    expect(
      AiFile.of(
        'User-agent: *\ncontent-usage: train-ai=n\n',
        parseRobotsTxt('User-agent: *\ncontent-usage: train-ai=n\n'),
      ),
    ).not.toBeNull();
  });

  // draft-ietf-aipref-attach-05 §3.1 (longest match, RFC 9309 §2.2.2 and §2.2.3 wildcards, rules of
  // one path combined, nothing where the robot may not crawl): the picture a page shares with
  // earlier pages has the rules src/ai's compileUsageRules chooses for this page's own path.
  test.each([
    '/',
    '/shop',
    '/shop/',
    '/shop/a?b=1',
    '/shop/a.pdf',
    '/SHOP/x',
    '/news/2026/a',
    '/news/%7Euser',
    '/news/~user',
    '/private/x',
    '/a.pdf',
    '/a.pdf?x',
  ])('the rules the page shares are its own: %s', (path) => {
    const text =
      'User-agent: *\nContent-Usage: train-ai=n\nContent-Usage: /shop/ train-ai=y\n' +
      'Content-Usage: /shop/ search=n\nContent-Usage: /*.pdf$ ai-use=n\nContent-Usage: /news/~user ai-use=y\n' +
      'Disallow: /private/\n\nUser-agent: GPTBot\nContent-Usage: /news/ train-ai=n\nAllow: /\n';
    const parsed = parseRobotsTxt(text);
    const ai = AiFile.of(text, parsed);
    if (ai === null) throw new Error('no reader');
    const rules = parseContentUsageRules(text, parsed);
    for (const robot of ['Googlebot', 'GPTBot', 'ClaudeBot']) {
      // Every path first, so that this one may reuse a picture of another.
      for (const other of ['/', '/shop/', '/a.pdf', '/news/~user', '/news/x', '/private/'])
        ai.picture(robot, checkCrawler(parsed, robot, other));
      const verdict = checkCrawler(parsed, robot, path);
      const expected = compileUsageRules(rules, verdict.reason.groups.lines).applicable(
        verdict.reason.path,
        verdict.allowed,
      );
      const got = ai.picture(robot, verdict).signals.usageRules;
      expect(got.code).toBe(expected.code);
      expect(got.rules.map((r) => r.line)).toEqual(expected.rules.map((r) => r.line));
    }
  });
});
