import { describe, expect, test } from 'vitest';
import { checkUrl, parseRobotsTxt, productToken } from '../../src/robots/index.ts';

// Cases from robots-parser's own suite (samclarke/robots-parser test/Robots.js), the most used
// npm library: where the readings agree, we must answer as it does.
const SOURCE = 'robots-parser test/Robots.js';
const E = 'http://www.example.com';

const CASES: [
  name: string,
  lines: string[],
  allowed: string[],
  disallowed: string[],
  agent?: string,
][] = [
  [
    'should parse the disallow directive',
    ['User-agent: *', 'Disallow: /fish/', 'Disallow: /test.html'],
    ['/fish', '/Test.html'],
    ['/fish/index.php', '/fish/', '/test.html'],
  ],
  [
    'should parse the allow directive',
    [
      'User-agent: *',
      'Disallow: /fish/',
      'Disallow: /test.html',
      'Allow: /fish/test.html',
      'Allow: /test.html',
    ],
    ['/fish', '/fish/test.html', '/Test.html', '/test.html'],
    ['/fish/index.php', '/fish/'],
  ],
  [
    'should parse patterns',
    ['User-agent: *', 'Disallow: /fish*.php', 'Disallow: /*.dext$'],
    ['/Fish.PHP', '/Fish.dext1'],
    ['/fish.php', '/fishheads/catfish.php?parameters', '/AnYthInG.dext', '/Fish.dext.dext'],
  ],
  [
    'should have the correct order presidence for allow and disallow',
    [
      'User-agent: *',
      'Disallow: /fish*.php',
      'Allow: /fish/index.php',
      'Disallow: /test',
      'Allow: /test/',
    ],
    ['/test/index.html', '/test/', '/fish/index.php'],
    ['/fish.php', '/fishheads/catfish.php?parameters', '/test'],
  ],
  [
    'should ignore rules that are not in a group',
    ['Disallow: /secret.html', 'Disallow: /test'],
    ['/secret.html', '/test/index.html', '/test/'],
    [],
  ],
  [
    'should ignore comments',
    [
      '#',
      '# This is a comment',
      '#',
      'User-agent: *',
      '# This is a comment',
      'Disallow: /fish/',
      '# Disallow: fish',
      'Disallow: /test.html',
    ],
    ['/fish', '/Test.html'],
    ['/fish/index.php', '/fish/', '/test.html'],
  ],
  [
    'should ignore invalid lines',
    [
      'invalid line',
      'User-agent: *',
      'Disallow: /fish/',
      ':::::another invalid line:::::',
      'Disallow: /test.html',
      'Unknown: tule',
    ],
    ['/fish', '/Test.html'],
    ['/fish/index.php', '/fish/', '/test.html'],
  ],
  [
    'should ignore empty user-agent lines',
    ['User-agent:', 'Disallow: /fish/', 'Disallow: /test.html'],
    ['/fish', '/Test.html', '/fish/index.php', '/fish/', '/test.html'],
    [],
    'AnyBot',
  ],
  [
    'should support groups with multiple user agents (case insensitive)',
    ['User-agent: agenta', 'User-agent: agentb', 'Disallow: /fish'],
    [],
    ['/fish'],
    'AgentA',
  ],
  ['should allow all if empty robots.txt', [], ['/secret.html', '/test/index.html', '/test/'], []],
];

describe.each(['rfc9309', 'google'] as const)('%s', (semantics) => {
  test.each(CASES)(`${SOURCE}: %s`, (_, lines, allowed, disallowed, agent = 'AnyBot') => {
    const robots = parseRobotsTxt(lines.join('\n'));
    for (const path of allowed)
      expect(checkUrl(robots, agent, E + path, semantics).allowed, path).toBe(true);
    for (const path of disallowed)
      expect(checkUrl(robots, agent, E + path, semantics).allowed, path).toBe(false);
  });
});

test(`${SOURCE}: should parse the sitemap directive (every value, trimmed, in order)`, () => {
  const text = [
    'user-agent: a',
    'crawl-delay: 1',
    'sitemap: http://example.com/test.xml',
    'user-agent: b',
    'disallow: /d',
    'sitemap: /sitemap.xml',
    'sitemap:     http://example.com/test/sitemap.xml     ',
  ].join('\n');
  expect(parseRobotsTxt(text).sitemaps).toEqual([
    'http://example.com/test.xml',
    '/sitemap.xml',
    'http://example.com/test/sitemap.xml',
  ]);
});

test(`${SOURCE}: should parse empty and invalid directives without throwing`, () => {
  const text = [
    'user-agent:',
    'user-agent:::: a::',
    'crawl-delay:',
    'crawl-delay:::: 0:',
    'host:',
    'host:: example.com',
    'sitemap:',
    'sitemap:: site:map.xml',
    'disallow:',
    'disallow::: /:',
    'allow:',
    'allow::: /:',
  ].join('\n');
  const robots = parseRobotsTxt(text);
  expect(robots.groups[0]?.agents).toEqual(['', '::: a::']);
  expect(checkUrl(robots, 'a', '/x').allowed).toBe(true);
});

test.each([
  ['should-fall-back/1.0.0', 'should-fall-back'],
  ['d/12', 'd'],
  ['dd / 0-32-3', 'dd'],
  ['b / 1.0', 'b'],
])(`${SOURCE}: should ignore version numbers in the UA string: %j → %j`, (ua, token) => {
  expect(productToken(ua)).toBe(token);
});
