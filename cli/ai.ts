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
import type { UsageRuleDecision, UsageRuleMatcher } from '../src/ai/content-usage.ts';
import { reportAiSignals } from '../src/ai/report.ts';
import { type AiSignals, AiSignalsReader } from '../src/ai/signals.ts';
import { type AiAnswers, aiAnswers, type ExplainedAi, explainAi } from '../src/explain/ai.ts';
import type { RobotsTxt, Translator, Verdict } from '../src/index.ts';
import { canonicalUnits } from '../src/robots/encoding.ts';

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

/** One robot's last set of groups, their compiled Content-Usage rules, and its pictures. */
interface RobotPictures {
  groups: readonly number[] | null;
  matcher: UsageRuleMatcher | null;
  pictures: Map<UsageRuleDecision, AiPicture>;
  /** The last picture given and its decision: most pages of a site give the one before's. */
  lastDecision: UsageRuleDecision | null;
  lastPicture: AiPicture | null;
}

/** A robots.txt that has Content-Signal or Content-Usage lines, parsed for them once. */
export class AiFile {
  private readonly reader: AiSignalsReader;
  /**
   * By robot: its last set of groups (the engine gives a robot the same array each time) and their
   * compiled rules, and its pictures by the Content-Usage decision that applies (each matcher's
   * decisions are its own objects, so a decision also names the set of groups and whether the
   * robot may crawl). No string is built per page.
   */
  private readonly robots = new Map<string, RobotPictures>();
  private pictureCount = 0;
  /** The last path put in code units: the robots of one URL are judged one after another. */
  private lastPath: string | null = null;
  private lastUnits = '';

  private constructor(text: string, parsed: RobotsTxt) {
    this.reader = new AiSignalsReader(text, parsed);
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
    let mine = this.robots.get(robot);
    if (mine === undefined) {
      mine = {
        groups: null,
        matcher: null,
        pictures: new Map(),
        lastDecision: null,
        lastPicture: null,
      };
      this.robots.set(robot, mine);
    }
    const groups = verdict.reason.groups.lines;
    let matcher = mine.matcher;
    if (mine.groups !== groups || matcher === null) {
      matcher = this.reader.matcher(groups);
      mine.groups = groups;
      mine.matcher = matcher;
    }
    const decision = verdict.allowed
      ? this.applicable(matcher, verdict.reason.path)
      : matcher.notCrawlable;
    if (decision === mine.lastDecision && mine.lastPicture !== null) return mine.lastPicture;
    const known = mine.pictures.get(decision);
    if (known !== undefined) {
      mine.lastDecision = decision;
      mine.lastPicture = known;
      return known;
    }
    const signals = this.reader.signalsFor(verdict, null, decision);
    const picture: AiPicture = { robot, signals, answers: aiAnswers(signals) };
    if (this.pictureCount < MAX_PICTURES) {
      mine.pictures.set(decision, picture);
      this.pictureCount++;
    }
    mine.lastDecision = decision;
    mine.lastPicture = picture;
    return picture;
  }

  /**
   * Which Content-Usage rules apply to a crawlable path (src/ai's UsageRuleMatcher, compiled once
   * per set of groups: compiling them per page took 6 of the 7 seconds of 200,000 URLs × 3
   * robots), the path put in code units once for all the robots of a URL.
   */
  private applicable(matcher: UsageRuleMatcher, path: string): UsageRuleDecision {
    if (matcher.rules.length === 0) return matcher.noMatch;
    if (this.lastPath !== path) {
      this.lastUnits = canonicalUnits(typeof path === 'string' ? path : '/');
      this.lastPath = path;
    }
    return matcher.applicableToUnits(this.lastUnits);
  }
}
