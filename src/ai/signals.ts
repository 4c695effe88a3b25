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
  type ContentUseLevel,
  type ManagedBlock,
  parseContentSignals,
} from './content-signal.ts';
import {
  AIPREF_ATTACH_DRAFT,
  AIPREF_VOCAB_DRAFT,
  applicableUsageRules,
  type CombinedUsage,
  combineUsage,
  parseContentUsageHeader,
  parseContentUsageRules,
  type UsageRuleDecision,
  type UsageSource,
  type UsageStatement,
} from './content-usage.ts';

export { AIPREF_ATTACH_DRAFT, AIPREF_VOCAB_DRAFT };

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

/**
 * The AI-usage picture of one page for one robot, from the engine's `verdict` for that robot and
 * page (its groups, its path, whether it may crawl), the robots.txt text it was judged on (and
 * optionally its parse) and the page's Content-Usage header value(s) (null: none). Never throws.
 */
export function aiSignals(
  text: string,
  verdict: Verdict,
  header: string | readonly string[] | null = null,
  robots?: RobotsTxt,
): AiSignals {
  const body = typeof text === 'string' ? text : '';
  const parsed = robots ?? parseRobotsTxt(body);
  const groupLines = [...(verdict?.reason?.groups?.lines ?? [])];
  const inGroups = new Set(groupLines);
  const path = typeof verdict?.reason?.path === 'string' ? verdict.reason.path : '/';
  const isCrawlable = verdict?.allowed === true;

  const signals = parseContentSignals(body, parsed);
  const contentSignalLines = signals.lines.filter(
    (l) => l.groupLine !== null && inGroups.has(l.groupLine),
  );
  const usageRules = applicableUsageRules(
    parseContentUsageRules(body, parsed),
    groupLines,
    path,
    isCrawlable,
  );
  const headerStatement =
    header === null || header === undefined ? null : parseContentUsageHeader(header);
  const statements: { source: UsageSource; preferences: UsageStatement['preferences'] }[] =
    usageRules.rules.map((r) => ({
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
    managedBlock: signals.managedBlock,
    usageRules,
    header: headerStatement,
    usage: combineUsage(statements),
  };
}

/**
 * The same for a robot named by its product token (or User-Agent) and a URL or path: asks the
 * engine for the verdict first. Default semantics 'rfc9309'. Never throws.
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
