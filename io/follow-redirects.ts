// How every fetch of the tool reaches its answer, under the one policy of fetch-policy.ts:
// robots.txt, a page as served, a sitemap and each sitemap an index lists. Redirects are followed
// one by one, each hop requested with redirect: 'manual', so the checks run BEFORE a target is
// requested: a redirect past the policy's limit (5), a loop, and the private-network rule. Where
// the platforms differ is how a hop's Location is read: Node hands each 3xx over with its headers,
// a browser returns an opaque redirect and webRequest reports the status, the Location and the
// server's address (the hop observer).
//
// The private-network rule (issue 15, item 9; issue 27): a URL the user gave is requested wherever
// it is, but a URL a public address leads to (a redirect's Location, a sitemap index's <loc>) is
// never requested in a private network (loopback, localhost, the LAN, link-local: the classes of
// src/addresses.ts): following it would be a blind request into the user's own network on a
// site's behalf. A site the user reaches on their own machine or network may lead within it, which
// is also how the tests reach their servers on 127.0.0.1: no option turns the rule off.
import { hostScope, isPrivateAddress } from '../src/addresses.ts';
import type { Hop } from '../src/policy.ts';
import { FETCH_POLICY } from './fetch-policy.ts';

/** The statuses fetch follows (Fetch standard, "redirect status"); any other 3xx is final. */
const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

/** One redirect: the URL that answered, where it sends the crawler, with which status. */
export interface RedirectEvent {
  from: string;
  to: string;
  status: number;
}

/** What the browser reported of one of our requests once the server answered (webRequest). */
export interface HopReport {
  status: number;
  /** The Location header as sent (maybe relative), or the redirect URL the browser resolved. */
  location: string | null;
  /** The address of the server that answered, when the browser said. */
  ip: string | null;
}

/** One watched request: its report, and the end of the watch. */
export interface HopWatch {
  /**
   * What the browser reported once the server answered the request; null when no report will
   * come (the watch stopped, or the observer hears of no request). No time limit of its own:
   * Firefox reports a request after fetch resolved, later still under load, so the exchange's
   * deadline is the only limit (issue 41: a fixed 2 s wait made a late report a lost file).
   */
  answered(): Promise<HopReport | null>;
  stop(): void;
}

/**
 * The browser answered `url` (an opaque redirect, or an answer whose address the private-network
 * rule needs) but never reported it within the exchange's deadline: what the server said is not
 * known. Not a network error and not the server's failure: the browser did not tell.
 */
export class HopUnreported extends Error {
  readonly url: string;

  constructor(url: string) {
    super(`the browser did not report the answer of ${url}`);
    this.name = 'HopUnreported';
    this.url = url;
  }
}

/** Reports on the extension's own requests; RedirectWatchers is the extension's. */
export interface HopObserver {
  /** Watches the next request made for `url` (call it before making the request). */
  watch(url: string): HopWatch;
}

/** The addresses a host name resolves to (Node's dns.lookup); [] when unknown. */
export type LookupAddresses = (hostname: string) => Promise<readonly string[]>;

/**
 * How a hop's status and Location are read: 'observed' (browsers) from the hop observer when fetch
 * answers with an opaque redirect; 'manual' (Node) from the response, and `lookup`, when given,
 * resolves a target's name before it is requested so a private one is never asked. A name is
 * resolved again to connect: `fetchLed`, when given, requests a name a public address led to
 * through a connection whose own lookup refuses a private answer (Node: io/node-fetch.ts), so a
 * name that answers public first and private next (DNS rebinding) is refused at connect time.
 */
export type RedirectStrategy =
  | { kind: 'observed'; observer: HopObserver }
  | { kind: 'manual'; lookup?: LookupAddresses; fetchLed?: typeof fetch };

/**
 * The `code` of the error a connection fails with when its own lookup finds a private address
 * for a name a public address led to (io/node-fetch.ts): the private-address outcome, not a
 * network error.
 */
export const PRIVATE_ANSWER_REFUSED = 'ERR_ROBOTS_LENS_PRIVATE_ANSWER';

/** Whether `error`, or an error it was caused by, is a connection refused PRIVATE_ANSWER_REFUSED. */
function isPrivateAnswerRefused(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++)
    if ((e as { code?: unknown }).code === PRIVATE_ANSWER_REFUSED) return true;
  return false;
}

/** Request options for every hop; `signal` and `redirect` are the module's own. */
export type RequestOptions = Omit<RequestInit, 'signal' | 'redirect'>;

/** What followRedirects works with. */
export interface FollowDeps {
  fetch: typeof fetch;
  redirects: RedirectStrategy;
  request: RequestOptions;
  /**
   * The URL whose content named the start (the sitemap index that lists it): the start is then
   * checked as a redirect's target would be. Absent: the user's own URL, requested wherever it is.
   */
  ledFrom?: string;
}

/** Where a chain of redirects ended: the final answer, or why it stopped before a request. */
export type Followed =
  | {
      kind: 'answer';
      response: Response;
      /** The status the server gave (an opaque response says 0). */
      status: number;
      /** The URL that answered. */
      url: string;
    }
  | { kind: 'too-many-redirects' | 'redirect-loop' }
  /** A public address led into a private network: `target` was not requested, or not used. */
  | { kind: 'private-address'; target: string };

/** The redirects of one fetch, in order, with the limit and the loop check (RFC 9309 §2.3.1.2). */
export class RedirectChain {
  readonly hops: Hop[] = [];
  /** The URL the chain has reached: where the body comes from. */
  end: string;
  /** Redirects followed at most: the policy's, or fewer (a test's). */
  readonly maxRedirects: number;
  private readonly visited: Set<string>;

  /**
   * A chain from `start` that stops at redirect number `maxRedirects + 1` (default the policy's 5,
   * FETCH_POLICY.maxRedirects). A higher limit is a programmer's error: no kind of request follows
   * more than the policy allows.
   */
  constructor(start: string, maxRedirects: number = FETCH_POLICY.maxRedirects) {
    if (
      !Number.isInteger(maxRedirects) ||
      maxRedirects < 0 ||
      maxRedirects > FETCH_POLICY.maxRedirects
    ) {
      throw new RangeError(
        `RedirectChain: maxRedirects = ${maxRedirects} (0 to ${FETCH_POLICY.maxRedirects})`,
      );
    }
    this.end = start;
    this.visited = new Set([start]);
    this.maxRedirects = maxRedirects;
  }

  /** Records one hop; says why the chain ends there, or null when its target may be requested. */
  add({ from, to, status }: RedirectEvent): 'redirect-loop' | 'too-many-redirects' | null {
    this.hops.push({ url: from, status });
    this.end = to;
    const isLoop = this.visited.has(to);
    this.visited.add(to);
    if (isLoop) return 'redirect-loop';
    // §2.3.1.2: crawlers follow at least five redirects and may then give up: every kind of
    // request stops at the 6th (fetch-policy.ts), its target never asked.
    if (this.hops.length > this.maxRedirects) return 'too-many-redirects';
    return null;
  }
}

/** Rejects once `signal` aborts: races a wait that the deadline must end. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * Whether `url`, answered from `ip` (null when unknown), is a public address: a site the user
 * reaches on their own machine or network may lead within it. In Node the address that answered is
 * not known: a host name is looked up (`lookup`), so an intranet name (intranet.corp → 10.0.0.5)
 * may lead within its network as 10.0.0.5 itself may.
 */
async function isPublic(
  url: string,
  ip: string | null,
  lookup: LookupAddresses | undefined,
  signal: AbortSignal,
): Promise<boolean> {
  const { hostname } = new URL(url);
  const scope = hostScope(hostname);
  if (scope === 'private') return false;
  if (ip !== null) return !isPrivateAddress(ip);
  if (scope !== 'name' || lookup === undefined) return true;
  const resolved = await untilAborted(
    lookup(hostname).catch(() => []), // unresolvable: nothing says it is private
    signal,
  );
  return !resolved.some(isPrivateAddress);
}

/**
 * The private-network rule for one step from `from` (answered from `ip`) to `target`: 'private'
 * when the target is known to be in a private network (by its URL, or by `lookup` in Node), so it
 * is never requested; 'check-answer' for a name whose address is known only once it answers (the
 * browser reports it); 'allowed' otherwise, and always when `from` is not public.
 */
async function privateNetworkRule(
  from: string,
  ip: string | null,
  target: URL,
  strategy: RedirectStrategy,
  signal: AbortSignal,
): Promise<'private' | 'check-answer' | 'allowed'> {
  const lookup = strategy.kind === 'manual' ? strategy.lookup : undefined;
  if (!(await isPublic(from, ip, lookup, signal))) return 'allowed';
  const scope = hostScope(target.hostname);
  if (scope !== 'name') return scope === 'private' ? 'private' : 'allowed';
  if (lookup !== undefined) {
    const resolved = await untilAborted(
      lookup(target.hostname).catch(() => []), // unresolvable: the fetch itself will fail
      signal,
    );
    if (resolved.some(isPrivateAddress)) return 'private';
  }
  return 'check-answer';
}

/**
 * Requests `chain.end` with redirect: 'manual' and follows each Location, resolved against the URL
 * that answered, recording each hop in `chain` BEFORE its target is requested, so a loop, a
 * redirect past the limit or a private target (privateNetworkRule) ends the chain without another
 * request. A name that answers from a private address after a public one is not used (its body is
 * cancelled). Rejects with fetch's error (a network error, or `signal`'s abort: the deadline), or
 * with HopUnreported when the server answered in time but the browser's report of it never came.
 */
export async function followRedirects(
  chain: RedirectChain,
  deps: FollowDeps,
  signal: AbortSignal,
): Promise<Followed> {
  const { fetch: fetchFn, redirects: strategy, request } = deps;
  let url = chain.end;
  // Set when a public address led to a host name: its address is checked once it answers.
  let checkAddress = false;
  if (deps.ledFrom !== undefined) {
    const rule = await privateNetworkRule(deps.ledFrom, null, new URL(url), strategy, signal);
    if (rule === 'private') return { kind: 'private-address', target: url };
    checkAddress = rule === 'check-answer';
  }
  for (;;) {
    const watch = strategy.kind === 'observed' ? strategy.observer.watch(url) : null;
    let status: number;
    let location: string | null;
    let ip: string | null = null;
    let response: Response;
    // A name a public address led to, in Node: its connection checks the address it connects to.
    const hopFetch =
      checkAddress && strategy.kind === 'manual' ? (strategy.fetchLed ?? fetchFn) : fetchFn;
    try {
      response = await hopFetch(url, { ...request, signal, redirect: 'manual' });
      status = response.status;
      location = response.headers.get('location');
      if (watch !== null && (response.type === 'opaqueredirect' || checkAddress)) {
        // A browser hides a redirect's status and Location from fetch: webRequest tells them,
        // however late, within the deadline that covers the whole exchange. The deadline ending
        // here is not the server's doing: it answered, the report did not come.
        const report = await untilAborted(watch.answered(), signal).catch((error: unknown) => {
          throw signal.aborted ? new HopUnreported(url) : error;
        });
        if (report === null && response.type === 'opaqueredirect') throw new HopUnreported(url);
        if (report !== null) {
          ip = report.ip;
          if (response.type === 'opaqueredirect') ({ status, location } = report);
        }
      }
    } catch (error) {
      if (hopFetch !== fetchFn && isPrivateAnswerRefused(error))
        return { kind: 'private-address', target: url };
      throw error;
    } finally {
      watch?.stop();
    }
    if (checkAddress && ip !== null && isPrivateAddress(ip)) {
      // Asked already (a name is resolved only by connecting): its answer is not used.
      await response.body?.cancel().catch(() => {}); // ended already: nothing of it is read
      return { kind: 'private-address', target: url };
    }
    // A 3xx without Location (or not a redirect status) is the final response; the robots.txt
    // policy reads an unfollowed redirect as unavailable (§2.3.1.3).
    if (!REDIRECT_STATUSES.has(status) || location === null) {
      return { kind: 'answer', response, status, url };
    }
    // Only the status and Location matter: release the connection. A failed cancel (the body
    // already ended) cannot matter: nothing of it is read.
    await response.body?.cancel().catch(() => {}); // ended already: nothing of it is read
    // An unparsable Location throws a TypeError: a network error, as in a browser's fetch.
    const target = new URL(location, url);
    if (target.protocol !== 'http:' && target.protocol !== 'https:') {
      throw new TypeError(`redirect to a non-HTTP URL: ${target.protocol}`);
    }
    const stop = chain.add({ from: url, to: target.href, status });
    if (stop !== null) return { kind: stop };
    const rule = await privateNetworkRule(url, ip, target, strategy, signal);
    if (rule === 'private') return { kind: 'private-address', target: target.href };
    checkAddress = rule === 'check-answer';
    url = target.href;
  }
}
