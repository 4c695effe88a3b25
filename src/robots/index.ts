// The robots.txt engine's public entry: parse once, then verdicts under three semantics.
export { checkUrl } from './check.ts';
export { DIRECTIVE_SUPPORT, type DirectiveSupport } from './directives.ts';
export { parseRobotsTxt } from './parse.ts';
export { MAX_BYTES, MAX_LINE_BYTES } from './scan-lines.ts';
export {
  type GroupSummary,
  type PathPhrase,
  type Reading,
  type ReadingOf,
  summarizeGroup,
  summarizeRobotsTxt,
} from './summary.ts';
export type * from './types.ts';
export { pathOfUrl } from './url.ts';
export { agentToken, isStarAgent, isValidToken, productToken } from './user-agent.ts';
