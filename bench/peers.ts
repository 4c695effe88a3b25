// The npm libraries npm run bench measures beside robots-lens, each called as its README and
// sources show, synchronously where it can be. Each one's parse is what a caller must run to get
// an object it can check URLs against; each one's check is one URL for one robot.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import robotsParser from 'robots-parser';
import makeGuard from 'robots-txt-guard';
import parseStream from 'robots-txt-parse';
import robotsTxtParser from 'robots-txt-parser';
import { ORIGIN } from './fixtures.ts';

export interface Peer {
  /** Package name and installed version, e.g. `robots-parser 3.0.1`. */
  name: string;
  /** What `check` passes the library: the whole URL or its path and query. */
  input: 'URL' | 'path';
  /** True when the library parses only from a stream, so `parse` returns a promise. */
  async: boolean;
  parse: (text: string) => unknown;
  check: (parsed: unknown, agent: string, url: string, path: string) => boolean;
  /** A note printed under the tables, or ''. */
  note: string;
}

/** The version installed in node_modules (the bundled bench runs from out/, a sibling of it). */
export function versionOf(pkg: string): string {
  const file = join(import.meta.dirname ?? '.', '../node_modules', pkg, 'package.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

/** Types each library's parsed object once, then erases it so the peers fit one list. */
function peer<T>(p: {
  name: string;
  input: 'URL' | 'path';
  async: boolean;
  parse: (text: string) => T;
  check: (parsed: Awaited<T>, agent: string, url: string, path: string) => boolean;
  note?: string;
}): Peer {
  return {
    ...p,
    check: p.check as Peer['check'],
    note: p.note ?? '',
  };
}

export const PEERS: Peer[] = [
  peer({
    name: `robots-parser ${versionOf('robots-parser')}`,
    input: 'URL',
    async: false,
    parse: (text) => robotsParser(`${ORIGIN}/robots.txt`, text),
    // undefined when the URL is on another origin: never here.
    check: (robots, agent, url) => robots.isAllowed(url, agent) !== false,
  }),
  peer({
    name: `robots-txt-guard ${versionOf('robots-txt-guard')} + robots-txt-parse ${versionOf('robots-txt-parse')}`,
    input: 'path',
    async: true,
    // The guard takes an object robots-txt-parse makes, and robots-txt-parse reads only a stream.
    parse: async (text) => makeGuard(await parseStream(Readable.from([text]))),
    check: (guard, agent, _url, path) => guard.isAllowed(agent, path),
    note: 'robots-txt-parse reads only a stream (split2, then two object-mode transforms): its parse is timed in an async loop, each run awaited before the next, the string handed over as one chunk (Readable.from([text])); guard() itself is synchronous and its time is part of the row.',
  }),
  peer({
    name: `robots-txt-parser ${versionOf('robots-txt-parser')}`,
    input: 'path',
    async: false,
    parse: (text) => {
      const robots = robotsTxtParser();
      robots.parseRobots(ORIGIN, text); // synchronous; fetch() and useRobotsFor() are the async ways
      return robots;
    },
    // One instance holds one current robot: setUserAgent is part of each check.
    check: (robots, agent, _url, path) => {
      robots.setUserAgent(agent);
      return robots.canCrawlSync(path);
    },
    note: "robots-txt-parser's rules are unanchored RegExps tested against what canCrawlSync is given: it gets the path, as its own tests pass it (its README passes whole URLs, where `Disallow: //` matches every https:// URL).",
  }),
];
