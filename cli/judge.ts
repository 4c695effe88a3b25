// One verdict per (URL, agent), as the command line's records give it: the robot's own profile
// (its vendor's reading and fallbacks, as in the popup), or one reading applied to the name as
// given with no fallbacks (--semantics, as Google's robots_main does).

import type { AiAnswer } from '../src/explain/ai.ts';
import {
  type CrawlerVerdict,
  checkCrawler,
  checkUrl,
  findCrawler,
  type RobotVerdicts,
  type Rule,
  type Semantics,
} from '../src/index.ts';
import type { AiPicture } from './ai.ts';
import type { Source } from './sources.ts';

/** A check record (the jsonl keys, in order; csv has the same columns). */
export interface CheckRecord {
  url: string;
  agent: string;
  allowed: boolean;
  /** 1-based line of the deciding rule; null when none decided (or a 4xx/5xx outcome did). */
  line: number | null;
  semantics: Semantics;
  /** The deciding rule as written (`Disallow: /private`), or null. */
  rule: string | null;
  /** The robots.txt fetch: 'ok' (rules), 'unavailable' (4xx: all allowed), 'unreachable' (all disallowed). */
  robots: Source['kind'];
  /**
   * What robots.txt says about AI use of the page for this robot (training, AI answers, search):
   * present only when the file has Content-Signal or Content-Usage lines (src/explain/ai.ts's
   * answers; no page header is read).
   */
  aiTrain?: AiAnswer;
  aiAnswers?: AiAnswer;
  aiSearch?: AiAnswer;
}

/** An input line that is not a URL: the run goes on. */
export interface ErrorRecord {
  url: string;
  error: string;
}

/** The deciding rule as the file has it. */
export function ruleLine(rule: Rule | null): string | null {
  if (rule === null) return null;
  return rule.written ?? `${rule.type === 'allow' ? 'Allow' : 'Disallow'}: ${rule.value}`;
}

/** The reading a robot is judged by: --semantics, else its profile's (RFC 9309 for others). */
export function readingOf(agent: string, semantics: Semantics | null): Semantics {
  return semantics ?? findCrawler(agent)?.semantics ?? 'rfc9309';
}

/** The robot's verdict with its explanation's inputs, or null where an outcome decides for all. */
export function verdictOf(
  source: Source,
  agent: string,
  url: string,
  semantics: Semantics | null,
): CrawlerVerdict | null {
  if (source.kind !== 'ok') return null;
  if (semantics === null) return checkCrawler(source.parsed, agent, url);
  // A literal with every field, not a spread: one shape for every verdict on the hot path.
  const verdict = checkUrl(source.parsed, agent, url, semantics);
  return {
    allowed: verdict.allowed,
    rule: verdict.rule,
    reason: verdict.reason,
    crawler: null,
    fallback: null,
  };
}

/** A check record for one (URL, agent), and its AI-usage picture when the file has one. */
export function judgeOne(
  source: Source,
  agent: string,
  url: string,
  semantics: Semantics | null,
): { record: CheckRecord; ai: AiPicture | null } {
  const verdict = verdictOf(source, agent, url, semantics);
  // The AI-usage answers follow RFC 9309 as draft-ietf-aipref-attach-05 updates it (src/ai/report.ts
  // attachVerdict): a robot judged otherwise is asked again under that reading.
  const ai =
    verdict === null || source.kind !== 'ok' || source.ai === null
      ? null
      : source.ai.picture(
          agent,
          verdict.reason.semantics === 'rfc9309'
            ? verdict
            : semantics === null
              ? checkCrawler(source.parsed, agent, url, 'rfc9309')
              : checkUrl(source.parsed, agent, url, 'rfc9309'),
        );
  return { record: recordOf(source, agent, url, semantics, verdict, ai), ai };
}

/** A check record for one (URL, agent), without the AI-usage answers. */
export function checkRecord(
  source: Source,
  agent: string,
  url: string,
  semantics: Semantics | null,
): CheckRecord {
  return recordOf(source, agent, url, semantics, verdictOf(source, agent, url, semantics), null);
}

function recordOf(
  source: Source,
  agent: string,
  url: string,
  semantics: Semantics | null,
  verdict: CrawlerVerdict | null,
  ai: AiPicture | null,
): CheckRecord {
  const allowed = verdict === null ? source.kind === 'unavailable' : verdict.allowed;
  const line = verdict?.rule?.line ?? null;
  const reading = verdict?.reason.semantics ?? readingOf(agent, semantics);
  const rule = ruleLine(verdict?.rule ?? null);
  const robots = source.kind;
  if (ai === null) return { url, agent, allowed, line, semantics: reading, rule, robots };
  // One literal with every field: fields added afterwards cost a second object per record.
  const { train, answers, search } = ai.answers;
  return {
    url,
    agent,
    allowed,
    line,
    semantics: reading,
    rule,
    robots,
    aiTrain: train.answer,
    aiAnswers: answers.answer,
    aiSearch: search.answer,
  };
}

/** The three readings of a robot, for the text format's words (explainVerdict). */
export function robotVerdicts(
  source: Source & { kind: 'ok' },
  agent: string,
  url: string,
  semantics: Semantics | null,
): RobotVerdicts {
  const verdict = verdictOf(source, agent, url, semantics) as CrawlerVerdict;
  if (semantics !== null) {
    return { robot: agent, verdict, rfc9309: verdict.allowed, original1994: verdict.allowed };
  }
  return {
    robot: agent,
    verdict,
    rfc9309: checkCrawler(source.parsed, agent, url, 'rfc9309').allowed,
    original1994: checkCrawler(source.parsed, agent, url, 'original1994').allowed,
  };
}
