// The Page view's sitemap check in words: why the background could not check (src/extension/
// protocol.ts `sitemaps`), and what it read (a SitemapReport). The answer itself and each
// sitemap's problems are said by src/explain/sitemaps.ts.

import type { MessageKey, Translator } from '../../explain/translator.ts';
import type { ErrorOf, SitemapFile, SitemapReport } from '../protocol.ts';

const REASONS: Partial<Record<ErrorOf<'sitemaps'>, MessageKey>> = {
  'not-http': 'servedErrorNotHttp',
  'no-permission': 'servedErrorNoPermission',
};

/** Why the check did not run, in a sentence; `message` (as it came) for a messaging failure. */
export function sitemapErrorText(error: ErrorOf<'sitemaps'>, message: string, t: Translator) {
  const key = REASONS[error];
  return t('sitemapCheckFailed', key === undefined ? message : t(key));
}

/** What was read: where the reading started, and how many files and URLs. */
export function sitemapReadText(report: SitemapReport, t: Translator): string[] {
  const from =
    report.from === 'robots-txt'
      ? t.plural('sitemapFromRobots', report.sourceCount)
      : t('sitemapFromDefault', report.sources[0] ?? '/sitemap.xml');
  const counts = t('sitemapReadCounts', t.number(report.files.length), t.number(report.urls));
  return [from, counts];
}

/** One sitemap file read: an index, the URLs it gave, or nothing read as a sitemap. */
export function sitemapFileText(file: SitemapFile, t: Translator): string {
  if (file.kind === 'sitemapindex') return t('sitemapFileIndex', file.url);
  if (file.kind === null) return t('sitemapFileUnread', file.url);
  return t.plural('sitemapFileUrls', file.urls, file.url);
}
