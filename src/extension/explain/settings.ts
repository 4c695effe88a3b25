// Why a settings change or an imported file was refused, in words.

import { refusalText } from '../../explain/failures.ts';
import type { Translator } from '../../explain/translator.ts';
import { type ImportProblem, MAX_SETTINGS_BYTES, type SettingsProblem } from '../settings.ts';

/**
 * A refused request: the message's own problem code, or the background failed to answer (or was
 * sent a request it could not take: a bug of the page, said like a failure).
 */
export interface Refusal {
  error: ImportProblem | SettingsProblem | 'internal' | 'no-answer' | 'bad-request';
  message: string;
}

/** A refused import file or settings value in words; `context` says which of the two it was. */
export function problemText(
  refusal: Refusal,
  t: Translator,
  context: 'import' | 'save' = 'import',
): string {
  switch (refusal.error) {
    case 'not-json':
      return t('problemNotJson');
    case 'foreign-file':
      return t('problemForeignFile');
    case 'newer-version':
      return t('problemNewerVersion');
    case 'no-known-key':
      return t('problemNoKnownKey');
    case 'too-large':
      return t.plural('problemTooLargeBytes', MAX_SETTINGS_BYTES);
    case 'internal':
    case 'no-answer':
    case 'bad-request':
      return t('requestFailed', refusalText(refusal.error, t));
    default:
      return context === 'import' ? t('problemInvalid') : t('problemInvalidValue');
  }
}
