// "What this file says": one sentence per group, for site owners who are not experts.
import {
  type GroupSummary,
  type PathPhrase,
  type RobotsTxt,
  summarizeRobotsTxt,
} from '../robots/index.ts';
import { listText } from './formats.ts';
import type { Translator } from './translator.ts';

/** A rule's path pattern as a person would say it ("the folder /tmp/"). */
export function phraseText(p: PathPhrase, t: Translator): string {
  switch (p.kind) {
    case 'home-page':
      return t('phraseHomePage');
    case 'exact':
      return t('phraseExact', p.path);
    case 'directory':
      return t('phraseDirectory', p.path);
    case 'prefix':
      return t('phrasePrefix', p.path);
    case 'file-type':
      return t('phraseFileType', p.extension);
    case 'containing':
      return t('phraseContaining', p.text);
    case 'pattern':
      return t('phrasePattern', p.pattern);
  }
}

/** One group's summary as a sentence ("All robots may visit everything except the folder /tmp/."). */
export function groupSentence(s: GroupSummary, t: Translator): string {
  const named = s.agents.filter((a) => a.trim() !== '');
  // Only empty User-agent lines: the group addresses no robot, whatever its rules say.
  if (!s.everyone && named.length === 0) return t('accessNobody', s.line);
  const who = s.everyone ? t('summaryEveryone') : listText(named, t);
  const allowed = listText(
    s.allowed.map((p) => phraseText(p, t)),
    t,
  );
  const disallowed = listText(
    s.disallowed.map((p) => phraseText(p, t)),
    t,
    'or',
  );
  switch (s.access) {
    case 'all':
      return t('accessAll', who);
    case 'none':
      return t('accessNone', who);
    case 'none-except':
      return t('accessNoneExcept', who, allowed);
    case 'all-except':
      return s.allowed.length > 0
        ? t('accessAllExceptBut', who, disallowed, allowed)
        : t('accessAllExcept', who, disallowed);
  }
}

/** "What this file says": one sentence per group, with the group's first line. */
export function summarySentences(
  parsed: RobotsTxt,
  t: Translator,
): { line: number; text: string }[] {
  return summarizeRobotsTxt(parsed).map((s) => ({ line: s.line, text: groupSentence(s, t) }));
}
