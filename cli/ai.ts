// What a robots.txt says about AI use, for the command line: the Content-Signal lines
// (Cloudflare's Content Signals Policy) and Content-Usage rules (IETF aipref, the drafts src/ai
// names) of the robot's groups, answered per question (training, AI answers, search) by src/ai and
// src/explain/ai.ts, as the popup answers them. The command line fetches no page, so a page's
// Content-Usage header is never read.
//
// Cost: a file without such a line (most files) is told apart once, when it is read, and costs
// nothing more. A file with them is parsed for them once, and the Content-Usage rules of each set of
// groups compiled once; each (URL, robot) then costs one match of its path, and the picture is
// computed once per robot, group set, crawlability and applicable rules (a handful per file), not
// per URL.
import { type ContentUsageRule, parseContentUsageRules } from '../src/ai/content-usage.ts';
import { reportAiSignals } from '../src/ai/report.ts';
import { type AiSignals, aiSignals } from '../src/ai/signals.ts';
import { type AiAnswers, aiAnswers, type ExplainedAi, explainAi } from '../src/explain/ai.ts';
import type { RobotsTxt, Rule, Translator, Verdict } from '../src/index.ts';
import { canonicalUnits } from '../src/robots/encoding.ts';
import { CompiledRules } from '../src/robots/matcher.ts';

/** One robot's AI-usage picture for a page, shared by every page that gives the same one. */
export interface AiPicture {
  robot: string;
  signals: AiSignals;
  answers: AiAnswers;
  /** explainAi's words, made once per translator. */
  words?: { t: Translator; explained: ExplainedAi | null };
  /** The jsonl fields, made once. */
  json?: string;
}

/** The robot's AI-usage picture in a translator's words (null: nothing worth saying). */
export function explainedAi(picture: AiPicture, t: Translator): ExplainedAi | null {
  if (picture.words?.t !== t) {
    picture.words = { t, explained: explainAi(picture.robot, picture.signals, t) };
  }
  return picture.words.explained;
}

/** The answers as jsonl fields (`,"aiTrain":"no",…`), made once per picture. */
export function aiJson(picture: AiPicture): string {
  if (picture.json === undefined) {
    const { train, answers, search } = picture.answers;
    picture.json = `,"aiTrain":"${train.answer}","aiAnswers":"${answers.answer}","aiSearch":"${search.answer}"`;
  }
  return picture.json;
}

/** Pictures kept per file at most; past it they are computed each time (still correct). */
const MAX_PICTURES = 4096;

/** The Content-Usage rules of one set of groups, compiled as allow rules of their paths. */
interface Matcher {
  mine: ContentUsageRule[];
  compiled: CompiledRules;
  /** The last path matched and its answer: the robots of one URL often share their groups. */
  lastPath: string | null;
  lastLine: number;
}

/** A robots.txt that has Content-Signal or Content-Usage lines, parsed for them once. */
export class AiFile {
  private readonly text: string;
  private readonly parsed: RobotsTxt;
  private readonly usageRules: ContentUsageRule[];
  /** By set of groups (their first lines): its Content-Usage rules compiled; null: none. */
  private readonly matchers = new Map<number | string, Matcher | null>();
  /**
   * By robot, set of groups, then the Content-Usage rule that applies (its line; 0 none matches;
   * -1 the path may not be crawled): the pictures given. No string is built per page.
   */
  private readonly pictures = new Map<string, Map<number | string, Map<number, AiPicture>>>();
  private pictureCount = 0;
  /** The last path put in code units: the robots of one URL are judged one after another. */
  private lastPath: string | null = null;
  private lastUnits = '';

  private constructor(text: string, parsed: RobotsTxt) {
    this.text = text;
    this.parsed = parsed;
    this.usageRules = parseContentUsageRules(text, parsed);
  }

  /** The file's AI-usage reader, or null when it has no such line (as the popup decides). */
  static of(text: string, parsed: RobotsTxt): AiFile | null {
    return reportAiSignals(text, parsed, [], null) === null ? null : new AiFile(text, parsed);
  }

  /**
   * The picture for one robot and page, from the engine's verdict for them: what src/ai says for
   * it, computed once for all the pages where the robot has the same groups, crawlability and
   * applicable Content-Usage rules (the picture depends on nothing else without a header).
   */
  picture(robot: string, verdict: Verdict): AiPicture {
    const groups = verdict.reason.groups.lines;
    const key = groups.length === 1 ? (groups[0] as number) : this.keyOf(groups);
    const decided = verdict.allowed ? this.ruleLine(key, groups, verdict.reason.path) : -1;
    let byGroups = this.pictures.get(robot);
    if (byGroups === undefined) {
      byGroups = new Map();
      this.pictures.set(robot, byGroups);
    }
    let byRule = byGroups.get(key);
    if (byRule === undefined) {
      byRule = new Map();
      byGroups.set(key, byRule);
    }
    const known = byRule.get(decided);
    if (known !== undefined) return known;
    const signals = aiSignals(this.text, verdict, null, this.parsed);
    const picture: AiPicture = { robot, signals, answers: aiAnswers(signals) };
    if (this.pictureCount < MAX_PICTURES) {
      byRule.set(decided, picture);
      this.pictureCount++;
    }
    return picture;
  }

  /** Several groups' first lines as one key; the engine gives a robot the same array each time. */
  private readonly keys = new WeakMap<readonly number[], string>();
  private keyOf(groups: readonly number[]): string {
    let key = this.keys.get(groups);
    if (key === undefined) {
      key = groups.join(',');
      this.keys.set(groups, key);
    }
    return key;
  }

  /**
   * Which Content-Usage rules apply to a crawlable path, as src/ai's applicableUsageRules chooses
   * them (attach-05 §3.1, the engine's longest match; rules of the identical path all apply, so
   * the first rule of that path names them): its line, or 0 when none matches. The rules are
   * compiled once per set of groups, not per page: compiling them per page took 6 of the
   * 7 seconds of 200,000 URLs × 3 robots.
   */
  private ruleLine(key: number | string, groups: readonly number[], path: string): number {
    let matcher = this.matchers.get(key);
    if (matcher === undefined) {
      const lines = new Set(groups);
      const mine = this.usageRules.filter((r) => r.groupLine !== null && lines.has(r.groupLine));
      const asRules: Rule[] = mine.map((r) => ({
        type: 'allow',
        value: r.path ?? '',
        line: r.line,
      }));
      matcher =
        mine.length === 0
          ? null
          : { mine, compiled: new CompiledRules(asRules, 'rfc9309'), lastPath: null, lastLine: 0 };
      this.matchers.set(key, matcher);
    }
    if (matcher === null) return 0;
    if (matcher.lastPath === path) return matcher.lastLine;
    if (this.lastPath !== path) {
      this.lastUnits = canonicalUnits(typeof path === 'string' ? path : '/');
      this.lastPath = path;
    }
    const best = matcher.compiled.best(this.lastUnits).allow;
    const value = best === null ? null : best.rule.value;
    const line =
      value === null ? 0 : (matcher.mine.find((r) => (r.path ?? '') === value)?.line ?? 0);
    matcher.lastPath = path;
    matcher.lastLine = line;
    return line;
  }
}
