// What a site says about AI use of one page, for one robot: Cloudflare's Content-Signal lines of
// the robot's groups, the aipref Content-Usage rule that applies to the path and the page's
// Content-Usage header, combined per category. Group choice and crawlability come from the
// robots.txt engine's verdict (src/robots), never from a second matcher.
import {
  type CheckOptions,
  checkUrl,
  parseRobotsTxt,
  type RobotsTxt,
  type Semantics,
  type Verdict,
} from '../robots/index.ts';
import {
  CONTENT_SIGNAL_NAMES,
  CONTENT_USE_LEVELS,
  type ContentSignalLine,
  type ContentSignalName,
  type ContentSignals,
  type ContentUseLevel,
  type ManagedBlock,
  parseContentSignals,
} from './content-signal.ts';
import {
  AIPREF_ATTACH_DRAFT,
  AIPREF_VOCAB_DRAFT,
  type CombinedUsage,
  type ContentUsageRule,
  combineUsage,
  compileUsageRules,
  parseContentUsageHeader,
  parseContentUsageRules,
  type UsageRuleDecision,
  type UsageRuleMatcher,
  type UsageSource,
  type UsageStatement,
} from './content-usage.ts';

/** One Content-Signal value for the robot, and the lines that decided it. */
export interface RobotSignal<T> {
  value: T;
  /** Lines stating the deciding value (the most restrictive, when lines disagree). */
  lines: number[];
}

/** The Content-Signal values of the robot's groups; an unstated signal is absent. */
export interface RobotSignals {
  search?: RobotSignal<'yes' | 'no'>;
  'ai-input'?: RobotSignal<'yes' | 'no'>;
  'ai-train'?: RobotSignal<'yes' | 'no'>;
  use?: RobotSignal<ContentUseLevel>;
}

/** What a site says about AI use of one URL, for one robot: the lines, the header, combined. */
export interface AiSignals {
  vocabDraft: typeof AIPREF_VOCAB_DRAFT;
  attachDraft: typeof AIPREF_ATTACH_DRAFT;
  /** The path as the engine matched it. */
  path: string;
  /** The engine's verdict for this robot and path. */
  isCrawlable: boolean;
  /** First user-agent line of each group the robot obeys (the engine's choice). */
  groupLines: number[];
  /** Content-Signal lines of those groups, in file order. */
  contentSignalLines: ContentSignalLine[];
  /**
   * Their values combined: lines of several groups (merged, RFC 9309 §2.2.1) or several lines of
   * one group are combined the aipref way, the most restrictive wins (`no`; the lowest `use`).
   */
  contentSignals: RobotSignals;
  managedBlock: ManagedBlock | null;
  /** The Content-Usage rules of robots.txt that apply to the path. */
  usageRules: UsageRuleDecision;
  /** The file has Content-Usage rules at all: its groups are then read as attach-05 §3 says. */
  hasUsageRules: boolean;
  /** The page's Content-Usage header, or null when the response had none. */
  header: UsageStatement | null;
  /** robots.txt rules and header combined per category (vocab "Combining Preferences"). */
  usage: CombinedUsage;
}

function combineSignals(lines: readonly ContentSignalLine[]): RobotSignals {
  const out: RobotSignals = {};
  const rank = (name: ContentSignalName, v: 'yes' | 'no'): void => {
    for (const line of lines) {
      if (line.signals[name] !== v) continue;
      const current = out[name];
      if (current === undefined) out[name] = { value: v, lines: [line.line] };
      else if (current.value === v) current.lines.push(line.line);
    }
  };
  for (const name of CONTENT_SIGNAL_NAMES) {
    rank(name, 'no');
    rank(name, 'yes');
  }
  for (const level of CONTENT_USE_LEVELS) {
    for (const line of lines) {
      if (line.signals.use !== level) continue;
      if (out.use === undefined) out.use = { value: level, lines: [line.line] };
      else if (out.use.value === level) out.use.lines.push(line.line);
    }
  }
  return out;
}

/** Compiled rule sets kept per reader at most; past it they are compiled each time (still correct). */
const MAX_MATCHERS = 1024;

/**
 * A robots.txt's AI-usage lines, parsed once for many verdicts: its Content-Signal lines, and its
 * Content-Usage rules compiled once per set of groups (a robot's). Pass the engine's parse of the
 * same text as `robots` to avoid parsing it twice. Never throws.
 */
export class AiSignalsReader {
  private readonly signals: ContentSignals;
  private readonly usageRules: ContentUsageRule[];
  /** By the engine's array of group lines (it gives a robot the same one each time), then by its text. */
  private readonly byArray = new WeakMap<readonly number[], UsageRuleMatcher>();
  private readonly byKey = new Map<string, UsageRuleMatcher>();

  constructor(text: string, robots?: RobotsTxt) {
    const body = typeof text === 'string' ? text : '';
    const parsed = robots ?? parseRobotsTxt(body);
    this.signals = parseContentSignals(body, parsed);
    this.usageRules = parseContentUsageRules(body, parsed);
  }

  /** The Content-Usage rules of the groups starting at `groupLines`, compiled (once per set). */
  matcher(groupLines: readonly number[]): UsageRuleMatcher {
    const known = this.byArray.get(groupLines);
    if (known !== undefined) return known;
    const key = groupLines.join(',');
    let matcher = this.byKey.get(key);
    if (matcher === undefined) {
      matcher = compileUsageRules(this.usageRules, groupLines);
      if (this.byKey.size < MAX_MATCHERS) this.byKey.set(key, matcher);
    }
    this.byArray.set(groupLines, matcher);
    return matcher;
  }

  /**
   * The AI-usage picture of one page for one robot, from the engine's `verdict` for them and the
   * page's Content-Usage header value(s) (null: none). `usageRules`: the rules that apply, when the
   * caller has asked `matcher()` already (else asked here). Never throws.
   */
  signalsFor(
    verdict: Verdict,
    header: string | readonly string[] | null = null,
    usageRules?: UsageRuleDecision,
  ): AiSignals {
    const groupLines = [...(verdict?.reason?.groups?.lines ?? [])];
    const inGroups = new Set(groupLines);
    const path = typeof verdict?.reason?.path === 'string' ? verdict.reason.path : '/';
    const isCrawlable = verdict?.allowed === true;
    const contentSignalLines = this.signals.lines.filter(
      (l) => l.groupLine !== null && inGroups.has(l.groupLine),
    );
    const decision = usageRules ?? this.matcher(groupLines).applicable(path, isCrawlable);
    const headerStatement =
      header === null || header === undefined ? null : parseContentUsageHeader(header);
    const statements: { source: UsageSource; preferences: UsageStatement['preferences'] }[] =
      decision.rules.map((r) => ({
        source: { kind: 'robots-txt', line: r.line },
        preferences: r.statement.preferences,
      }));
    if (headerStatement !== null) {
      statements.push({ source: { kind: 'header' }, preferences: headerStatement.preferences });
    }
    return {
      vocabDraft: AIPREF_VOCAB_DRAFT,
      attachDraft: AIPREF_ATTACH_DRAFT,
      path,
      isCrawlable,
      groupLines,
      contentSignalLines,
      contentSignals: combineSignals(contentSignalLines),
      managedBlock: this.signals.managedBlock,
      usageRules: decision,
      hasUsageRules: this.usageRules.length > 0,
      header: headerStatement,
      usage: combineUsage(statements),
    };
  }
}

/**
 * The AI-usage picture of one page for one robot, from the engine's `verdict` for that robot and
 * page (its groups, its path, whether it may crawl), the robots.txt text it was judged on (and
 * optionally its parse) and the page's Content-Usage header value(s) (null: none): AiSignalsReader
 * for one verdict. Never throws.
 */
export function aiSignals(
  text: string,
  verdict: Verdict,
  header: string | readonly string[] | null = null,
  robots?: RobotsTxt,
): AiSignals {
  return new AiSignalsReader(text, robots).signalsFor(verdict, header);
}

/**
 * The AI-usage picture of a URL or path for a robot named by its product token (or User-Agent),
 * from a robots.txt text and the page's Content-Usage header value(s) (null: none): aiSignals after
 * asking the engine for the verdict. Default semantics 'rfc9309'. Never throws. In src/index.ts.
 */
export function aiSignalsFor(
  text: string,
  userAgent: string,
  url: string,
  header: string | readonly string[] | null = null,
  semantics: Semantics = 'rfc9309',
  options: CheckOptions = {},
): AiSignals {
  const robots = parseRobotsTxt(typeof text === 'string' ? text : '');
  return aiSignals(text, checkUrl(robots, userAgent, url, semantics, options), header, robots);
}
