// Why the page could not be fetched as served (the Page view's "Compare with the HTML as served"),
// in words: the reasons the background gives (src/extension/protocol.ts servedPage).

import { refusalText } from '../../explain/failures.ts';
import { isPageFetchFailure, pageFetchFailureText } from '../../explain/page.ts';
import type { MessageKey, Translator } from '../../explain/translator.ts';
import type { ErrorOf } from '../protocol.ts';

/** The reasons of the served page's own: a timeout (its 15 s), a page no fetch can ask. */
const OWN_REASONS: Partial<Record<ErrorOf<'servedPage'>, MessageKey>> = {
  timeout: 'servedErrorTimeout',
  'not-http': 'servedErrorNotHttp',
  'no-permission': 'servedErrorNoPermission',
};

/**
 * Why the page was not fetched, in a few words; a failure of the messaging itself by its code
 * (the background's message is English: never shown).
 */
export function servedErrorText(error: ErrorOf<'servedPage'>, t: Translator): string {
  if (isPageFetchFailure(error)) return pageFetchFailureText(error, t);
  const key = OWN_REASONS[error];
  return key === undefined ? refusalText(error, t) : t(key);
}
