// What a robots.txt fetch means, in words: the line under the page's URL and its warnings.
import type { Outcome } from '../policy.ts';
import { ageText, sizeText } from './formats.ts';
import type { Translator } from './translator.ts';

/** A fetch outcome in words: one summary line and any warnings (soft 404, cut at 500 KiB). */
export function outcomeText(
  outcome: Outcome,
  fetchedAt: number,
  now: number,
  t: Translator,
): { summary: string; warnings: string[] } {
  const hops = outcome.redirects.length;
  const redirects = hops === 0 ? '' : ` · ${t.plural('outcomeRedirects', hops)}`;
  if (outcome.kind === 'unavailable') {
    if (outcome.reason === 'too-many-redirects')
      return { summary: t('outcomeTooManyRedirects'), warnings: [] };
    if (outcome.reason === 'redirect-loop')
      return { summary: t('outcomeRedirectLoop'), warnings: [] };
    return { summary: t('outcomeMissing', outcome.status ?? '') + redirects, warnings: [] };
  }
  if (outcome.kind === 'unreachable') {
    const summary =
      outcome.reason === 'timeout'
        ? t('outcomeTimeout')
        : outcome.reason === 'network-error'
          ? t('outcomeNetworkError')
          : outcome.status === 429
            ? t('outcomeTooManyRequests')
            : t('outcomeServerError', outcome.status ?? '');
    return { summary: summary + redirects, warnings: [] };
  }
  const warnings: string[] = [];
  if (outcome.looksLikeHtml) warnings.push(t('warnSoft404'));
  if (outcome.truncated) warnings.push(t('warnTruncated'));
  return {
    summary:
      t('outcomeOk', outcome.status, sizeText(outcome.bytes, t), ageText(now - fetchedAt, t)) +
      redirects,
    warnings,
  };
}

/** Why a page has no verdicts to show: not an http(s) page, or host access withheld. */
export function noReportText(
  reason: { kind: 'not-applicable' } | { kind: 'no-permission'; origin: string | null },
  t: Translator,
): string {
  if (reason.kind === 'not-applicable') return t('notApplicable');
  return reason.origin === null ? t('noPermissionAll') : t('noPermissionOrigin', reason.origin);
}
