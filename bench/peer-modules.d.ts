// Types for the peers that ship none, as far as the bench uses them (read from their sources).

declare module 'robots-txt-parse' {
  import type { Readable } from 'node:stream';

  export interface ParseResult {
    groups: { agents: string[]; rules: { rule: string; path: string }[] }[];
    extensions: { extension: string; value: string }[];
  }
  /** Reads robots.txt from a stream (split2 and two object-mode transforms); no synchronous form. */
  export default function parse(content: Readable): Promise<ParseResult>;
}

declare module 'robots-txt-guard' {
  import type { ParseResult } from 'robots-txt-parse';

  export interface Guard {
    /** `path` is the URL's path and query: rules are anchored at its start. */
    isAllowed(userAgent: string, path: string): boolean;
    isDisallowAll(userAgent: string): boolean;
    isIndexable(userAgent: string, path: string): boolean;
  }
  export default function makeGuard(config: Pick<ParseResult, 'groups'>): Guard;
}

declare module 'robots-txt-parser' {
  export interface Robots {
    /** Parses `content` and caches it under `url`'s origin, which becomes the active file. */
    parseRobots(url: string, content: string): void;
    /** Checks against the active file for the current user agent. */
    canCrawlSync(url: string): boolean;
    setUserAgent(userAgent: string): void;
    setAllowOnNeutral(allow: boolean): void;
  }
  export default function robotsTxtParser(opts?: {
    userAgent?: string;
    allowOnNeutral?: boolean;
    timeout?: number;
  }): Robots;
}
