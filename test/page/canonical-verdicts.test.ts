import { describe, expect, test } from 'vitest';
import { canonicalVerdicts } from '../../src/page/canonical-verdicts.ts';
import { parseRobotsTxt } from '../../src/robots/index.ts';
import { fakePage } from '../../ui/fake-connector.ts';

// Google Search Central, "How to specify a canonical URL": do not point the canonical at a URL
// robots.txt blocks. The verdicts for it ride with the report, computed where the file is parsed.
const PAGE = 'https://a.test/p?x=1';
const parsed = parseRobotsTxt(
  'User-agent: *\nDisallow: /private\n\nUser-agent: GPTBot\nAllow: /\n',
);
const ROBOTS = ['Googlebot', 'GPTBot'];
const verdictsFor = (canonicals: string[], headerLink: string[] = []) =>
  canonicalVerdicts(
    parsed,
    fakePage(PAGE, { canonicals, link: headerLink }),
    'https://a.test',
    ROBOTS,
  );

describe('canonicalVerdicts: each robot’s verdict for the canonical URL', () => {
  test('another URL of the origin, by tag: judged by the same file', () => {
    expect(
      verdictsFor(['/private/p'])?.map((v) => [v.robot, v.verdict.allowed, v.verdict.rule?.line]),
    ).toEqual([
      ['Googlebot', false, 2],
      ['GPTBot', true, 5],
    ]);
  });

  test('by Link header (RFC 8288), when there is no tag', () => {
    expect(
      verdictsFor([], ['</private/h>; rel="canonical"'])?.map((v) => v.verdict.allowed),
    ).toEqual([false, true]);
  });

  test.each([
    ['the page itself', [PAGE]],
    ['the page itself, fragment aside', [`${PAGE}#top`]],
    ['another origin (its own robots.txt decides)', ['https://b.test/private']],
    ['another scheme (another origin)', ['http://a.test/private']],
    ['not http(s)', ['mailto:a@a.test']],
    ['none', []],
  ])('%s: null', (_, canonicals) => {
    expect(verdictsFor(canonicals)).toBeNull();
  });

  test('no parsed file (unavailable, unreachable: the outcome decides for all): null', () => {
    expect(
      canonicalVerdicts(
        null,
        fakePage(PAGE, { canonicals: ['/private'] }),
        'https://a.test',
        ROBOTS,
      ),
    ).toBeNull();
  });
});
