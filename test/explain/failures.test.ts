// Failures in words (issue 31, item 6): a code, never Node's or the browser's English message.
import { describe, expect, test } from 'vitest';
import en from '../../_locales/en/messages.json';
import { errorCodeOf, errorCodeText, refusalText } from '../../src/explain/failures.ts';
import { lookupIn, translator } from '../../src/explain/translator.ts';

const t = translator(lookupIn(en), 'en');

describe('errorCodeText', () => {
  // [code, words]; codes: Node's fs (man 3 errno), dns (EAI_*), undici (UND_ERR_*) and OpenSSL's
  // X509 verify results as Node names them.
  test.each([
    ['ENOENT', 'no such file'],
    ['EISDIR', 'a folder, not a file'],
    ['EACCES', 'permission denied'],
    ['EPERM', 'permission denied'],
    ['ENOTDIR', 'a part of the path is not a folder'],
    ['ECONNREFUSED', 'the server refused the connection'],
    ['ENOTFOUND', 'no such host: the name does not resolve'],
    ['ECONNRESET', 'the connection was cut'],
    ['UND_ERR_CONNECT_TIMEOUT', 'no answer in time'],
    ['CERT_HAS_EXPIRED', "the server's certificate was not accepted"],
    ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', "the server's certificate was not accepted"],
    ['ERR_TLS_CERT_ALTNAME_INVALID', "the server's certificate was not accepted"],
    ['EXDEV', 'error EXDEV'],
    [null, 'an unexpected error'],
    // Not a code but a message: never shown.
    ['fetch failed', 'an unexpected error'],
    ['File URL host must be "localhost"', 'an unexpected error'],
  ])('%s', (code, words) => {
    expect(errorCodeText(code, t)).toBe(words);
  });

  test('the code of a thrown value: its own, else its cause’s', () => {
    expect(errorCodeOf(Object.assign(new Error('x'), { code: 'ENOENT' }))).toBe('ENOENT');
    const fetchFailed = new TypeError('fetch failed', {
      cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
    });
    expect(errorCodeOf(fetchFailed)).toBe('ECONNREFUSED');
    expect(errorCodeOf(new Error('boom'))).toBeNull();
    expect(errorCodeOf('boom')).toBeNull();
    expect(errorCodeOf(null)).toBeNull();
  });
});

test('refusalText: the refusals every message may get, by code', () => {
  expect(refusalText('internal', t)).toBe('an error inside Robots Lens');
  expect(refusalText('no-answer', t)).toBe('the extension did not answer: try again');
  expect(refusalText('bad-request', t)).toBe('the request was not understood');
  expect(refusalText('something-new', t)).toBe('an unexpected error');
});
