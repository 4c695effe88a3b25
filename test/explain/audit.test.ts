// The audit's reasons in words (src/explain/audit.ts): the popup's sentences, and for a robot that
// keeps no search index (an AI trainer, crawlers.ts indexesPages) no word of indexing.
import { describe, expect, test } from 'vitest';
import { auditReasonText } from '../../src/explain/audit.ts';
import { translatorFor } from '../../src/explain/catalogues.ts';
import { judgePage } from '../../src/page/judge.ts';

const URL_ASKED = 'https://a.test/p';
const page = (robot: string) =>
  judgePage(
    {
      url: URL_ASKED,
      dom: {
        ok: true,
        facts: {
          contentType: 'text/html',
          baseUrl: URL_ASKED,
          metas: [{ name: 'robots', content: 'noindex', inBody: false, cut: false }],
          canonicals: [],
          cut: false,
          readMs: 0,
        },
      },
      headers: { ok: false, why: 'not-seen' },
    },
    [robot],
    0,
  ).robots[0];

describe('auditReasonText for search robots and for robots that keep no index', () => {
  for (const lang of ['en', 'es', 'ru', 'th']) {
    const t = translatorFor(lang);
    test(`${lang}: a 404 and a noindex say "index" to Googlebot only`, () => {
      const status = (robot: string) =>
        auditReasonText({ code: 'status', status: 404 }, robot, URL_ASKED, t);
      const noindex = (robot: string) => {
        const robotPage = page(robot);
        if (robotPage === undefined) throw new Error('no page judged');
        return auditReasonText({ code: 'noindex', page: robotPage }, robot, URL_ASKED, t);
      };
      // Googlebot keeps an index: the popup's own sentences.
      expect(status('Googlebot')).toBe(t('pageStatusNotIndexable', '404 Not Found', 'Googlebot'));
      expect(noindex('Googlebot')).toContain('noindex');
      // GPTBot trains models (OpenAI): no sentence says it indexes or not.
      expect(status('GPTBot')).toBe(t('auditStatusNoPage', '404 Not Found', 'GPTBot'));
      expect(noindex('GPTBot')).toBe(
        t('auditNoindexNoIndex', 'GPTBot', 'noindex', t('pageSourceMeta', 'robots')),
      );
      expect(status('GPTBot')).not.toBe(status('Googlebot'));
    });
  }
});
