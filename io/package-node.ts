// The npm package's Node entry, `robots-lens/node`: robots.txt fetched the way the extension and
// the command line fetch it (io/fetch-policy.ts: no cookies, no cache, each redirect followed and
// recorded, at most 5, never from a public address into a private network; 500 KiB and 15 s), so
// a library user needs no fetcher of their own. What the answer means for crawling is the main
// entry's `outcomeOf` (RFC 9309 §2.3.1). And the facts of an HTML page (its robots meta tags,
// canonical links and base URL) read from its text as the HTML standard's tree would hold them,
// for the main entry's `judgePage`.

import type { FetchFacts, Outcome } from '../src/policy.ts';
import { outcomeOf, robotsOrigin } from '../src/policy.ts';
import { fetchRobotsTxtInNode, type NodeFetchOptions } from './fetch-robots-node.ts';

export type { NodeFetchOptions } from './fetch-robots-node.ts';
export { HtmlFactsReader, htmlFacts } from './html-facts.ts';

/**
 * Fetches the robots.txt at `robotsUrl` (for example `https://example.com/robots.txt`) with
 * Node's fetch, as a crawler does. Never throws: a failure is in the facts.
 */
export function fetchRobotsTxt(
  robotsUrl: string,
  options: NodeFetchOptions = {},
): Promise<FetchFacts> {
  return fetchRobotsTxtInNode(robotsUrl, options);
}

/**
 * The robots.txt that governs `pageUrl`, fetched and classified: 'ok' with its text, 'unavailable'
 * (a 4xx: every URL may be crawled) or 'unreachable' (a 5xx or a network failure: none may).
 * Null when robots.txt does not apply to the URL (not http or https). Never throws.
 */
export async function robotsTxtFor(
  pageUrl: string,
  options: NodeFetchOptions = {},
): Promise<{ robotsUrl: string; outcome: Outcome } | null> {
  const origin = robotsOrigin(pageUrl);
  if (origin === null) return null;
  const robotsUrl = `${origin}/robots.txt`;
  return { robotsUrl, outcome: outcomeOf(await fetchRobotsTxt(robotsUrl, options)) };
}
