// Fetches one /robots.txt the way crawlers do (RFC 9309 §2.3): at most 500 KiB of body, 15 s for
// the whole response, at most five redirects, loops detected, and never a redirect from a public
// address into a private network. Redirects are followed one by one, each hop requested with
// redirect: 'manual', so a sixth redirect, a loop or a private target is never requested. Where the
// platforms differ is how a hop's Location is read: Node hands each 3xx over with its headers, a
// browser returns an opaque redirect and webRequest reports the status, the Location and the
// server's address (the hop observer). The request options that keep cookies and HTTP caches out
// are each platform's too: fetch-robots-browser.ts, fetch-robots-node.ts.
import { hostScope, isPrivateAddress } from '../src/addresses.ts';
import {
  FETCH_TIMEOUT_MS,
  type FetchFacts,
  type Hop,
  MAX_BODY_BYTES,
  MAX_REDIRECTS,
} from '../src/policy.ts';

/**
 * How long to wait for the browser's report of a request it has not even said it started (Firefox
 * reports a request after fetch has resolved); once it has, the wait lasts until it answers.
 */
const UNSEEN_REQUEST_MS = 2000;

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
   * What the browser reported once the server answered the request; null when the browser has not
   * said it started the request `unseenMs` after this call.
   */
  answered(unseenMs: number): Promise<HopReport | null>;
  stop(): void;
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
 * resolves a redirect's target before it is requested so a private one is never asked.
 */
export type RedirectStrategy =
  | { kind: 'observed'; observer: HopObserver }
  | { kind: 'manual'; lookup?: LookupAddresses };

/** Overrides of the policy's limits, for tests: each defaults to its constant in src/policy.ts. */
export interface FetchLimits {
  /** Default FETCH_TIMEOUT_MS, for every hop and the body together. */
  timeoutMs?: number;
  /** Default MAX_BODY_BYTES (RFC 9309 §2.5). */
  maxBytes?: number;
  /** Default MAX_REDIRECTS (RFC 9309 §2.3.1.2). */
  maxRedirects?: number;
}

/** Request options for every hop; `signal` and `redirect` are the module's own. */
export type RequestOptions = Omit<RequestInit, 'signal' | 'redirect'>;

/** What fetchRobotsTxt works with: a fetch, a redirect strategy, request options (default none). */
export interface FetchDeps extends FetchLimits {
  fetch: typeof fetch;
  redirects: RedirectStrategy;
  request?: RequestOptions;
}

type StopReason = 'timeout' | 'too-many-redirects' | 'redirect-loop' | 'private-address';

/** The redirects of one fetch, in order, with the checks of RFC 9309 §2.3.1.2. */
class RedirectChain {
  readonly hops: Hop[] = [];
  /** The URL the chain has reached: where the body comes from. */
  end: string;
  private readonly visited: Set<string>;
  private readonly maxRedirects: number;

  constructor(start: string, maxRedirects: number) {
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
    // §2.3.1.2: crawlers follow at least five redirects and may then give up: we stop at the 6th.
    if (this.hops.length > this.maxRedirects) return 'too-many-redirects';
    return null;
  }
}

/** Reads at most `maxBytes` of the body; says whether there was more. Shared with fetch-page.ts. */
export async function readCapped(
  response: Response,
  maxBytes: number,
): Promise<{ bytes: Uint8Array; truncated: boolean }> {
  const reader = response.body?.getReader();
  if (reader === undefined) return { bytes: new Uint8Array(0), truncated: false };
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.byteLength > maxBytes) {
      chunks.push(value.subarray(0, maxBytes - size));
      size = maxBytes;
      truncated = true;
      // A 1 GB body costs 500 KiB: stop the transfer here. A cancel that fails (the stream already
      // errored or closed) changes nothing: the bytes we keep are read.
      await reader.cancel().catch(() => {});
      break;
    }
    chunks.push(value);
    size += value.byteLength;
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return { bytes, truncated };
}

/** The final response of a chain, with the status the server gave (an opaque one says 0). */
interface Answer {
  response: Response;
  status: number;
  /** The URL that answered. */
  url: string;
}

/** Rejects once `signal` aborts: races a wait that the deadline or a stop must end. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * Whether a redirect from `url`, answered from `ip` (null when unknown), leaves a public address:
 * a site the user reaches on their own machine or network may redirect within it.
 */
function fromPublic(url: string, ip: string | null): boolean {
  return hostScope(new URL(url).hostname) !== 'private' && (ip === null || !isPrivateAddress(ip));
}

/**
 * Requests one URL at a time with redirect: 'manual' and follows Location, resolved against the
 * URL that answered. Each hop goes to `onRedirect` BEFORE its target is requested, so a loop or a
 * sixth redirect, which abort `signal`, end the chain without another request; so does a target
 * in a private network after a public address (`onPrivate`), known from the URL, from `lookup`
 * (Node) or, for a name, from the address the browser reports once it answers (its body is then
 * not used). Returns the final answer; rejects once `signal` is aborted.
 */
async function followLocations(
  fetchFn: typeof fetch,
  strategy: RedirectStrategy,
  start: string,
  init: RequestOptions,
  signal: AbortSignal,
  onRedirect: (event: RedirectEvent) => void,
  onPrivate: (target: string) => void,
): Promise<Answer> {
  let url = start;
  // Set when a public address redirected to a host name: its address is checked once it answers.
  let checkAddress = false;
  for (;;) {
    const watch = strategy.kind === 'observed' ? strategy.observer.watch(url) : null;
    let status: number;
    let location: string | null;
    let ip: string | null = null;
    let response: Response;
    try {
      response = await fetchFn(url, { ...init, signal, redirect: 'manual' });
      status = response.status;
      location = response.headers.get('location');
      if (watch !== null && (response.type === 'opaqueredirect' || checkAddress)) {
        // A browser hides a redirect's status and Location from fetch: webRequest tells them.
        const report = await untilAborted(watch.answered(UNSEEN_REQUEST_MS), signal);
        if (report === null && response.type === 'opaqueredirect') {
          throw new TypeError('the browser did not report the redirect');
        }
        if (report !== null) {
          ip = report.ip;
          if (response.type === 'opaqueredirect') ({ status, location } = report);
        }
      }
    } finally {
      watch?.stop();
    }
    if (checkAddress && ip !== null && isPrivateAddress(ip)) {
      // Asked already (a name is resolved only by connecting): its answer is not used.
      await response.body?.cancel().catch(() => {});
      onPrivate(url);
      signal.throwIfAborted();
    }
    // A 3xx without Location (or not a redirect status) is the final response; the policy reads
    // an unfollowed redirect as unavailable (§2.3.1.3).
    if (!REDIRECT_STATUSES.has(status) || location === null) return { response, status, url };
    // Only the status and Location matter: release the connection. A failed cancel (the body
    // already ended) cannot matter: nothing of it is read.
    await response.body?.cancel().catch(() => {});
    // An unparsable Location throws a TypeError: a network error, as in a browser's fetch.
    const target = new URL(location, url);
    if (target.protocol !== 'http:' && target.protocol !== 'https:') {
      throw new TypeError(`redirect to a non-HTTP URL: ${target.protocol}`);
    }
    onRedirect({ from: url, to: target.href, status });
    signal.throwIfAborted();
    checkAddress = false;
    if (fromPublic(url, ip)) {
      const scope = hostScope(target.hostname);
      const lookup = strategy.kind === 'manual' ? strategy.lookup : undefined;
      const resolved =
        scope === 'name' && lookup !== undefined
          ? await untilAborted(
              lookup(target.hostname).catch(() => []),
              signal,
            )
          : [];
      if (scope === 'private' || resolved.some(isPrivateAddress)) onPrivate(target.href);
      signal.throwIfAborted();
      checkAddress = scope === 'name';
    }
    url = target.href;
  }
}

/** Fetches `robotsUrl` with the given fetch and redirect strategy; never throws. */
export async function fetchRobotsTxt(robotsUrl: string, deps: FetchDeps): Promise<FetchFacts> {
  const chain = new RedirectChain(robotsUrl, deps.maxRedirects ?? MAX_REDIRECTS);
  // One controller and one deadline for the whole exchange: every hop and the body.
  const controller = new AbortController();
  // An object, not a `let`: TypeScript would keep a `let` narrowed to its initial null, although
  // the callbacks assign it.
  const stopped: { reason: StopReason | null; target: string } = { reason: null, target: '' };
  const stop = (reason: StopReason) => {
    stopped.reason ??= reason;
    controller.abort();
  };
  const onRedirect = (event: RedirectEvent) => {
    const reason = chain.add(event);
    if (reason !== null) stop(reason);
  };
  const onPrivate = (target: string) => {
    if (stopped.reason === null) stopped.target = target;
    stop('private-address');
  };
  const timer = setTimeout(() => stop('timeout'), deps.timeoutMs ?? FETCH_TIMEOUT_MS);
  const ended = (): FetchFacts | null => {
    const { reason, target } = stopped;
    if (reason === null) return null;
    return reason === 'private-address'
      ? { kind: reason, target, redirects: chain.hops }
      : { kind: reason, redirects: chain.hops };
  };
  try {
    const { response, status, url } = await followLocations(
      deps.fetch,
      deps.redirects,
      robotsUrl,
      deps.request ?? {},
      controller.signal,
      onRedirect,
      onPrivate,
    );
    const { bytes, truncated } = await readCapped(response, deps.maxBytes ?? MAX_BODY_BYTES);
    const stoppedFacts = ended();
    if (stoppedFacts !== null) return stoppedFacts;
    return {
      kind: 'response',
      status,
      url,
      redirects: chain.hops,
      contentType: response.headers.get('content-type'),
      cacheControl: response.headers.get('cache-control'),
      text: new TextDecoder('utf-8').decode(bytes),
      bytes: bytes.byteLength,
      truncated,
    };
  } catch (error) {
    // Bytes received before a timeout are not used.
    const stoppedFacts = ended();
    if (stoppedFacts !== null) return stoppedFacts;
    return {
      kind: 'network-error',
      message: error instanceof Error ? error.message : String(error),
      redirects: chain.hops,
    };
  } finally {
    clearTimeout(timer);
  }
}
