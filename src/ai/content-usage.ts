// IETF aipref usage preferences: `Content-Usage:` rules in robots.txt and the `Content-Usage`
// HTTP header, their vocabulary and the rule for combining several statements.
//
// Implemented versions (the vocabulary changed between versions; see VOCABULARY):
// - draft-ietf-aipref-vocab-08 (14 September 2026), "A Vocabulary For Expressing AI Usage
//   Preferences": the labels `train-ai` (AI Training), `ai-use` (AI Use, new in -08) and
//   `search` (Search). The vocabulary is flat: no category is a subset of another, so an unstated
//   category never falls back to a parent (the `all`/`bots`/`tdm` hierarchies of -01 to -04 are
//   gone; their labels are now unknown labels and ignored). Search is defined to override the
//   other categories for uses inside a qualifying search application; that is about which
//   category a use falls into, not about combining statements, so it is recorded as data
//   (VOCABULARY[].overrides) and not applied to the per-category answers.
//   The processing and combining text followed here ("Processing Algorithm": values are the Tokens
//   `y`/`n`, anything else is unknown, unknown labels and parameters ignored, a failed parse makes
//   every preference unknown; "Combining Preferences": any disallow wins, else any allow, else
//   unknown) was read in draft-ietf-aipref-vocab-07 (github.com/ietf-wg-aipref/drafts, tag
//   draft-ietf-aipref-vocab-07), and again, in full, in the working group's editor's copy after
//   -07 (same repository, draft-ietf-aipref-vocab.md at commit 008bd890): it defines the three
//   categories above (§4.1 AI Training, §4.2 AI Use, §4.3 Search, which overrides the other two)
//   with the same processing and combining text. Whether that copy is -08 word for word could not
//   be checked: the published -08 itself was not readable here.
// - draft-ietf-aipref-attach-05 (18 August 2026), "Associating AI Usage Preferences with Content
//   in HTTP" (same repository, tag draft-ietf-aipref-attach-05): §2 the header is a Dictionary;
//   §3 the robots.txt rule `content-usage = *WS "content-usage" *WS ":" *WS [ path-pattern 1*WS ]
//   usage-pref EOL`; §3.1 longest path match as for Allow/Disallow, only for crawlable paths,
//   identical paths with conflicting preferences combined; §3.2 the value runs to CR, LF or `#`,
//   a path is present only when the value starts with `/` and ends at the first SP or HTAB.
//
// Which reading the answers follow (this tool's decision): RFC 9309 as attach-05 updates it
// ("updates: 9309"; §3 `rule =/ content-usage`), the one reading that implements the attach draft.
// There a Content-Usage line is a rule, so a user-agent line after it starts a new group, as after
// Allow or Disallow (src/robots/group-builder.ts), and the group choice and crawlability that
// attach §3.1 builds on are the robot's RFC 9309 verdict, for every robot (src/ai/report.ts
// attachVerdict). Google's parser ignores lines it does not know (google/robotstxt robots.cc), so
// for Google a user-agent line after Content-Usage joins the same group; the 1994 text knows no
// such line and ends records at blank lines only. Neither implements attach: their crawl verdicts
// are kept as they are, and the AI answers never use their groups. "The ordering of rules in a
// group carries no semantics" (§3.1): longest matches of equal length all apply (UsageRuleMatcher).
import { canonicalUnits, googleEscapedLength } from '../robots/encoding.ts';
import { parseRobotsTxt, type RobotsTxt, type Rule } from '../robots/index.ts';
import { CompiledRules } from '../robots/matcher.ts';
import { keyedLines } from './lines.ts';
import { parseSfDictionary, type SfDictionaryResult } from './structured-fields.ts';

export const AIPREF_VOCAB_DRAFT = 'draft-ietf-aipref-vocab-08';
export const AIPREF_ATTACH_DRAFT = 'draft-ietf-aipref-attach-05';

/** The usage categories of draft-ietf-aipref-vocab-08, by label. */
export type UsageCategory = 'train-ai' | 'ai-use' | 'search';

export interface UsageCategorySpec {
  label: UsageCategory;
  /** The vocabulary draft's section defining it. */
  section: string;
  /** Categories whose uses this one covers when they happen inside its application (§4.3). */
  overrides: readonly UsageCategory[];
}

/** The vocabulary, in the draft's order. Flat: no category has a parent. */
export const VOCABULARY: readonly UsageCategorySpec[] = [
  { label: 'train-ai', section: '4.1', overrides: [] },
  { label: 'ai-use', section: '4.2', overrides: [] },
  { label: 'search', section: '4.3', overrides: ['train-ai', 'ai-use'] },
];

export const USAGE_CATEGORIES: readonly UsageCategory[] = VOCABULARY.map((v) => v.label);

/** An explicit allow (`y`), disallow (`n`), or no preference known. */
export type UsagePreference = 'y' | 'n' | 'unset';

export type UsagePreferences = Record<UsageCategory, UsagePreference>;

/** A statement of preference as parsed: the dictionary (or its failure) and the preferences. */
export interface UsageStatement {
  /** The statement as written. */
  written: string;
  dictionary: SfDictionaryResult;
  preferences: UsagePreferences;
}

function unsetAll(): UsagePreferences {
  return { 'train-ai': 'unset', 'ai-use': 'unset', search: 'unset' };
}

/**
 * Reads a statement of preference (vocab "Processing Algorithm"): parse a Dictionary; for each
 * category, a Token `y` allows and `n` disallows; any other value, a missing key or a failed parse
 * is unknown. Parameters are disregarded. Never throws.
 */
export function parseUsageStatement(value: string | readonly string[]): UsageStatement {
  const written = typeof value === 'string' ? value : Array.isArray(value) ? value.join(', ') : '';
  const dictionary = parseSfDictionary(value);
  const preferences = unsetAll();
  if (dictionary.ok) {
    for (const [key, member] of dictionary.members) {
      if (!(USAGE_CATEGORIES as readonly string[]).includes(key) || !('item' in member)) continue;
      const item = member.item;
      preferences[key as UsageCategory] =
        item.type === 'token' && (item.value === 'y' || item.value === 'n') ? item.value : 'unset';
    }
  }
  return { written, dictionary, preferences };
}

/** The `Content-Usage` header (attach §2); several field lines are joined. Never throws. */
export function parseContentUsageHeader(value: string | readonly string[]): UsageStatement {
  return parseUsageStatement(value);
}

export type ContentUsageProblemCode =
  /** The statement is not a valid Dictionary: every preference of the rule is unknown. */
  | 'invalid-dictionary'
  /** A path with nothing after it (`Content-Usage: /x`): no preference at all. */
  | 'empty-statement'
  /** The rule stands before any user-agent line: it applies to no robot. */
  | 'outside-group';

/** One `Content-Usage:` rule of a robots.txt. */
export interface ContentUsageRule {
  line: number;
  /** The line as written (cut to the engine's per-line limit). */
  written: string;
  /** The path as written, or null when absent (the rule covers every crawlable path). */
  path: string | null;
  statement: UsageStatement;
  problems: ContentUsageProblemCode[];
  groupLine: number | null;
  agents: string[];
}

/** Splits a rule value into path and statement (attach §3.2). */
export function splitContentUsageValue(value: string): { path: string | null; statement: string } {
  if (value.charCodeAt(0) !== 0x2f) return { path: null, statement: value };
  let end = 0;
  while (end < value.length && value.charCodeAt(end) !== 0x20 && value.charCodeAt(end) !== 0x09) {
    end++;
  }
  let rest = end;
  while (
    rest < value.length &&
    (value.charCodeAt(rest) === 0x20 || value.charCodeAt(rest) === 0x09)
  ) {
    rest++;
  }
  return { path: value.slice(0, end), statement: value.slice(rest) };
}

/**
 * Every `Content-Usage:` rule of a robots.txt with its group. Pass the engine's parse of the same
 * text as `robots` to avoid parsing it twice. Never throws.
 */
export function parseContentUsageRules(text: string, robots?: RobotsTxt): ContentUsageRule[] {
  const body = typeof text === 'string' ? text : '';
  const parsed = robots ?? parseRobotsTxt(body);
  return keyedLines(body, parsed, 'content-usage').map((k): ContentUsageRule => {
    const { path, statement } = splitContentUsageValue(k.value);
    const parsedStatement = parseUsageStatement(statement);
    const problems: ContentUsageProblemCode[] = [];
    if (statement === '') problems.push('empty-statement');
    else if (!parsedStatement.dictionary.ok) problems.push('invalid-dictionary');
    if (k.groupLine === null) problems.push('outside-group');
    return { ...k, path, statement: parsedStatement, problems };
  });
}

export type UsageRuleDecisionCode =
  /** The longest matching rule (with any rules of the identical path) applies. */
  | 'longest-match'
  /** The path may be crawled but no rule of the robot's groups matches it. */
  | 'no-match'
  /** The path may not be crawled: no preferences are implied (attach §3.1). */
  | 'not-crawlable';

export interface UsageRuleDecision {
  code: UsageRuleDecisionCode;
  /** The rules that apply: one, or several of one path or of equal length (combined, §3.1). */
  readonly rules: readonly ContentUsageRule[];
}

/** Literal paths matched one after another at most; past it, the engine's indexed matcher. */
const MAX_LITERALS = 8;

/** Decisions naming several paths of equal length kept per matcher at most (past it, made anew). */
const MAX_TIE_DECISIONS = 1024;

/**
 * The Content-Usage rules of one robot's groups, compiled once for many paths: which of them apply
 * to a path, by the longest match of RFC 9309 §2.2.2 and its wildcards (§2.2.3), the engine's own
 * matcher (attach-05 §3.1). A rule without a path matches every path with length 0. Rules of the
 * identical path all apply (attach-05 §3.1, combined per the vocabulary's "Combining
 * Preferences"). So do the longest matches of different patterns of equal length (`/a*` and `/ab`
 * for `/abc`): attach-05 §3.1 says "The ordering of rules in a group carries no semantics", so the
 * first in the file cannot win, and the draft names no other tie-break; combining them like rules
 * of one path is this tool's reading. Its decisions are shared between calls: read them, never
 * change them.
 */
export class UsageRuleMatcher {
  /** The rules of the robot's groups, in file order. */
  readonly rules: readonly ContentUsageRule[];
  /** The path may be crawled but no rule matches it. */
  readonly noMatch: UsageRuleDecision = Object.freeze({ code: 'no-match', rules: [] });
  /** The path may not be crawled: no preferences are implied (attach §3.1). */
  readonly notCrawlable: UsageRuleDecision = Object.freeze({ code: 'not-crawlable', rules: [] });
  /** One allow rule per distinct path (the value is the path as written, '' without one). */
  private readonly compiled: CompiledRules | null;
  /**
   * When every path is a literal (no `*`, no final `$`) and they are few, as in most files: their
   * canonical units, best first (longer first), so the first one the path starts with and those
   * of its length after it are the longest matches (RFC 9309 §2.2.2), found with no index.
   */
  private readonly literals: { units: string; priority: number; path: string }[] | null;
  /** By path as written ('' without one): the decision naming every rule of that path. */
  private readonly byPath = new Map<string, UsageRuleDecision>();
  /** By the paths of equal length that all match, sorted and joined by LF (no path holds one). */
  private readonly byTie = new Map<string, UsageRuleDecision>();
  /** The last path asked and its decision: the robots of one URL often share their groups. */
  private lastPath: string | null = null;
  private lastDecision: UsageRuleDecision;
  private lastUnits: string | null = null;
  private lastUnitsDecision: UsageRuleDecision;

  /** `groupLines`: the first user-agent line of each group the robot obeys (the engine's choice). */
  constructor(rules: readonly ContentUsageRule[], groupLines: readonly number[]) {
    const lines = new Set(groupLines);
    const mine = rules.filter((r) => r.groupLine !== null && lines.has(r.groupLine));
    const firsts: Rule[] = [];
    const samePath = new Map<string, ContentUsageRule[]>();
    for (const r of mine) {
      const value = r.path ?? '';
      const same = samePath.get(value);
      if (same !== undefined) {
        same.push(r);
        continue;
      }
      samePath.set(value, [r]);
      firsts.push({ type: 'allow', value, line: r.line });
    }
    for (const [value, same] of samePath) {
      this.byPath.set(value, Object.freeze({ code: 'longest-match', rules: Object.freeze(same) }));
    }
    this.rules = mine;
    this.compiled = firsts.length === 0 ? null : new CompiledRules(firsts, 'rfc9309');
    const isLiteral = (value: string) => !value.includes('*') && !value.endsWith('$');
    this.literals =
      firsts.length === 0 ||
      firsts.length > MAX_LITERALS ||
      !firsts.every((r) => isLiteral(r.value))
        ? null
        : firsts
            .map((r) => ({
              units: canonicalUnits(r.value),
              priority: googleEscapedLength(r.value),
              path: r.value,
            }))
            .sort((a, b) => b.priority - a.priority);
    this.lastDecision = this.noMatch;
    this.lastUnitsDecision = this.noMatch;
  }

  /** The rules that apply to `path` (path, params and query of the URL). Never throws. */
  applicable(path: string, isCrawlable: boolean): UsageRuleDecision {
    if (!isCrawlable) return this.notCrawlable;
    if (this.compiled === null) return this.noMatch;
    if (path === this.lastPath) return this.lastDecision;
    const decision = this.applicableToUnits(canonicalUnits(typeof path === 'string' ? path : '/'));
    this.lastPath = path;
    this.lastDecision = decision;
    return decision;
  }

  /**
   * The same for a crawlable path already in the engine's canonical units (encoding.ts
   * canonicalUnits), for a caller matching one path against several robots' rules.
   */
  applicableToUnits(units: string): UsageRuleDecision {
    if (this.compiled === null) return this.noMatch;
    if (units === this.lastUnits) return this.lastUnitsDecision;
    let paths: string[] = [];
    if (this.literals !== null) {
      let top = -1;
      for (const literal of this.literals) {
        if (top !== -1 && literal.priority < top) break;
        if (!units.startsWith(literal.units)) continue;
        top = literal.priority;
        paths.push(literal.path);
      }
    } else {
      paths = this.compiled.bestTies(units).map((r) => r.value);
    }
    const decision = this.decisionOf(paths);
    this.lastUnits = units;
    this.lastUnitsDecision = decision;
    return decision;
  }

  /** The decision naming every rule of these paths (longest matches of equal length). */
  private decisionOf(paths: string[]): UsageRuleDecision {
    if (paths.length === 0) return this.noMatch;
    if (paths.length === 1) return this.byPath.get(paths[0] ?? '') ?? this.noMatch;
    const key = paths.sort().join('\n');
    const known = this.byTie.get(key);
    if (known !== undefined) return known;
    const rules = paths
      .flatMap((p) => this.byPath.get(p)?.rules ?? [])
      .sort((a, b) => a.line - b.line);
    const decision: UsageRuleDecision = Object.freeze({
      code: 'longest-match',
      rules: Object.freeze(rules),
    });
    if (this.byTie.size < MAX_TIE_DECISIONS) this.byTie.set(key, decision);
    return decision;
  }
}

/** The Content-Usage rules of a robot's groups (`groupLines`) compiled for many paths. */
export function compileUsageRules(
  rules: readonly ContentUsageRule[],
  groupLines: readonly number[],
): UsageRuleMatcher {
  return new UsageRuleMatcher(rules, groupLines);
}

/** Where a statement came from. */
export type UsageSource = { kind: 'robots-txt'; line: number } | { kind: 'header' };

export interface CombinedPreference {
  preference: UsagePreference;
  /** The statements that decided it: every `n` when disallowed, every `y` when allowed. */
  sources: UsageSource[];
}

export type CombinedUsage = Record<UsageCategory, CombinedPreference>;

/**
 * Combines statements per category (vocab "Combining Preferences"): any disallow wins; else any
 * allow; else unknown. With no statements, every category is 'unset'.
 */
export function combineUsage(
  statements: readonly { source: UsageSource; preferences: UsagePreferences }[],
): CombinedUsage {
  const out = {} as CombinedUsage;
  for (const category of USAGE_CATEGORIES) {
    const noes = statements.filter((s) => s.preferences[category] === 'n').map((s) => s.source);
    const yeses = statements.filter((s) => s.preferences[category] === 'y').map((s) => s.source);
    out[category] =
      noes.length > 0
        ? { preference: 'n', sources: noes }
        : yeses.length > 0
          ? { preference: 'y', sources: yeses }
          : { preference: 'unset', sources: [] };
  }
  return out;
}
