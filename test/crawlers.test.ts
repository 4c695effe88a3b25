import { describe, expect, test } from 'vitest';
import { CRAWLERS, checkCrawler, findCrawler } from '../src/crawlers.ts';
import { parseRobotsTxt, productToken } from '../src/robots/index.ts';

const REQUIRED = [
  'Googlebot',
  'Googlebot-Image',
  'Googlebot-News',
  'Googlebot-Video',
  'Storebot-Google',
  'Google-Extended',
  'AdsBot-Google',
  'Mediapartners-Google',
  'Bingbot',
  'msnbot',
  'Applebot',
  'Applebot-Extended',
  'YandexBot',
  'DuckDuckBot',
  'Baiduspider',
  'GPTBot',
  'OAI-SearchBot',
  'ChatGPT-User',
  'ClaudeBot',
  'Claude-SearchBot',
  'Claude-User',
  'PerplexityBot',
  'Perplexity-User',
  'CCBot',
  'meta-externalagent',
  'Amazonbot',
  'Bytespider',
  'facebookexternalhit',
  'Twitterbot',
  'AhrefsBot',
  'SemrushBot',
  'ia_archiver',
];

describe('crawler profiles', () => {
  test.each(REQUIRED)('%s has a complete profile', (token) => {
    const c = findCrawler(token);
    expect(c?.token).toBe(token);
    expect(c?.docsUrl).toMatch(/^https:\/\//);
    expect(c?.checked).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(c?.semantics).toBe(c?.vendor === 'Google' ? 'google' : 'rfc9309');
  });

  test('tokens are unique and valid product tokens', () => {
    expect(new Set(CRAWLERS.map((c) => c.token.toLowerCase())).size).toBe(CRAWLERS.length);
    for (const c of CRAWLERS) expect(c.token).toMatch(/^[A-Za-z_-]+$/);
  });

  const FILE = parseRobotsTxt(
    'User-agent: Googlebot\nDisallow: /nogoogle\n\nUser-agent: msnbot\nDisallow: /nomsn\n\n' +
      'User-agent: Yandex\nDisallow: /noyandex\n\nUser-agent: *\nDisallow: /\n',
  );

  test.each([
    // [source, crawler, path, allowed, fallback token or null]
    [
      'Google: Googlebot-News falls back to Googlebot',
      'Googlebot-News',
      '/news',
      true,
      'Googlebot',
    ],
    [
      'Google: Googlebot-Image falls back to Googlebot',
      'Googlebot-Image',
      '/nogoogle',
      false,
      'Googlebot',
    ],
    ['Apple: Applebot follows Googlebot', 'Applebot', '/x', true, 'Googlebot'],
    ['Bing: bingbot honours msnbot', 'Bingbot', '/nomsn', false, 'msnbot'],
    ['Yandex: YandexBot uses the Yandex group', 'YandexBot', '/x', true, 'Yandex'],
    ['Google: AdsBot ignores *', 'AdsBot-Google', '/x', true, null],
    ['RFC 9309: GPTBot falls to *', 'GPTBot', '/x', false, null],
    [
      'full User-Agent header',
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      '/x',
      true,
      null,
    ],
  ] as const)('%s', (_, name, path, allowed, fallbackTo) => {
    const v = checkCrawler(FILE, name, path);
    expect(v.allowed).toBe(allowed);
    expect(v.fallback?.to ?? null).toBe(fallbackTo);
  });

  test('AdsBot names the * group it ignored', () => {
    expect(checkCrawler(FILE, 'AdsBot-Google', '/').reason.groups).toMatchObject({
      code: 'no-group',
      starIgnored: true,
    });
  });

  test('an unknown name is matched as a plain token under RFC 9309', () => {
    const v = checkCrawler(FILE, 'MyBot', '/x');
    expect(v.crawler).toBeNull();
    expect(v.reason.semantics).toBe('rfc9309');
    expect(v.allowed).toBe(false);
  });

  test('a semantics can be imposed', () => {
    expect(checkCrawler(FILE, 'Googlebot', '/robots.txt', 'rfc9309').allowed).toBe(true);
    expect(checkCrawler(FILE, 'Googlebot', '/nogoogle', 'original1994').allowed).toBe(false);
  });
});

describe('product tokens from User-Agent headers', () => {
  test.each([
    ['Googlebot', 'Googlebot'],
    ['  GPTBot  ', 'GPTBot'],
    ['Foo Bar', 'Foo Bar'],
    ['Googlebot/2.1 (+http://www.google.com/bot.html)', 'Googlebot'],
    ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'Googlebot'],
    [
      'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Googlebot',
    ],
    ['Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)', 'bingbot'],
    [
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.1; +https://openai.com/gptbot',
      'GPTBot',
    ],
    [
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)',
      'ClaudeBot',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.4 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)',
      'Applebot',
    ],
    [
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'facebookexternalhit',
    ],
    [
      'Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; Bytespider; spider-feedback@bytedance.com)',
      'Bytespider',
    ],
    ['ia_archiver (+http://www.alexa.com/site/help/webmasters; crawler@alexa.com)', 'ia_archiver'],
    // Names with digits keep them (issue 13: one name everywhere, as the bare name is kept).
    ['Mozilla/5.0 (compatible; MJ12bot/v1.4.8; http://mj12bot.com/)', 'MJ12bot'],
    [
      'Mozilla/5.0 (Windows NT 6.1; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/50.0.2661.102 Safari/537.36; 360Spider',
      '360Spider',
    ],
    [
      'Mozilla/5.0 (compatible; SemrushBot-SA/0.97; +http://www.semrush.com/bot.html)',
      'SemrushBot-SA',
    ],
    ['Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)', 'AhrefsBot'],
    [
      'Mozilla/5.0 (compatible; Yahoo! Slurp; http://help.yahoo.com/help/us/ysearch/slurp)',
      'Yahoo',
    ],
    // HTTP products are separated by spaces (RFC 9110 §10.1.5): the first with a version names it.
    ['Screaming Frog SEO Spider/21.0', 'Spider'],
    ['k2spider/1.0', 'k2spider'],
  ])('%s → %s', (ua, token) => {
    expect(productToken(ua)).toBe(token);
  });
});
