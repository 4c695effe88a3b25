// robots.txt from Node (the CLI, scripts, tests). Node's fetch (undici) hands over each 3xx with
// its Location under redirect: 'manual', so the module reads each hop from the response; a
// redirect's target host is looked up before it is requested, so a public site's redirect into a
// private network is never asked, and its connection checks the address again (node-fetch.ts).
import type { FetchFacts } from '../src/policy.ts';
import { requestFor } from './fetch-policy.ts';
import { type FetchLead, type FetchLimits, fetchRobotsTxt } from './fetch-robots.ts';
import type { RequestOptions } from './follow-redirects.ts';
import { NODE_REDIRECTS, nodeFetch } from './node-fetch.ts';

/**
 * Options of fetchRobotsTxtInNode: the policy's limits, a User-Agent (default none), and the URL
 * that led to it (default none: the user's own).
 */
export interface NodeFetchOptions extends FetchLimits, FetchLead {
  /** Sent on every hop. Without it Node's fetch sends its own, `node`. */
  userAgent?: string;
}

/**
 * The policy's request (fetch-policy.ts CRAWLER_REQUEST), with the User-Agent when given. In Node
 * only `cache` changes what is sent (undici has no cookie jar and no document to refer from); the
 * request is the same on the wire as the extension's.
 */
function nodeRequest(userAgent: string | undefined): RequestOptions {
  const request = requestFor('robots');
  return userAgent === undefined ? request : { ...request, headers: { 'user-agent': userAgent } };
}

/** Fetches `robotsUrl` with Node's fetch, following each redirect itself; never throws. */
export function fetchRobotsTxtInNode(
  robotsUrl: string,
  options: NodeFetchOptions = {},
): Promise<FetchFacts> {
  const { userAgent, ...limits } = options;
  return fetchRobotsTxt(robotsUrl, {
    ...limits,
    fetch: nodeFetch,
    redirects: NODE_REDIRECTS,
    request: nodeRequest(userAgent),
  });
}
