// The AI-usage signals a tab report carries: for each of the user's robots, what the site says
// about AI use of the page (Content-Signal lines of the robot's groups, aipref Content-Usage rules
// and header), computed once per report from the verdicts the engine already gave. Files and
// responses that say nothing about AI use (most of them) cost one scan of the text and carry null.
import { checkCrawler, type RobotVerdicts } from '../crawlers.ts';
import type { RobotsTxt, Verdict } from '../robots/index.ts';
import { type AiSignals, aiSignals } from './signals.ts';

/** One robot's AI-usage picture for the page, as a report sends it. */
export interface RobotAiSignals {
  robot: string;
  signals: AiSignals;
}

/** A line that may carry an AI-usage signal (RFC 9309 §2.2.4: other records, any case). */
const SIGNAL_LINE = /^[ \t]*content-(?:signal|usage)[ \t]*:/im;

/**
 * Each robot's AI-usage signals for the page, or null when neither the file nor the response says
 * anything about AI use. `header`: the page's Content-Usage header values (none: empty or null).
 */
export function reportAiSignals(
  text: string,
  robots: RobotsTxt,
  verdicts: readonly RobotVerdicts[],
  header: readonly string[] | null,
): RobotAiSignals[] | null {
  const hasHeader = header !== null && header.length > 0;
  if (!hasHeader && !SIGNAL_LINE.test(text)) return null;
  return verdicts.map(({ robot, verdict }) => ({
    robot,
    signals: aiSignals(
      text,
      attachVerdict(robots, robot, verdict),
      hasHeader ? header : null,
      robots,
    ),
  }));
}

/**
 * The verdict the AI-usage answers follow: the robot's under RFC 9309 as draft-ietf-aipref-attach-05
 * §3 updates it (Content-Usage is a rule), with its crawler profile; the one reading that
 * implements the attach draft. A robot judged by Google's parser, which ignores Content-Usage
 * lines and so may group them otherwise, is asked again under that reading.
 */
export function attachVerdict(robots: RobotsTxt, robot: string, verdict: Verdict): Verdict {
  if (verdict?.reason?.semantics === 'rfc9309') return verdict;
  const path = typeof verdict?.reason?.path === 'string' ? verdict.reason.path : '/';
  return checkCrawler(robots, robot, path, 'rfc9309');
}
