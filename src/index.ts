// The library's public entry (the npm package's, next): the engine, the crawler profiles, the
// fetch policy, the AI signals and the words layer. Pure: no browser, storage or network calls, so
// it runs the same in Node, a worker or a page. The engine alone stays importable as
// src/robots/index.ts.

/** What a robots.txt (and a Content-Usage header) says about AI use of a URL, for one robot. */
export { type AiSignals, aiSignalsFor } from './ai/signals.ts';
export {
  CRAWLERS,
  type CrawlerProfile,
  type CrawlerPurpose,
  type CrawlerVerdict,
  checkCrawler,
  findCrawler,
  type PageProfile,
  pageProfileOf,
  type RobotVerdicts,
  verdictsFor,
} from './crawlers.ts';
export * from './explain/index.ts';
export { type CombinedRow, type Conflict, combineRow, type PageState } from './page/combined.ts';
export { compareServed, type ServedFinding } from './page/compare.ts';
export {
  DIRECTIVES,
  type Directive,
  type DirectiveName,
  type PageRules,
  parseMetaContent,
  parseXRobotsTag,
} from './page/directives.ts';
export type {
  CanonicalTag,
  DomFacts,
  LinkCounts,
  MetaTag,
  PageFacts,
  ResponseFacts,
} from './page/facts.ts';
export {
  type Canonical,
  judgePage,
  type PageJudgement,
  type PageProblem,
  type PageSource,
  type RobotPage,
} from './page/judge.ts';
export { canonicalLinks } from './page/link-header.ts';
export { parseRobotsDate } from './page/robots-date.ts';
export { ParsedFiles } from './parsed-files.ts';
export {
  expiresAt,
  FETCH_TIMEOUT_MS,
  type FetchFacts,
  type Hop,
  looksLikeHtml,
  MAX_BODY_BYTES,
  MAX_CACHE_MS,
  MAX_REDIRECTS,
  type Outcome,
  outcomeOf,
  type RobotsFetch,
  resolveTestUrl,
  robotsOrigin,
} from './policy.ts';
export { checkRobotName, DEFAULT_ROBOTS, type RobotName } from './robot-names.ts';
export * from './robots/index.ts';
