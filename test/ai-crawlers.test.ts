// The reviewed AI crawler list (data/crawlers/ai-crawlers.json), its generated module and the
// profiles built from it (issue 16, item 6).
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
// @ts-expect-error: a plain ES module of the build scripts
import { build, check, render, SOURCE, TARGET, validate } from '../scripts/crawlers.mjs';
import { AI_CRAWLERS } from '../src/ai-crawlers.generated.ts';
import { CRAWLERS, type CrawlerPurpose, findCrawler } from '../src/crawlers.ts';

const source = JSON.parse(readFileSync(new URL(`../${SOURCE}`, import.meta.url), 'utf8'));

/** The purposes the options page lists as AI presets (ui/components/robot-editor.tsx PURPOSES). */
const AI_PRESET_PURPOSES: readonly CrawlerPurpose[] = ['ai-training', 'ai-search', 'ai-user-fetch'];

describe('the generated module', () => {
  test(`${TARGET} is what the script writes from ${SOURCE} (npm run crawlers -- --check)`, () => {
    expect(check()).toEqual({ errors: [], stale: false });
  });

  test('the reviewed source is valid and renders the module byte for byte', () => {
    expect(validate(source)).toEqual([]);
    expect(render(source)).toBe(readFileSync(new URL(`../${TARGET}`, import.meta.url), 'utf8'));
  });

  test('the module carries every entry of the source, in order, without the reviewers’ notes', () => {
    expect(AI_CRAWLERS.map((c) => c.token)).toEqual(
      source.crawlers.map((c: { token: string }) => c.token),
    );
    for (const c of AI_CRAWLERS) expect(c).not.toHaveProperty('note');
  });

  test('a changed source makes the module stale', () => {
    const changed = structuredClone(source);
    changed.crawlers[0].checked = '2001-01-01';
    expect(render(changed)).not.toBe(render(source));
  });
});

describe('AI preset robots have reviewed profiles', () => {
  const presets = CRAWLERS.filter((c) => AI_PRESET_PURPOSES.includes(c.purpose));

  test('the issue’s AI crawlers are all presets', () => {
    // Issue 16, item 6, and the brief's list.
    for (const token of [
      'GPTBot',
      'OAI-SearchBot',
      'ChatGPT-User',
      'ClaudeBot',
      'Claude-SearchBot',
      'Claude-User',
      'PerplexityBot',
      'Perplexity-User',
      'Google-Extended',
      'Applebot-Extended',
      'CCBot',
      'meta-externalagent',
      'Amazonbot',
      'Bytespider',
    ])
      expect(presets.map((c) => c.token)).toContain(token);
  });

  test.each(presets.map((c) => [c.token]))(
    '%s: operator, purpose, robots.txt stance and date from the reviewed list',
    (token) => {
      const profile = findCrawler(token);
      const entry = AI_CRAWLERS.find((c) => c.token === token);
      expect(entry).toBeDefined();
      expect(profile?.vendor).toBe(entry?.operator);
      expect(profile?.vendor).not.toBe('');
      expect(profile?.checked).toBe(entry?.checked);
      expect(profile?.checked).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(profile?.docsUrl).toBe(entry?.docsUrl);
      expect(profile?.obeysRobotsTxt).toBe(
        entry?.robotsTxt === 'user-triggered-may-ignore' ? 'may-ignore' : 'yes',
      );
      // A control token keeps the use it governs as its purpose and is marked by its page rules.
      const isControl = entry?.purpose === 'control-token';
      expect(profile?.purpose).toBe(isControl ? entry?.controls : entry?.purpose);
      expect(profile?.page.rules === 'control-token').toBe(isControl);
    },
  );

  test.each([
    // [source, token, purpose, obeysRobotsTxt, control token]
    ['OpenAI, "Overview of OpenAI crawlers"', 'GPTBot', 'ai-training', 'yes', false],
    [
      'OpenAI: robots.txt rules may not apply to ChatGPT-User',
      'ChatGPT-User',
      'ai-user-fetch',
      'may-ignore',
      false,
    ],
    ['Anthropic, article 8896518', 'Claude-SearchBot', 'ai-search', 'yes', false],
    [
      'Perplexity: Perplexity-User generally ignores robots.txt',
      'Perplexity-User',
      'ai-user-fetch',
      'may-ignore',
      false,
    ],
    ['Mistral AI, "Mistral crawlers"', 'MistralAI-User', 'ai-user-fetch', 'yes', false],
    ['DuckDuckGo help pages, "About DuckAssistBot"', 'DuckAssistBot', 'ai-search', 'yes', false],
    [
      "Google's common crawlers: Google-Extended is a product token",
      'Google-Extended',
      'ai-training',
      'yes',
      true,
    ],
    ['Apple, "About Applebot": Applebot-Extended', 'Applebot-Extended', 'ai-training', 'yes', true],
  ] as const)('%s', (_source, token, purpose, obeys, isControl) => {
    const profile = findCrawler(token);
    expect(profile?.purpose).toBe(purpose);
    expect(profile?.obeysRobotsTxt).toBe(obeys);
    expect(profile?.page.rules === 'control-token').toBe(isControl);
  });

  test('Google-Extended keeps Google’s reading of robots.txt', () => {
    expect(findCrawler('Google-Extended')?.semantics).toBe('google');
  });

  test('profiles not in the reviewed list keep the shared date', () => {
    expect(findCrawler('Googlebot')?.checked).toBe('2026-11-21');
  });
});

describe('the validator refuses bad entries', () => {
  const good = {
    token: 'ExampleBot',
    operator: 'Example',
    purpose: 'ai-training',
    robotsTxt: 'yes',
    docsUrl: 'https://example.com/bot',
    checked: '2026-11-23',
    note: 'Example crawler for training.',
  };
  const control = {
    ...good,
    purpose: 'control-token',
    controls: 'ai-training',
    robotsTxt: 'not-a-crawler',
  };
  const without = (key: keyof typeof good) =>
    Object.fromEntries(Object.entries(good).filter(([k]) => k !== key));

  test('a good entry and a good control token pass', () => {
    expect(validate({ crawlers: [good, { ...control, token: 'Example-Extended' }] })).toEqual([]);
  });

  test.each([
    // [why (source), entry, the error it must name]
    ['missing token', without('token'), 'token: missing'],
    [
      'RFC 9309 2.2.1: a token with a space',
      { ...good, token: 'Example Bot' },
      'token: not a product token',
    ],
    [
      'RFC 9309 2.2.1: a token with a version',
      { ...good, token: 'ExampleBot/1.0' },
      'token: not a product token',
    ],
    ['missing operator', without('operator'), 'operator: missing'],
    ['empty operator', { ...good, operator: ' ' }, 'operator: not a company name'],
    ['unknown purpose', { ...good, purpose: 'search' }, 'purpose: "search" is not one of'],
    ['missing purpose', without('purpose'), 'purpose: missing'],
    [
      'a control token without what it governs',
      { ...control, controls: undefined },
      'controls: a control token says',
    ],
    [
      'a crawler that governs a use',
      { ...good, controls: 'ai-training' },
      'controls: only a control token',
    ],
    [
      'unknown robots.txt stance',
      { ...good, robotsTxt: 'sometimes' },
      'robotsTxt: "sometimes" is not one of',
    ],
    [
      "'no' that the profile cannot carry",
      { ...good, robotsTxt: 'no' },
      "robotsTxt: 'no' cannot be carried",
    ],
    [
      'a crawler said not to be one',
      { ...good, robotsTxt: 'not-a-crawler' },
      "robotsTxt: 'not-a-crawler' goes with",
    ],
    [
      'a control token said to obey',
      { ...control, robotsTxt: 'yes' },
      "robotsTxt: 'not-a-crawler' goes with",
    ],
    [
      'may-ignore for a training crawler',
      { ...good, robotsTxt: 'user-triggered-may-ignore' },
      "'user-triggered-may-ignore' is for",
    ],
    ['an http URL', { ...good, docsUrl: 'http://example.com/bot' }, 'docsUrl: not an https URL'],
    ['a relative URL', { ...good, docsUrl: '/bot' }, 'docsUrl: not an https URL'],
    [
      'a URL with credentials',
      { ...good, docsUrl: 'https://u:p@example.com/' },
      'docsUrl: not an https URL',
    ],
    [
      'a URL with a space',
      { ...good, docsUrl: 'https://example.com/a b' },
      'docsUrl: not an https URL',
    ],
    [
      'a date in another format',
      { ...good, checked: '23/11/2026' },
      'checked: "23/11/2026" is not a calendar date',
    ],
    [
      'a date that does not exist',
      { ...good, checked: '2026-02-30' },
      'checked: "2026-02-30" is not a calendar date',
    ],
    [
      'a date with a time',
      { ...good, checked: '2026-11-23T00:00:00Z' },
      'checked: "2026-11-23T00:00:00Z"',
    ],
    ['a missing date', without('checked'), 'checked: missing'],
    ['an empty note', { ...good, note: '' }, 'note: not one line'],
    ['a note over two lines', { ...good, note: 'One.\nTwo.' }, 'note: not one line'],
    ['a missing note', without('note'), 'note: missing'],
    ['an unknown field', { ...good, respects: true }, 'respects: unknown field'],
    ['not an object', 'GPTBot', 'not an object'],
  ] as const)('%s', (_why, entry, message) => {
    const errors = validate({ crawlers: [entry] });
    expect(errors.some((e: string) => e.startsWith('crawlers[0]') && e.includes(message))).toBe(
      true,
    );
  });

  test.each([
    [
      'tokens are case-insensitive (RFC 9309 2.2.1)',
      [good, { ...good, token: 'examplebot' }],
      'crawlers[1] (examplebot): token: repeats crawlers[0]',
    ],
    ['no list', {}, 'crawlers: missing or empty list'],
    ['an empty list', [], 'crawlers: missing or empty list'],
  ])('%s', (_why, crawlers, message) => {
    const data = Array.isArray(crawlers) ? { crawlers } : crawlers;
    expect(validate(data).some((e: string) => e.startsWith(message))).toBe(true);
  });

  test.each([
    ['not JSON', '{crawlers: []}', 'not valid JSON'],
    ['a list at the top', '[]', 'not a JSON object'],
    [
      'an unknown top-level field',
      '{"crawlers": [], "version": 2}',
      'version: unknown top-level field',
    ],
  ])('the file: %s', (_why, text, message) => {
    const { errors, output } = build(text);
    expect(output).toBeNull();
    expect(errors.some((e: string) => e.includes(message))).toBe(true);
  });
});

describe('the validator never throws', () => {
  test('on any value, as the file or as an entry', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        expect(Array.isArray(validate(value))).toBe(true);
        expect(Array.isArray(validate({ crawlers: [value] }))).toBe(true);
      }),
    );
  });

  test('on any text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), (text) => {
        const { errors, output } = build(text);
        expect(output === null).toBe(errors.length > 0);
      }),
    );
  });
});
