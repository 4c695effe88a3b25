// The Page view's sitemap check in words (src/extension/explain/sitemaps.ts): why the background
// did not check, where the reading started and what it read, in every language.
import { describe, expect, test } from 'vitest';
import en from '../../../_locales/en/messages.json';
import es from '../../../_locales/es/messages.json';
import ru from '../../../_locales/ru/messages.json';
import th from '../../../_locales/th/messages.json';
import { lookupIn, type Messages, translator } from '../../../src/explain/index.ts';
import {
  sitemapErrorText,
  sitemapFileText,
  sitemapReadText,
} from '../../../src/extension/explain/sitemaps.ts';
import type { SitemapReport } from '../../../src/extension/protocol.ts';

const LANGS = { en, es, ru, th } as Record<string, Messages>;
const t = translator(lookupIn(en as Messages), 'en');
const S = 'https://a.test/sitemap.xml';

const report = (over: Partial<SitemapReport>): SitemapReport => ({
  from: 'robots-txt',
  sources: [S],
  sourceCount: 1,
  files: [{ url: S, kind: 'urlset', urls: 1234 }],
  urls: 1234,
  problems: [],
  problemCount: 0,
  stoppedBy: null,
  found: [],
  ...over,
});

describe('the sitemap check in words', () => {
  test('why it did not run: the reason, or the message of a messaging failure', () => {
    expect(sitemapErrorText('not-http', 'not-http', t)).toBe(
      'The sitemaps could not be checked: it is not an http or https page',
    );
    expect(sitemapErrorText('no-permission', 'no-permission', t)).toBe(
      'The sitemaps could not be checked: Robots Lens has no access to this site',
    );
    expect(sitemapErrorText('no-answer', 'Receiving end does not exist.', t)).toBe(
      'The sitemaps could not be checked: Receiving end does not exist.',
    );
  });

  test('where the reading started, and what it read', () => {
    expect(sitemapReadText(report({}), t)).toEqual([
      'Started from 1 sitemap named in robots.txt.',
      'Sitemap files read: 1. URLs in them: 1,234.',
    ]);
    expect(sitemapReadText(report({ sourceCount: 3 }), t)[0]).toBe(
      'Started from 3 sitemaps named in robots.txt.',
    );
    expect(sitemapReadText(report({ from: 'default', files: [], urls: 0 }), t)).toEqual([
      `robots.txt names no sitemap, so ${S} was read, where sitemaps usually are.`,
      'Sitemap files read: 0. URLs in them: 0.',
    ]);
  });

  test('each file: an index, its URLs, or nothing read as a sitemap', () => {
    expect(sitemapFileText({ url: S, kind: 'sitemapindex', urls: 0 }, t)).toBe(
      `${S}: a sitemap index`,
    );
    expect(sitemapFileText({ url: S, kind: 'urlset', urls: 1 }, t)).toBe(`1 URL in ${S}`);
    expect(sitemapFileText({ url: S, kind: 'text', urls: 50_000 }, t)).toBe(`50,000 URLs in ${S}`);
    expect(sitemapFileText({ url: S, kind: null, urls: 0 }, t)).toBe(
      `${S}: nothing in it could be read as a sitemap`,
    );
  });

  test.each(Object.entries(LANGS))(
    '%s: every sentence says its values, no key or placeholder',
    (lang, messages) => {
      const tr = translator(lookupIn(messages), lang);
      const texts = [
        sitemapErrorText('not-http', '', tr),
        sitemapErrorText('no-permission', '', tr),
        ...sitemapReadText(report({ sourceCount: 5 }), tr),
        ...sitemapReadText(report({ from: 'default' }), tr),
        sitemapFileText({ url: S, kind: 'sitemapindex', urls: 0 }, tr),
        sitemapFileText({ url: S, kind: 'urlset', urls: 2 }, tr),
        sitemapFileText({ url: S, kind: null, urls: 0 }, tr),
      ];
      for (const text of texts)
        expect(text).not.toMatch(/sitemap[A-Z]\w+|served[A-Z]\w+|\{\w+\}|\$\w+\$/);
      expect(texts.slice(4).join(' ')).toContain(S);
    },
  );
});
