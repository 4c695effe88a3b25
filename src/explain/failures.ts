// What went wrong, in words: a system error code from Node (ENOENT, ECONNREFUSED…) or a refusal
// code of the extension's messages, never the English message that came with it. Node and the
// browser say their errors in English only; put inside a translated sentence, they made it
// half English (review 2026-11b, code-level point 4).
import type { MessageKey, Translator } from './translator.ts';

/** Node's error codes (fs, dns, net, undici, tls) and the words for each. */
const CODES: Readonly<Record<string, MessageKey>> = {
  ENOENT: 'cliSitemapNoFile',
  EISDIR: 'cliSitemapFolder',
  EACCES: 'cliSitemapPermission',
  EPERM: 'cliSitemapPermission',
  ENOTDIR: 'errorNotFolder',
  ELOOP: 'errorLinkLoop',
  EMFILE: 'errorTooManyFiles',
  ENFILE: 'errorTooManyFiles',
  EIO: 'errorDisk',
  ENAMETOOLONG: 'errorNameTooLong',
  ECONNREFUSED: 'errorRefused',
  ENOTFOUND: 'errorNoHost',
  EAI_AGAIN: 'errorNoHost',
  EAI_NONAME: 'errorNoHost',
  ECONNRESET: 'errorReset',
  EPIPE: 'errorReset',
  UND_ERR_SOCKET: 'errorReset',
  ETIMEDOUT: 'errorTimeout',
  UND_ERR_CONNECT_TIMEOUT: 'errorTimeout',
  UND_ERR_HEADERS_TIMEOUT: 'errorTimeout',
  UND_ERR_BODY_TIMEOUT: 'errorTimeout',
  EHOSTUNREACH: 'errorUnreachable',
  ENETUNREACH: 'errorUnreachable',
  EHOSTDOWN: 'errorUnreachable',
};

/** TLS: OpenSSL's certificate codes (CERT_HAS_EXPIRED, UNABLE_TO_VERIFY_LEAF_SIGNATURE…). */
const CERTIFICATE = /CERT|^UNABLE_TO_|^ERR_TLS_|SELF_SIGNED/;

/** A code as Node gives them: upper case, digits and `_`, nothing else (no sentence). */
const CODE = /^[A-Z][A-Z0-9_]{1,40}$/;

/**
 * A system error code in words: known codes by their meaning, another code as "error CODE" (the
 * code is an identifier, the same in every language), none or not a code as an unexpected error.
 */
export function errorCodeText(code: string | null | undefined, t: Translator): string {
  if (code == null || !CODE.test(code)) return t('errorUnknown');
  const key = Object.hasOwn(CODES, code) ? CODES[code] : undefined;
  if (key !== undefined) return t(key);
  if (CERTIFICATE.test(code)) return t('errorCertificate');
  return t('errorCode', code);
}

/**
 * The code of a thrown value, if it has one: its own `code` (fs), else its cause's (fetch
 * throws "fetch failed" with the reason in `cause`).
 */
export function errorCodeOf(error: unknown): string | null {
  const own = (error as { code?: unknown } | null)?.code;
  if (typeof own === 'string') return own;
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return typeof cause === 'string' ? cause : null;
}

/**
 * Why a request to the background failed, for the codes every message may be refused with:
 * 'internal' (its handler threw), 'no-answer', 'bad-request'; any other an unexpected error.
 */
export function refusalText(error: string, t: Translator): string {
  switch (error) {
    case 'internal':
      return t('errorInternal');
    case 'no-answer':
      return t('errorNoAnswer');
    case 'bad-request':
      return t('errorBadRequest');
    default:
      return t('errorUnknown');
  }
}
