// Verdicts in words: why a robot may or may not fetch a URL, what the other readings would say,
// and the caveat of its crawler profile. The popup's rows, the tester, the badge and the command
// line all say it this way.
import { findCrawler, type RobotVerdicts, verdictsFor } from '../crawlers.ts';
import type { RobotsTxt, Rule, Verdict } from '../robots/index.ts';
import { nameCutOf } from '../robots/summary.ts';
import { listText, vendorText } from './formats.ts';
import type { MessageKey, Translator } from './translator.ts';

/** A verdict as the popup's attributes name it; 'unknown' where no verdict could be made. */
export type VerdictState = 'allowed' | 'disallowed' | 'unknown';

/** What a fetch outcome decides when there are no rules: all allowed, all disallowed, or nothing. */
export type Blanket = 'allow' | 'disallow' | 'unknown';

/** One robot's verdict for a URL, ready to show. */
export interface ExplainedVerdict {
  robot: string;
  verdict: VerdictState;
  rule: Rule | null;
  /** Group choice and rule decision, in words. */
  why: string;
  /** Where the strict RFC 9309 reading or the 1994 standard would decide otherwise. */
  others: string[];
  /** A caveat from the crawler profile (user-triggered fetchers). */
  note: string | null;
  /**
   * Where the robot's own reading (Google's parser, RFC 9309) cuts its name: what a line naming
   * it is read as (`MJ12bot` → `MJ`, `360Spider` → ''), and in words, with the group it gets.
   */
  nameCut: { read: string; text: string } | null;
  /** First lines of the groups that applied (for highlighting in Records). */
  groupLines: number[];
  verdictRfc9309: VerdictState;
  verdict1994: VerdictState;
}

const DECISIONS: Record<Verdict['reason']['decision']['code'], MessageKey> = {
  'longest-match': 'decisionLongest',
  'allow-wins-tie': 'decisionTie',
  'no-match': 'decisionNoMatch',
  'robots-txt-always-allowed': 'decisionRobotsTxt',
  'first-match': 'decisionFirst',
};

/** Which groups applied and which rule decided, in one phrase ("its group (line 5); longest match"). */
export function whyText(v: Verdict, t: Translator): string {
  const g = v.reason.groups;
  const lines = g.lines.join(', ');
  const group = {
    'exact-token': () => t('groupExact', lines),
    'merged-groups': () => t('groupMerged', lines),
    'fallback-token': () => t('groupFallback', v.reason.token, g.agent, lines),
    'star-group': () => t('groupStar', lines),
    'no-group': () => (g.starIgnored ? t('groupNoneStarIgnored') : t('groupNone')),
    'substring-record': () => t('groupSubstring', lines),
    'default-record': () => t('groupDefault', lines),
  }[g.code]();
  const d = v.reason.decision;
  const decided = t(DECISIONS[d.code]);
  const decision = d.indexHtml ? t('decisionWithNote', decided, t('decisionIndexHtml')) : decided;
  const why = t('whyGroupDecision', group, decision);
  return d.approximate ? t('whyApproximate', why, t('decisionApproximate')) : why;
}

const stateOf = (allowed: boolean): VerdictState => (allowed ? 'allowed' : 'disallowed');

/** The profile's caveat for robots whose vendor says robots.txt may not apply to user-requested fetches. */
export function noteText(robot: string, t: Translator): string | null {
  const profile = findCrawler(robot);
  if (profile?.page.rules === 'control-token')
    return t('controlTokenNote', profile.token, vendorText(profile.vendor, t));
  return profile?.obeysRobotsTxt === 'may-ignore' ? t('mayIgnore', profile.token) : null;
}

/** A name as quoted in a sentence ("“MJ”"), or "an empty name". */
export function quotedNameText(name: string, t: Translator): string {
  return name === '' ? t('nameReadEmpty') : t('quotedName', name);
}

/**
 * When the robot's reading cuts its name (robots.cc ExtractUserAgent reads a user-agent line up to
 * the first character outside [A-Za-z_-]; RFC 9309 §2.2.1 allows no other in a token): a line
 * naming `MJ12bot` is read as `MJ` and names no robot called MJ12bot, so the `*` group (or none)
 * is what this reading picks. Null for a whole token, and under the 1994 reading (substrings).
 */
export function nameCutText(v: Verdict, t: Translator): { read: string; text: string } | null {
  const { semantics, token, groups } = v.reason;
  const read = semantics === 'original1994' ? null : nameCutOf(token);
  if (read === null) return null;
  const quoted = quotedNameText(read, t);
  const text =
    groups.code === 'star-group'
      ? t('nameCutStar', token, quoted, groups.lines.join(', '))
      : t('nameCutNone', token, quoted);
  return { read, text };
}

/** Where the other readings decide otherwise than the robot's own, in words. */
export function otherReadingsText(v: RobotVerdicts, t: Translator): string[] {
  const allowed = v.verdict.allowed;
  const others: string[] = [];
  if (v.verdict.reason.semantics !== 'rfc9309' && v.rfc9309 !== allowed)
    others.push(t(v.rfc9309 ? 'otherReadingRfcAllowed' : 'otherReadingRfcDisallowed'));
  if (v.original1994 !== allowed)
    others.push(t(v.original1994 ? 'otherReading1994Allowed' : 'otherReading1994Disallowed'));
  return others;
}

/** A robot's verdicts under the three readings, explained. */
export function explainVerdict(
  v: RobotVerdicts,
  t: Translator,
  showOtherReadings = true,
): ExplainedVerdict {
  return {
    robot: v.robot,
    verdict: stateOf(v.verdict.allowed),
    rule: v.verdict.rule,
    why: whyText(v.verdict, t),
    others: showOtherReadings ? otherReadingsText(v, t) : [],
    note: noteText(v.robot, t),
    nameCut: nameCutText(v.verdict, t),
    groupLines: v.verdict.reason.groups.lines,
    verdictRfc9309: stateOf(v.rfc9309),
    verdict1994: stateOf(v.original1994),
  };
}

const BLANKET_WHY: Record<Blanket, MessageKey | null> = {
  allow: 'noFileAllowed',
  disallow: 'noFileDisallowed',
  unknown: null,
};

/**
 * The same verdict for every robot, where there are no rules: no usable robots.txt ('allow'),
 * unreachable ('disallow'), or no verdict at all ('unknown', with `why` saying why).
 */
export function explainBlanket(
  names: readonly string[],
  blanket: Blanket,
  t: Translator,
  why?: string,
): ExplainedVerdict[] {
  const verdict: VerdictState = blanket === 'unknown' ? 'unknown' : stateOf(blanket === 'allow');
  const key = BLANKET_WHY[blanket];
  const text = why ?? (key === null ? '' : t(key));
  return names.map((robot) => ({
    robot,
    verdict,
    rule: null,
    why: text,
    others: [],
    note: noteText(robot, t),
    nameCut: null,
    groupLines: [],
    verdictRfc9309: verdict,
    verdict1994: verdict,
  }));
}

/** Every robot's verdict for a URL under a parsed file, or the blanket verdict when there is none. */
export function explainVerdicts(
  parsed: RobotsTxt | null,
  blanket: Blanket,
  url: string,
  names: readonly string[],
  t: Translator,
  showOtherReadings = true,
): ExplainedVerdict[] {
  if (parsed === null) return explainBlanket(names, blanket, t);
  return verdictsFor(parsed, names, url).map((v) => explainVerdict(v, t, showOtherReadings));
}

/**
 * The tester's verdicts under a draft in one sentence, for a screen reader: which robots the draft
 * keeps out of the URL (every robot may crawl it, when none), and for which it has no verdict.
 * It changes only when those sets change, not on every keystroke that moves a rule.
 */
export function draftSummaryText(
  rows: readonly Pick<ExplainedVerdict, 'robot' | 'verdict'>[],
  t: Translator,
): string {
  const named = (verdict: VerdictState) =>
    rows.filter((r) => r.verdict === verdict).map((r) => r.robot);
  const blocked = named('disallowed');
  const unknown = named('unknown');
  const sentences = [
    blocked.length === 0
      ? t('draftSummaryAllowed')
      : t('draftSummaryBlocked', listText(blocked, t)),
  ];
  if (unknown.length > 0) sentences.push(t('draftSummaryUnknown', listText(unknown, t)));
  return sentences.join(' ');
}
