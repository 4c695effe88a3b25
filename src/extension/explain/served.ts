// Why the page could not be fetched as served (the Page view's "Compare with the HTML as served"),
// in words: the reasons the background gives (src/extension/protocol.ts servedPage).

import type { MessageKey, Translator } from '../../explain/translator.ts';
import { MAX_REDIRECTS } from '../../policy.ts';
import type { ErrorOf } from '../protocol.ts';

const REASONS: Partial<Record<ErrorOf<'servedPage'>, MessageKey>> = {
  timeout: 'servedErrorTimeout',
  network: 'servedErrorNetwork',
  'private-address': 'servedErrorPrivate',
  // The one fetch policy's limit (io/fetch-policy.ts): the 6th redirect's target is not asked.
  'too-many-redirects': 'servedErrorTooManyRedirects',
  'redirect-loop': 'servedErrorRedirectLoop',
  'not-http': 'servedErrorNotHttp',
  'no-permission': 'servedErrorNoPermission',
};

/**
 * Why the page was not fetched, in a few words; `message` (the background's own, as it came) for
 * a failure of the messaging itself.
 */
export function servedErrorText(
  error: ErrorOf<'servedPage'>,
  message: string,
  t: Translator,
): string {
  const key = REASONS[error];
  if (key === undefined) return message;
  return error === 'too-many-redirects' ? t(key, t.number(MAX_REDIRECTS)) : t(key);
}
