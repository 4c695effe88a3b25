// Why the page was not fetched as served, in words (src/extension/explain/served.ts): each reason
// the background gives is a sentence in every language, never the bare code; a failure of the
// messaging itself keeps the background's own message.
import { describe, expect, test } from 'vitest';
import en from '../../../_locales/en/messages.json';
import es from '../../../_locales/es/messages.json';
import ru from '../../../_locales/ru/messages.json';
import th from '../../../_locales/th/messages.json';
import { lookupIn, type Messages, translator } from '../../../src/explain/index.ts';
import { servedErrorText } from '../../../src/extension/explain/served.ts';
import type { ErrorOf } from '../../../src/extension/protocol.ts';

const LANGS = { en, es, ru, th } as Record<string, Messages>;

// [the reason, where it comes from, a word the English sentence says]
const REASONS: [ErrorOf<'servedPage'>, string, string][] = [
  ['timeout', 'io/fetch-page.ts: 15 s for every redirect and the body (FETCH_TIMEOUT_MS)', '15'],
  ['network', 'io/fetch-page.ts: no answer from the server', 'reached'],
  [
    'private-address',
    'io/follow-redirects.ts: a public page redirecting into a private network is refused',
    'private network',
  ],
  [
    'too-many-redirects',
    'io/fetch-policy.ts: at most 5 redirects for every request (RFC 9309 §2.3.1.2; issue 28)',
    'more than 5 times',
  ],
  [
    'redirect-loop',
    'io/follow-redirects.ts: a redirect back to a URL of the chain is a loop',
    'a loop',
  ],
  ['not-http', 'background/handlers.ts: only http(s) pages are fetched', 'http'],
  ['no-permission', 'background/handlers.ts: no host permission, no request', 'access'],
];

describe('servedErrorText', () => {
  test.each(REASONS)('%s (%s)', (error, _source, word) => {
    expect(servedErrorText(error, translator(lookupIn(en), 'en'))).toContain(word);
    for (const [lang, messages] of Object.entries(LANGS)) {
      const text = servedErrorText(error, translator(lookupIn(messages), lang));
      expect(text).not.toBe(error);
      expect(text.length).toBeGreaterThan(8);
      // Every placeholder filled: the limit is said as a number in every language.
      expect(text).not.toMatch(/\$|\{/);
      if (error === 'too-many-redirects') expect(text).toContain('5');
    }
  });

  test('a failure of the messaging itself: in words, by its code (issue 31, item 6)', () => {
    // The browser's "Receiving end does not exist" is English in every language: never shown.
    const t = translator(lookupIn(en), 'en');
    expect(servedErrorText('no-answer', t)).toBe('the extension did not answer: try again');
    expect(servedErrorText('internal', t)).toBe('an error inside Robots Lens');
  });
});
