// The words of the tester's saved test URLs and of where the History view's impact URLs come
// from (issue 16, "History", item 2). The popup only places these words; they are built here.

import { refusalText } from '../../explain/failures.ts';
import type { MessageKey, Translator } from '../../explain/translator.ts';
import { MAX_SAVED_URL_CHARS } from '../history/saved-urls.ts';
import type { ErrorOf } from '../protocol.ts';

/** Where a URL the verdict impact checks comes from. */
export type ImpactSource = 'seen' | 'saved' | 'tester';

const SOURCE_WORDS: Record<ImpactSource, MessageKey> = {
  seen: 'historySourceSeen',
  saved: 'historySourceSaved',
  tester: 'historySourceTester',
};

/** Where an impact URL comes from, in a few words: visited page, saved URL, tester URL. */
export function impactSourceText(source: ImpactSource, t: Translator): string {
  return t(SOURCE_WORDS[source]);
}

/**
 * Why saving, listing or removing a test URL failed, in a sentence: the refusal's own words, or
 * the reply's message for anything else (the background stopping, an internal error).
 */
export function savedUrlProblemText(error: ErrorOf<'saveTestUrl'>, t: Translator): string {
  switch (error) {
    case 'private-window':
      return t('testerSavedPrivate');
    case 'not-this-site':
      return t('testerSaveNotThisSite');
    case 'too-long':
      return t.plural('testerSaveMaxChars', MAX_SAVED_URL_CHARS);
    case 'invalid-url':
      return t('testerSaveInvalid');
    case 'not-applicable':
      return t('historyNotApplicable');
    default:
      return t('historyActionFailed', refusalText(error, t));
  }
}
