// The extension's robots.txt fetch. A browser's fetch with redirect: 'manual' returns an opaque
// redirect without status or Location, so each hop is fetched that way and webRequest reports its
// status, Location and server address by the browser's request id (RedirectWatchers), including
// Firefox's events that arrive after fetch has resolved. The request is the one policy's
// (fetch-policy.ts): no cookies, no HTTP cache, no referrer.
import type { ObservedFacts } from '../src/policy.ts';
import { requestFor } from './fetch-policy.ts';
import { type FetchLimits, fetchRobotsTxtObserved } from './fetch-robots.ts';
import type { HopObserver } from './follow-redirects.ts';

/** Options of fetchRobotsTxtInBrowser: the policy's limits, a fetch (default the global one). */
export interface BrowserFetchOptions extends FetchLimits {
  fetch?: typeof fetch;
}

/**
 * Fetches `robotsUrl` from the extension, each hop reported by `observer`; never throws. A hop the
 * browser never reported is asked once more, with a deadline of its own, before 'hop-unreported'
 * stands: a missed report is the browser's, and the next exchange is reported as a rule.
 */
export async function fetchRobotsTxtInBrowser(
  robotsUrl: string,
  observer: HopObserver,
  options: BrowserFetchOptions = {},
): Promise<ObservedFacts> {
  // Called as deps.fetch(…), the bare global fetch would get `this` = deps: "Illegal invocation".
  const { fetch: fetchFn = (input, init) => fetch(input, init), ...limits } = options;
  const fetchOnce = () =>
    fetchRobotsTxtObserved(robotsUrl, {
      ...limits,
      fetch: fetchFn,
      redirects: { kind: 'observed', observer },
      request: requestFor('robots'),
    });
  const facts = await fetchOnce();
  return facts.kind === 'hop-unreported' ? fetchOnce() : facts;
}
