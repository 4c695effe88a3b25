// A robots.txt over 500 KiB on the command line (issue 41): crawlers read its first 512,000 bytes
// and ignore the rest (RFC 9309 §2.5; Google: "Content which is after the maximum file size is
// ignored"), so a rule past the cut changes no verdict. Each record of such a file carries the
// cut, stderr tells it once per file, and --fail-on-cut makes it fail a CI job. What lies past
// the cut and its words are the popup's (src/policy.ts PastCut, src/explain/outcomes.ts).
import { pastCutGroupsText, pastCutRobots, truncatedText } from '../src/explain/outcomes.ts';
import type { Translator } from '../src/index.ts';
import type { Source } from './sources.ts';

/**
 * What a record says of its robots.txt's cut: the file's size in bytes (its real size when
 * `ended`, else a lower bound) and the run's robots, then `*`, whose groups start past the cut.
 */
export interface Cut {
  bytes: number;
  ended: boolean;
  robots: string[];
}

/** The cut of a source judged for `agents`, or null when it was read whole. */
export function cutOf(source: Source, agents: readonly string[]): Cut | null {
  if (source.kind !== 'ok' || (source.cut == null && !source.parsed.truncated)) return null;
  const past = source.cut ?? null;
  return {
    bytes: past?.bytes ?? source.parsed.bytesRead,
    ended: past?.ended ?? false,
    robots: pastCutRobots(past, agents),
  };
}

/** The cut in the popup's words: the file's size, then the robots whose groups lie past it. */
export function cutText(cut: Cut, t: Translator): string {
  const size = truncatedText({ bytes: cut.bytes, ended: cut.ended, agents: [] }, t);
  const groups = pastCutGroupsText(cut.robots, t);
  return groups === null ? size : `${size} ${groups}`;
}

/** The csv columns of a cut: its size, whether that is its real size, the robots past it. */
export const CUT_COLUMNS = ['cutBytes', 'cutEnded', 'cutRobots'] as const;

/**
 * The cut as csv fields named `columns` (default CUT_COLUMNS; diff's carry Before and After), the
 * robots joined by " | "; empty for a file read whole.
 */
export function cutColumns(
  cut: Cut | null | undefined,
  columns: readonly [string, string, string] = CUT_COLUMNS,
): Record<string, string> {
  const [bytes, ended, robots] = columns;
  return {
    [bytes]: cut == null ? '' : String(cut.bytes),
    [ended]: cut == null ? '' : String(cut.ended),
    [robots]: cut == null ? '' : cut.robots.join(' | '),
  };
}

/**
 * Tells each cut file once on stderr, named by where it was read, and remembers whether any was
 * (--fail-on-cut).
 */
export class CutTeller {
  private readonly told = new Set<string>();
  private readonly warn: (message: string) => void;
  private readonly t: Translator;

  constructor(warn: (message: string) => void, t: Translator) {
    this.warn = warn;
    this.t = t;
  }

  /** Whether a cut file was met. */
  get any(): boolean {
    return this.told.size > 0;
  }

  /** Tells `cut` of the file read at `place`, the first time that file is met. */
  tell(place: string, cut: Cut | null): void {
    if (cut === null || this.told.has(place)) return;
    this.told.add(place);
    this.warn(`${place}: ${cutText(cut, this.t)}`);
  }
}

/** cutOf for one run's robots, computed once per source. */
export function cutsFor(agents: readonly string[]): (source: Source) => Cut | null {
  const known = new WeakMap<Source, Cut | null>();
  return (source) => {
    let cut = known.get(source);
    if (cut === undefined) {
      cut = cutOf(source, agents);
      known.set(source, cut);
    }
    return cut;
  };
}
