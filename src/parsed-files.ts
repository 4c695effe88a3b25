// Parsed robots.txt files, kept by their text: the one parse cache of every context (the
// background's badge and verdicts, the popup's views). The engine keeps each file's compiled rule
// sets beside the parsed object, so they live exactly as long as the entry here.
import { parseRobotsTxt, type RobotsTxt } from './robots/index.ts';

/** A least-recently-used map from text to parsed file, bounded in files and in characters. */
export class ParsedFiles {
  private readonly files = new Map<string, RobotsTxt>();
  private chars = 0;
  private readonly maxFiles: number;
  private readonly maxChars: number;

  /** Defaults: 8 files and 4 million characters (eight files at the 500 KiB limit). */
  constructor(maxFiles = 8, maxChars = 4_096_000) {
    this.maxFiles = maxFiles;
    this.maxChars = maxChars;
  }

  /** The parsed file for `text`, parsed now unless it was parsed recently. */
  get(text: string): RobotsTxt {
    const known = this.files.get(text);
    if (known !== undefined) {
      // Map keeps insertion order: re-inserting makes it the most recently used.
      this.files.delete(text);
      this.files.set(text, known);
      return known;
    }
    const parsed = parseRobotsTxt(text);
    this.files.set(text, parsed);
    this.chars += text.length;
    for (const old of this.files.keys()) {
      if (this.files.size <= this.maxFiles && this.chars <= this.maxChars) break;
      if (old === text) continue;
      this.files.delete(old);
      this.chars -= old.length;
    }
    return parsed;
  }

  /** How many files are kept. */
  get size(): number {
    return this.files.size;
  }
}
