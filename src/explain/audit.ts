// The reasons of an audit record (`robots-lens audit`, src/page/audit.ts) in words: the popup's
// own sentences where it has one (a robots.txt line, a status, a noindex and where it was
// written, a redirect, a canonical, a contradiction), and the audit's for what only it meets (a
// page it was not allowed to fetch, one it could not reach).
import { indexesPages } from '../crawlers.ts';
import type { AuditReason } from '../page/audit.ts';
import { printableText, statusText } from './formats.ts';
import { conflictText, directiveText, pageFetchFailureText, sourceText } from './page.ts';
import type { Translator } from './translator.ts';

/** Seconds the audit waits for a page by default (issue 30: --timeout 15). */
const DEFAULT_TIMEOUT_S = 15;

/**
 * One reason for `robot` in a sentence; `url` is the URL asked for. Every string a server sent
 * (a rule, a URL, a directive) is made printable here: the words go to a terminal and to files.
 */
export function auditReasonText(
  reason: AuditReason,
  robot: string,
  url: string,
  t: Translator,
  timeoutSeconds = DEFAULT_TIMEOUT_S,
): string {
  switch (reason.code) {
    case 'blocked':
      return reason.line === null || reason.rule === null
        ? t('auditBlockedAll', robot)
        : t('headlineBlocked', robot, reason.line, printableText(reason.rule));
    case 'not-fetched':
      return t(reason.why === 'private-address' ? 'auditNotFetchedPrivate' : 'auditNotFetched');
    case 'unreachable':
      return t(
        'servedFailed',
        reason.why === 'timeout'
          ? t.plural('auditTimeoutSeconds', timeoutSeconds)
          : pageFetchFailureText(reason.why, t),
      );
    case 'status':
      // A robot that keeps no search index (an AI trainer) is told of no index.
      return indexesPages(robot)
        ? t('pageStatusNotIndexable', statusText(reason.status), robot)
        : t('auditStatusNoPage', statusText(reason.status), robot);
    case 'redirected':
      return t.plural('headlineRedirected', Math.max(reason.hops.length, 1), printableText(url));
    case 'noindex': {
      const by = reason.page.noindexBy;
      if (by === null) return t('headlineStatus', robot, '');
      return t(
        indexesPages(robot) ? 'pageNoindexBy' : 'auditNoindexNoIndex',
        robot,
        printableText(directiveText(by)),
        printableText(sourceText(by.source, t)),
      );
    }
    case 'canonical':
      return t('headlineCanonical', printableText(reason.url));
    case 'canonical-answer':
      return reason.redirects
        ? t('auditCanonicalRedirects', printableText(reason.url), reason.status)
        : t('auditCanonicalFails', printableText(reason.url), statusText(reason.status));
    case 'conflict':
      return printableText(conflictText(reason.conflict, robot, reason.canonical, t));
  }
}
