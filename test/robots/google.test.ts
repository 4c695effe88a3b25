import { describe, expect, test } from 'vitest';
import { googleEscape } from '../../src/robots/encoding.ts';
import { checkUrl, parseRobotsTxt, pathOfUrl } from '../../src/robots/index.ts';
import { GOOGLE_CASES } from './google-cases.ts';

const label = (c: (typeof GOOGLE_CASES)[number]) =>
  `${c.source}: ${JSON.stringify(c.agent)} ${c.url.length > 80 ? `${c.url.slice(0, 60)}…` : c.url}`;

describe("'google' answers as Google's parser (robots_test.cc)", () => {
  test.each(GOOGLE_CASES.map((c) => [label(c), c] as const))('%s', (_, c) => {
    expect(checkUrl(parseRobotsTxt(c.robotstxt), c.agent, c.url, 'google').allowed).toBe(c.allowed);
  });
});

describe("'rfc9309' on the same cases: equal, except where RFC 9309 says otherwise", () => {
  test.each(GOOGLE_CASES.map((c) => [label(c), c] as const))('%s', (_, c) => {
    const expected = c.rfc9309?.allowed ?? c.allowed;
    expect(checkUrl(parseRobotsTxt(c.robotstxt), c.agent, c.url, 'rfc9309').allowed).toBe(expected);
  });
});

/** Lines that carry a directive, as Google's RobotsParseHandler would report them. */
function directiveLines(text: string): number[] {
  const r = parseRobotsTxt(text);
  const lines = [
    ...r.groups.flatMap((g) => g.rules.map((x) => x.line)),
    ...r.others.map((o) => o.line),
  ];
  return lines.sort((a, b) => a - b);
}

describe('parsing (robots_test.cc)', () => {
  // ID_LinesNumbersAreCountedCorrectly: CR, LF and CRLF each end a line.
  test.each([
    ['unix', 'User-Agent: foo\nAllow: /some/path\nUser-Agent: bar\n\n\nDisallow: /\n'],
    ['dos', 'User-Agent: foo\r\nAllow: /some/path\r\nUser-Agent: bar\r\n\r\n\r\nDisallow: /\r\n'],
    ['mac', 'User-Agent: foo\rAllow: /some/path\rUser-Agent: bar\r\r\rDisallow: /\r'],
    ['no final newline', 'User-Agent: foo\nAllow: /some/path\nUser-Agent: bar\n\n\nDisallow: /'],
    ['mixed', 'User-Agent: foo\nAllow: /some/path\r\nUser-Agent: bar\n\r\n\nDisallow: /'],
  ])('ID_LinesNumbersAreCountedCorrectly (%s)', (_, text) => {
    const r = parseRobotsTxt(text);
    expect(r.groups.map((g) => g.line)).toEqual([1, 3]);
    expect(directiveLines(text)).toEqual([2, 6]);
  });

  // ID_UTF8ByteOrderMarkIsSkipped, with bytes as a UTF-8 decoder or a Latin-1 reading gives them.
  test.each([
    ['full BOM', '\uFEFFUser-Agent: foo\nAllow: /AnyValue\n', 1],
    ['full BOM read as Latin-1', '\u00EF\u00BB\u00BFUser-Agent: foo\nAllow: /AnyValue\n', 1],
    ['partial BOM (2 bytes), Latin-1', '\u00EF\u00BBUser-Agent: foo\nAllow: /AnyValue\n', 1],
    ['partial BOM (1 byte), Latin-1', '\u00EFUser-Agent: foo\nAllow: /AnyValue\n', 1],
    ['partial BOM decoded with replacement', '\uFFFDUser-Agent: foo\nAllow: /AnyValue\n', 1],
  ])('ID_UTF8ByteOrderMarkIsSkipped: %s', (_, text, groups) => {
    const r = parseRobotsTxt(text);
    expect(r.groups).toHaveLength(groups);
    expect(r.groups[0]?.agents).toEqual(['foo']);
    expect(r.others).toEqual([]);
    expect(r.diagnostics.some((d) => d.code === 'bom')).toBe(true);
  });

  test('ID_UTF8ByteOrderMarkIsSkipped: a broken BOM leaves a garbage first line', () => {
    const r = parseRobotsTxt('\u00EF\u0011\u00BFUser-Agent: foo\nAllow: /AnyValue\n');
    expect(r.groups).toEqual([]);
    expect(r.others.map((o) => o.line)).toEqual([1]);
  });

  test('ID_UTF8ByteOrderMarkIsSkipped: a BOM in the middle of the file is not skipped', () => {
    const r = parseRobotsTxt('User-Agent: foo\n\uFEFFAllow: /AnyValue\n');
    expect(r.groups[0]?.rules).toEqual([]);
    expect(r.others.map((o) => o.line)).toEqual([2]);
  });

  test('ID_NonStandardLineExample_Sitemap: anywhere in the file', () => {
    const loc = 'http://foo.bar/sitemap.xml';
    const body = 'User-Agent: foo\nAllow: /some/path\nUser-Agent: bar\n\n\n';
    expect(parseRobotsTxt(`${body}Sitemap: ${loc}\n`).sitemaps).toEqual([loc]);
    expect(parseRobotsTxt(`Sitemap: ${loc}\n${body}`).sitemaps).toEqual([loc]);
  });

  test.each([
    ['', '/'],
    ['http://www.example.com', '/'],
    ['http://www.example.com/', '/'],
    ['http://www.example.com/a', '/a'],
    ['http://www.example.com/a/', '/a/'],
    ['http://www.example.com/a/b?c=http://d.e/', '/a/b?c=http://d.e/'],
    ['http://www.example.com/a/b?c=d&e=f#fragment', '/a/b?c=d&e=f'],
    ['example.com', '/'],
    ['example.com/', '/'],
    ['example.com/a', '/a'],
    ['example.com/a/', '/a/'],
    ['example.com/a/b?c=d&e=f#fragment', '/a/b?c=d&e=f'],
    ['a', '/'],
    ['a/', '/'],
    ['/a', '/a'],
    ['a/b', '/b'],
    ['example.com?a', '/?a'],
    ['example.com/a;b#c', '/a;b'],
    ['//a/b/c', '/b/c'],
  ])('TestGetPathParamsQuery: %j → %j', (url, path) => {
    expect(pathOfUrl(url)).toBe(path);
  });

  test.each([
    ['http://www.example.com', 'http://www.example.com'],
    ['/a/b/c', '/a/b/c'],
    ['á', '%C3%A1'],
    ['%aa', '%AA'],
  ])('TestMaybeEscapePattern: %j → %j', (value, escaped) => {
    expect(googleEscape(value)).toBe(escaped);
  });
});
