// The words layer: every result of the library in words, through a translator. The popup, the
// options page, the badge and the command line all say things this way, in four languages.
export { BADGE_COLORS, type Badge, badgeFor, emptyBadge } from './badge.ts';
export { diagnosticText, severityText, supportText } from './diagnostics.ts';
export { type ExportRow, verdictTableCsv, verdictTableText } from './exports.ts';
export { errorCodeOf, errorCodeText, refusalText } from './failures.ts';
export {
  ageText,
  bytesText,
  listText,
  messageParts,
  printableText,
  ruleText,
  sizeText,
  statusText,
  vendorText,
} from './formats.ts';
export { type Headline, headlineFor } from './headline.ts';
export {
  noReportText,
  type OutcomeSource,
  outcomeSource,
  outcomeText,
  pastCutText,
  retryAfterText,
} from './outcomes.ts';
export {
  dateText,
  type ExplainedPage,
  explainPage,
  honouredByText,
  meaningText,
  pageConflictText,
  pageProblemSeverity,
  pageProblemText,
  pageReadingText,
  pageReadText,
  servedFindingText,
  sourceText,
} from './page.ts';
export {
  fileSummaries,
  groupSentence,
  isBigFile,
  phraseText,
  readingOf,
  summaryLead,
  summaryNotes,
  summaryOverview,
  summarySentences,
} from './summaries.ts';
export {
  type CatalogueSource,
  type Lookup,
  loadTranslator,
  lookupIn,
  type MessageKey,
  type Messages,
  type Translator,
  translator,
} from './translator.ts';
export {
  type Blanket,
  draftSummaryText,
  type ExplainedVerdict,
  explainBlanket,
  explainVerdict,
  explainVerdicts,
  nameCutText,
  noteText,
  otherReadingsText,
  quotedNameText,
  type VerdictState,
  whyText,
} from './verdicts.ts';
