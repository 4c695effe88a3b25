// The library's public entry, the npm package `robots-lens`: what a user of the library needs, and
// no more. Pure: no browser, storage or network calls, so it runs the same in Node, a worker or a
// page. The engine alone stays importable as src/robots/index.ts (`robots-lens/engine`); Node's
// fetching is `robots-lens/node` (io/package-node.ts). The extension and the command line import
// the modules themselves: what is not named here is internal and may change.

// What a site says about AI use of a URL (Cloudflare's Content-Signal, IETF aipref Content-Usage).
export { type AiSignals, aiSignalsFor } from './ai/signals.ts';

// Known crawlers: each one's vendor reading, fallback tokens and page-tag names; the default list.
export {
  CRAWLERS,
  type CrawlerProfile,
  type CrawlerPurpose,
  type CrawlerVerdict,
  checkCrawler,
  findCrawler,
  type PageCombining,
  type PageProfile,
  pageProfileOf,
  type RobotVerdicts,
  verdictsFor,
} from './crawlers.ts';
// Every result in words, in English, Spanish, Russian or Thai.
export { type Badge, badgeFor } from './explain/badge.ts';
export { LANGUAGES, type Language, translatorFor } from './explain/catalogues.ts';
export { diagnosticText, severityText } from './explain/diagnostics.ts';
export { type ExportRow, verdictTableCsv, verdictTableText } from './explain/exports.ts';
export { printableText } from './explain/formats.ts';
export { type Headline, headlineFor } from './explain/headline.ts';
export { outcomeText } from './explain/outcomes.ts';
export { type ExplainedPage, explainPage } from './explain/page.ts';
export { summaryOverview, summarySentences } from './explain/summaries.ts';
export {
  type Lookup,
  lookupIn,
  type MessageKey,
  type Messages,
  type Translator,
  translator,
} from './explain/translator.ts';
export {
  type ExplainedVerdict,
  explainVerdict,
  explainVerdicts,
  type VerdictState,
  whyText,
} from './explain/verdicts.ts';
// What a page says about itself (meta robots, X-Robots-Tag, canonical), judged per robot, and
// combined with robots.txt into one answer.
export { type CombinedRow, type Conflict, combineRow, type PageState } from './page/combined.ts';
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
  type PageConflict,
  type PageJudgement,
  type PageProblem,
  type PageSource,
  type RobotPage,
} from './page/judge.ts';
export { canonicalLinks } from './page/link-header.ts';
export { parseRobotsDate } from './page/robots-date.ts';
// How a crawler treats a robots.txt fetch: which origin's file governs a URL, what a status or a
// failure means (RFC 9309 §2.3.1), how long a copy stays fresh.
export {
  expiresAt,
  FETCH_TIMEOUT_MS,
  type FetchFacts,
  type Hop,
  MAX_BODY_BYTES,
  MAX_CACHE_MS,
  MAX_REDIRECTS,
  type Outcome,
  outcomeOf,
  type RobotsFetch,
  robotsOrigin,
} from './policy.ts';
export { checkRobotName, DEFAULT_ROBOTS, type RobotName } from './robot-names.ts';
// The robots.txt engine: parse once, then verdicts under three readings (Google's parser, RFC
// 9309, the 1994 standard), with the deciding line and the file's diagnostics.
export * from './robots/index.ts';
