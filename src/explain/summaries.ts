// "What this file says": one sentence per set of robots that follow the same rules, for site
// owners who are not experts, and an overview first when the file is big.
import { findManagedBlock } from '../ai/content-signal.ts';
import { splitContentUsageValue } from '../ai/content-usage.ts';
import { groupAt } from '../ai/lines.ts';
import { type CrawlerVerdict, checkCrawler, findCrawler, indexesPages } from '../crawlers.ts';
import { groupsFor } from '../robots/check.ts';
import {
  agentToken,
  type GroupSummary,
  type OtherDirective,
  type PathPhrase,
  type Reading,
  type RobotsTxt,
  summarizeRobotsTxt,
} from '../robots/index.ts';
import { nameCutOf, summarizeGroup } from '../robots/summary.ts';
import {
  aiLineGlossText,
  aiNothingText,
  aiSourceText,
  contentSignalPreferences,
  contentUsagePreferences,
} from './ai.ts';
import { listText } from './formats.ts';
import type { Translator } from './translator.ts';
import { quotedNameText } from './verdicts.ts';

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

/** How many robots, paths and lines one sentence names before "and N more". */
const LISTED_IN_SENTENCE = 8;

/** "a, b and 3 more robots": at most `max` items, then the count of the rest. */
function boundedList(
  items: readonly string[],
  t: Translator,
  more: 'summaryMoreRobots' | 'summaryMorePaths' | 'summaryMoreLines',
  kind: 'and' | 'or' = 'and',
  max = LISTED_IN_SENTENCE,
): string {
  if (items.length <= max) return listText(items, t, kind);
  return listText([...items.slice(0, max), t.plural(more, items.length - max)], t, kind);
}

/**
 * The robots a summary names, as a reader must take them: a name Google's parser and RFC 9309
 * cut (`MJ12bot`, read as `MJ`) is shown as read, with what is written ("MJ (written
 * “MJ12bot”)"), since a robot called MJ12bot is not among them; a value read as no name
 * (`360Spider`) names no robot and is left out.
 */
function robotsNamed(s: GroupSummary, t: Translator): { key: string; text: string }[] {
  const names: { key: string; text: string }[] = [];
  s.agents.forEach((agent, i) => {
    const written = agent.trim();
    const read = s.readAs[i] ?? null;
    if (written === '' || read === '') return;
    // The key is the token the engine compares, lower case (check.ts indexGroups).
    const key = (read ?? (agentToken(written) || written)).toLowerCase();
    names.push({ key, text: read === null ? written : t('summaryAgentCut', read, written) });
  });
  return names;
}

const namedText = (s: GroupSummary, t: Translator): string[] =>
  robotsNamed(s, t).map((r) => r.text);

/**
 * Who a summary addresses: its robots, "All robots" for the `*` group when no other robot is
 * named, else "All other robots" (a robot named elsewhere follows its own group, not this one).
 */
function whoText(s: GroupSummary, t: Translator, max: number): string {
  const named = namedText(s, t);
  if (!s.everyone) return boundedList(named, t, 'summaryMoreRobots', 'and', max);
  if (!s.othersNamed) return t('summaryEveryone');
  if (named.length === 0) return t('summaryEveryoneElse');
  return t('summaryNamedAndEveryoneElse', boundedList(named, t, 'summaryMoreRobots', 'and', max));
}

/**
 * One summary as a sentence ("All other robots may visit everything except the folder /tmp/."),
 * naming at most `max` robots and paths, then "and N more". Groups read as one say so with their
 * lines; rules only Google reads (misspelled lines) say whose reading the sentence is.
 */
export function groupSentence(s: GroupSummary, t: Translator, max = LISTED_IN_SENTENCE): string {
  // Only empty User-agent lines, or values read as no name: the group addresses no robot,
  // whatever its rules say.
  if (!s.everyone && namedText(s, t).length === 0) {
    const unnamed = s.agents.map((a) => a.trim()).filter((a) => a !== '');
    return unnamed.length === 0
      ? t('accessNobody', s.line)
      : t(
          'accessNobodyCut',
          s.line,
          listText(
            unnamed.map((a) => quotedNameText(a, t)),
            t,
          ),
        );
  }
  const who = whoText(s, t, max);
  const allowed = boundedList(
    s.allowed.map((p) => phraseText(p, t)),
    t,
    'summaryMorePaths',
    'and',
    max,
  );
  const disallowed = boundedList(
    s.disallowed.map((p) => phraseText(p, t)),
    t,
    'summaryMorePaths',
    'or',
    max,
  );
  let text: string;
  switch (s.access) {
    case 'all':
      text = t('accessAll', who);
      break;
    case 'none':
      text = t('accessNone', who);
      break;
    case 'none-except':
      text =
        s.disallowed.length > 0
          ? t('accessNoneExceptBut', who, allowed, disallowed)
          : t('accessNoneExcept', who, allowed);
      break;
    case 'all-except':
      text =
        s.allowed.length > 0
          ? t('accessAllExceptBut', who, disallowed, allowed)
          : t('accessAllExcept', who, disallowed);
      break;
  }
  if (s.lines.length > 1) {
    const lines = boundedList(
      s.lines.map((n) => String(n)),
      t,
      'summaryMoreLines',
      'and',
      max,
    );
    text = t('summaryReadAsOne', text, lines);
  }
  if (s.onlyFor === 'google') text = t('summaryOnlyGoogle', text);
  if (s.onlyFor === 'rfc9309') text = t('summaryOnlyStrict', text);
  return text;
}

/**
 * The reading each robot takes, as its row does (verdictsFor): its crawler profile's, else
 * RFC 9309's. The summary follows the robots, not one parser: where Google reads a misspelled
 * line that RFC 9309 skips, each robot's sentence says what its own reading decides.
 */
export function readingOf(token: string): Reading {
  return findCrawler(token)?.semantics ?? 'rfc9309';
}

/** The file's summaries, each robot read as its row reads it (see readingOf). */
export function fileSummaries(parsed: RobotsTxt): GroupSummary[] {
  return summarizeRobotsTxt(parsed, readingOf);
}

/** A group's sentence with the lines it stands for. */
export interface SummarySentence {
  /** First user-agent line of its first group. */
  line: number;
  /** First user-agent lines of every group it summarises (several when read as one). */
  lines: number[];
  text: string;
}

/** "What this file says": one sentence per set of robots following the same rules, in file order. */
export function summarySentences(
  parsed: RobotsTxt,
  t: Translator,
  summaries: readonly GroupSummary[] = fileSummaries(parsed),
): SummarySentence[] {
  return summaries.map((s) => ({ line: s.line, lines: s.lines, text: groupSentence(s, t) }));
}

/** A sentence about robots the groups alone do not account for. */
export interface SummaryNote {
  /** The line it refers to, or 0 for none. */
  line: number;
  /** The robot of the user's list it is about, or null (no `*` group: about every other robot). */
  robot: string | null;
  text: string;
}

/**
 * What the sentences leave unsaid: that robots not named may visit everything when no `*` group
 * exists, and for each robot of `robots` (the user's list) whose verdict comes neither from a
 * group naming it nor from the `*` group: one following another robot's group (Applebot follows
 * Googlebot's), one that ignores `*` (AdsBot-Google).
 */
export function summaryNotes(
  parsed: RobotsTxt,
  t: Translator,
  robots: readonly string[] = [],
  summaries: readonly GroupSummary[] = fileSummaries(parsed),
): SummaryNote[] {
  const notes: SummaryNote[] = [];
  const hasStar = summaries.some((s) => s.everyone);
  const named = summaries.some((s) => namedText(s, t).length > 0);
  if (!hasStar && named) notes.push({ line: 0, robot: null, text: t('summaryNoStar') });
  for (const robot of robots) {
    const verdict = checkCrawler(parsed, robot, '/');
    const { groups } = verdict.reason;
    const line = groups.lines[0] ?? 0;
    if (groups.code === 'fallback-token')
      notes.push({ line, robot, text: t('summaryFollows', robot, groups.agent) });
    else if (groups.code === 'no-group' && groups.starIgnored)
      notes.push({ line: 0, robot, text: t('summaryIgnoresStar', robot) });
    const cut = nameCutNote(parsed, robot, verdict, t);
    if (cut !== null) notes.push(cut);
  }
  return notes;
}

/**
 * For a robot whose name its reading cuts (`MJ12bot`, read `MJ`) and that the file names as
 * written (`User-agent: MJ12bot`): that the line does not name it, and what it follows instead,
 * as its verdict does. Null otherwise.
 */
function nameCutNote(
  parsed: RobotsTxt,
  robot: string,
  verdict: CrawlerVerdict,
  t: Translator,
): SummaryNote | null {
  const { semantics, token, groups } = verdict.reason;
  const read = semantics === 'original1994' ? null : nameCutOf(token);
  if (read === null) return null;
  const lower = token.toLowerCase();
  for (const group of groupsFor(parsed, semantics)) {
    for (const agent of group.agents) {
      const slash = agent.indexOf('/');
      const written = (slash === -1 ? agent : agent.slice(0, slash)).trim();
      if (written.toLowerCase() !== lower) continue;
      const key = groups.code === 'star-group' ? 'summaryNameCutStar' : 'summaryNameCutNone';
      return {
        line: group.line,
        robot,
        text: t(key, agent.trim(), robot, quotedNameText(read, t)),
      };
    }
  }
  return null;
}

/** Above either of these, the view opens with an overview and the sentences wait behind a button. */
const BIG_FILE = { groups: 8, rules: 60 } as const;

/** Whether a file is big enough for the overview first (more than 8 groups or 60 rules). */
export function isBigFile(parsed: RobotsTxt): boolean {
  if (parsed.groups.length > BIG_FILE.groups) return true;
  let rules = 0;
  for (const g of parsed.groups) rules += g.rules.length;
  return rules > BIG_FILE.rules;
}

/** Robots named in the overview's list before "and N more". */
const NAMED_IN_OVERVIEW = 20;

/** A big file in a few sentences: its size, who has rules of their own, what the rest may visit. */
export interface SummaryOverview {
  /** "This file has 140 groups and 1,382 rules." */
  counts: string;
  /** "It lists 12 sitemaps.", or null for none. */
  sitemaps: string | null;
  /** "37 robots have rules of their own: A, B … and 17 more robots.", or null for none. */
  named: string | null;
  /** What every robot not named may visit: the `*` groups' sentences (or that none exists). */
  everyoneElse: SummarySentence[];
  notes: SummaryNote[];
}

/** The overview of a file: counts, the robots with their own rules (bounded), the `*` rules. */
export function summaryOverview(
  parsed: RobotsTxt,
  t: Translator,
  robots: readonly string[] = [],
  summaries: readonly GroupSummary[] = fileSummaries(parsed),
): SummaryOverview {
  let rules = 0;
  for (const g of parsed.groups) rules += g.rules.length;
  const counts = t(
    'summaryCounts',
    t.plural('summaryGroups', parsed.groups.length),
    t.plural('summaryRules', rules),
  );
  // Robots with rules of their own: named in a group that is not the `*` group's (a robot named
  // only beside `*` follows the same rules as every other robot). One entry per product token.
  const seen = new Set<string>();
  const names: { key: string; text: string }[] = [];
  for (const s of summaries) {
    if (s.everyone) continue;
    for (const name of robotsNamed(s, t)) {
      if (seen.has(name.key)) continue;
      seen.add(name.key);
      names.push(name);
    }
  }
  // The user's own robots first, so a long list never hides them in "and N more": those whose
  // verdict comes from a group naming them, by the token the engine matched (a robot called
  // MJ12bot is not the `MJ` a line `MJ12bot` names).
  const mine = new Set<string>();
  for (const robot of robots) {
    const { token, groups } = checkCrawler(parsed, robot, '/').reason;
    if (groups.code === 'exact-token' || groups.code === 'merged-groups')
      mine.add(token.toLowerCase());
  }
  names.sort((a, b) => Number(mine.has(b.key)) - Number(mine.has(a.key)));
  const named =
    names.length === 0
      ? null
      : t.plural(
          'summaryNamed',
          names.length,
          boundedList(
            names.map((n) => n.text),
            t,
            'summaryMoreRobots',
            'and',
            NAMED_IN_OVERVIEW,
          ),
        );
  const everyoneElse = summaries
    .filter((s) => s.everyone)
    .map((s) => ({ line: s.line, lines: s.lines, text: groupSentence(s, t) }));
  return {
    counts,
    sitemaps:
      parsed.sitemaps.length === 0 ? null : t.plural('summarySitemaps', parsed.sitemaps.length),
    named,
    everyoneElse,
    notes: summaryNotes(parsed, t, robots, summaries),
  };
}

/** A sentence of the summary's AI-usage section, with the lines it stands for. */
export interface SummaryAiSentence {
  /** First user-agent line of the robots' first group, or the line itself for a line in none. */
  line: number;
  /** The Content-Signal and Content-Usage lines it reads. */
  lines: number[];
  text: string;
}

/** What the file says about AI use: one sentence per set of robots, and the managed block. */
export interface SummaryAi {
  sentences: SummaryAiSentence[];
  /** "Lines 1 to 8 are managed by Cloudflare…", or null when there is no BEGIN marker. */
  managed: string | null;
}

const AI_KEYS: ReadonlySet<string> = new Set(['content-signal', 'content-usage']);

/** A Content-Usage path as a person would say it; null for none or the whole site (`/`, `/*`). */
function usagePathPhrase(path: string | null, line: number): PathPhrase | null {
  if (path === null) return null;
  // The summary's own phrasing of a pattern: a one-rule group read as RFC 9309 reads it (attach
  // §3.1 matches these paths as Allow/Disallow patterns are matched).
  const s = summarizeGroup(
    { agents: ['*'], line: 0, rules: [{ type: 'disallow', value: path, line }] },
    'rfc9309',
  );
  return s.disallowed[0] ?? null;
}

/** One AI line in words: "no to AI training on the folder /blog/ (Content-Usage, line 3)". */
function aiLinePart(o: OtherDirective, t: Translator): string {
  const isSignal = o.key === 'content-signal';
  const source = aiSourceText(
    { kind: isSignal ? 'content-signal' : 'content-usage', line: o.line },
    t,
  );
  const gloss =
    aiLineGlossText(
      isSignal ? contentSignalPreferences(o.value) : contentUsagePreferences(o.value),
      t,
    ) ?? aiNothingText(t);
  const where = isSignal ? null : usagePathPhrase(splitContentUsageValue(o.value).path, o.line);
  return where === null
    ? t('summaryAiPart', gloss, source)
    : t('summaryAiPartOnPath', gloss, phraseText(where, t), source);
}

/**
 * What the file says about AI use, for the summary: for each set of robots whose groups hold
 * Content-Signal (Cloudflare's Content Signals Policy) or Content-Usage (draft-ietf-aipref-attach-05
 * §3) lines, one sentence naming them as the access sentences do and what each line says; a line
 * outside any group applies to no robot and says so; and the Cloudflare-managed block's lines
 * (`text`, the file as served, holds its comment markers). Null when the file has no such line.
 * Groups are read as the AI answers read them, for every robot: RFC 9309 as attach-05 §3 updates
 * it, a Content-Usage line being a rule (src/ai/content-usage.ts); `summaries` are the file's
 * summaries under that reading.
 */
export function summaryAi(
  parsed: RobotsTxt,
  t: Translator,
  text = '',
  summaries: readonly GroupSummary[] = summarizeRobotsTxt(parsed, 'rfc9309'),
): SummaryAi | null {
  const others = parsed.others.filter((o) => AI_KEYS.has(o.key));
  if (others.length === 0) return null;
  // Each line in its group as RFC 9309 forms groups once Content-Usage is a rule.
  const lines = others.map((o) => ({
    ...o,
    groupLine: groupAt(parsed.strictGroups, o.line)?.line ?? null,
  }));
  const sentences: SummaryAiSentence[] = [];
  const said = new Set<string>();
  for (const s of summaries) {
    const mine = lines.filter((o) => o.groupLine !== null && s.lines.includes(o.groupLine));
    // A group that names no robot: its lines apply to none, as its rules do (its access sentence).
    if (mine.length === 0 || (!s.everyone && namedText(s, t).length === 0)) continue;
    const sentence = t(
      'summaryAiSays',
      whoText(s, t, LISTED_IN_SENTENCE),
      // At most LISTED_IN_SENTENCE lines in words, then "and N more" (Records lists them all).
      boundedList(
        mine.map((o) => aiLinePart(o, t)),
        t,
        'summaryMoreLines',
      ),
    );
    // The two readings' summaries of the same groups (onlyFor) say the same about AI use.
    if (said.has(sentence)) continue;
    said.add(sentence);
    sentences.push({ line: s.line, lines: mine.map((o) => o.line), text: sentence });
  }
  for (const o of lines) {
    if (o.groupLine !== null) continue;
    const key = o.key === 'content-signal' ? 'summaryAiOutsideSignal' : 'summaryAiOutsideUsage';
    sentences.push({ line: o.line, lines: [o.line], text: t(key, o.line) });
  }
  const block = findManagedBlock(text, parsed.lineCount);
  const managed =
    block === null || block.begin === null
      ? null
      : block.end === null
        ? t('summaryAiManagedFrom', block.begin)
        : t('summaryAiManaged', block.begin, block.end);
  return { sentences, managed };
}

/**
 * The strongest fact about the robots of the user's list, said first ("2 search crawlers of your
 * list may not visit anything: Googlebot and Bingbot."): the search crawlers shut out of the whole
 * site, then the other robots (AI crawlers, control tokens), else that every one may visit the home
 * page. Shut out: disallowed on `/` under its own reading, with no Allow rule in its groups that
 * opens a path again. None for an empty list.
 */
export function summaryLead(parsed: RobotsTxt, t: Translator, robots: readonly string[]): string[] {
  if (robots.length === 0) return [];
  const shut = robots.filter((robot) => {
    const verdict = checkCrawler(parsed, robot, '/');
    if (verdict.allowed) return false;
    const lines = new Set(verdict.reason.groups.lines);
    return !parsed.groups.some(
      (g) => lines.has(g.line) && g.rules.some((r) => r.type === 'allow' && r.value !== ''),
    );
  });
  if (shut.length === robots.length) return [t('summaryLeadAllShut')];
  const search = shut.filter((r) => indexesPages(r));
  const other = shut.filter((r) => !indexesPages(r));
  const out: string[] = [];
  if (search.length > 0)
    out.push(t.plural('summaryLeadSearchShut', search.length, listText(search, t)));
  if (other.length > 0)
    out.push(t.plural('summaryLeadOtherShut', other.length, listText(other, t)));
  return out.length > 0 ? out : [t('summaryLeadOpen')];
}
