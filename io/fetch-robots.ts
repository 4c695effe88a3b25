// Fetches one /robots.txt the way crawlers do (RFC 9309 §2.3): at most 500 KiB of body, 15 s for
// the whole response, at most five redirects, loops detected. How the redirects are followed is a
// strategy, because the platforms differ: a browser hides them from fetch (an opaque redirect has
// no Location), Node hands each 3xx over with its Location. The request options that keep cookies
// and HTTP caches out are each platform's too: fetch-robots-browser.ts, fetch-robots-node.ts.
import {
  FETCH_TIMEOUT_MS,
  type FetchFacts,
  type Hop,
  MAX_BODY_BYTES,
  MAX_REDIRECTS,
} from '../src/policy.ts';

/**
 * How long to wait for redirect events that arrive after the response (Firefox) when the browser's
 * id of the request is unknown; with the id, the wait lasts until the browser says it ended.
 */
const LATE_EVENTS_MS = 2000;

/** The statuses fetch follows (Fetch standard, "redirect status"); any other 3xx is final. */
const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

/** One redirect as the browser reports it (webRequest.onBeforeRedirect). */
export interface RedirectEvent {
  from: string;
  to: string;
  status: number;
}

/** What an observer tells about one watched request. */
export interface WatchListener {
  /** The browser's id of the request is known: its end will be reported (onEnd). */
  onStart?(): void;
  onRedirect(event: RedirectEvent): void;
  /** The request completed or failed: no redirect of it is reported after this. */
  onEnd?(): void;
}

/** Reports the redirects of a request the browser follows; RedirectWatchers is the extension's. */
export interface RedirectObserver {
  /** Reports on the next request starting at `url`, until the returned function runs. */
  watch(url: string, listener: WatchListener): () => void;
}

/**
 * How redirects are followed and counted: 'observed' (browsers) lets fetch follow them and the
 * observer report each hop; 'manual' (Node) follows each Location itself, hop by hop.
 */
export type RedirectStrategy =
  | { kind: 'observed'; observer: RedirectObserver }
  | { kind: 'manual' };

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

type StopReason = 'timeout' | 'too-many-redirects' | 'redirect-loop';

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

/**
 * The manual strategy: requests one URL at a time with redirect: 'manual' and follows Location,
 * resolved against the URL that answered. Each hop goes to `onRedirect` BEFORE its target is
 * requested, so a loop or a sixth redirect, which abort `signal`, end the chain without another
 * request. Returns the final response; rejects once `signal` is aborted.
 */
async function followLocations(
  fetchFn: typeof fetch,
  start: string,
  init: RequestOptions,
  signal: AbortSignal,
  onRedirect: (event: RedirectEvent) => void,
): Promise<Response> {
  let url = start;
  for (;;) {
    const response = await fetchFn(url, { ...init, signal, redirect: 'manual' });
    if (response.type === 'opaqueredirect') {
      // A browser's fetch: the hop can't be seen here. Reported as a network error, never thrown.
      throw new TypeError('opaque redirect: browsers need the observed redirect strategy');
    }
    const location = response.headers.get('location');
    // A 3xx without Location (or not a redirect status) is the final response; the policy reads
    // an unfollowed redirect as unavailable (§2.3.1.3).
    if (!REDIRECT_STATUSES.has(response.status) || location === null) return response;
    // Only the status and Location matter: release the connection. A failed cancel (the body
    // already ended) cannot matter: nothing of it is read.
    await response.body?.cancel().catch(() => {});
    // An unparsable Location throws a TypeError: a network error, as in a browser's fetch.
    const target = new URL(location, url);
    if (target.protocol !== 'http:' && target.protocol !== 'https:') {
      throw new TypeError(`redirect to a non-HTTP URL: ${target.protocol}`);
    }
    onRedirect({ from: url, to: target.href, status: response.status });
    signal.throwIfAborted();
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
  const stopped: { reason: StopReason | null } = { reason: null };
  const stop = (reason: StopReason) => {
    stopped.reason ??= reason;
    controller.abort();
  };
  const onRedirect = (event: RedirectEvent) => {
    const reason = chain.add(event);
    if (reason !== null) stop(reason);
  };
  const { redirects: strategy } = deps;
  // 'unseen' until the observer knows the browser's id of our request, then 'open', then 'ended'.
  const request: { state: 'unseen' | 'open' | 'ended' } = { state: 'unseen' };
  const unwatch =
    strategy.kind === 'observed'
      ? strategy.observer.watch(robotsUrl, {
          onStart: () => {
            if (request.state === 'unseen') request.state = 'open';
          },
          onRedirect,
          onEnd: () => {
            request.state = 'ended';
          },
        })
      : () => {};
  const timer = setTimeout(() => stop('timeout'), deps.timeoutMs ?? FETCH_TIMEOUT_MS);
  /**
   * Waits while `waiting()` holds for the hops still to be reported. Once the request's id is known
   * its end says that no hop is left to come (the fetch's own deadline still holds); without it, a
   * fixed wait.
   */
  const lateHops = async (waiting: () => boolean) => {
    const deadline = Date.now() + LATE_EVENTS_MS;
    while (
      waiting() &&
      request.state !== 'ended' &&
      (request.state === 'open' || Date.now() < deadline)
    ) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  const { signal } = controller;
  try {
    const response =
      strategy.kind === 'observed'
        ? await deps.fetch(robotsUrl, { ...deps.request, signal, redirect: 'follow' })
        : await followLocations(deps.fetch, robotsUrl, deps.request ?? {}, signal, onRedirect);
    const { bytes, truncated } = await readCapped(response, deps.maxBytes ?? MAX_BODY_BYTES);
    if (strategy.kind === 'observed') {
      // Firefox may deliver webRequest events after fetch resolves: wait until the chain we saw
      // reaches the URL the body came from, so every hop is counted.
      await lateHops(
        () =>
          response.redirected &&
          response.url !== '' &&
          chain.end !== response.url &&
          stopped.reason === null,
      );
    }
    if (stopped.reason !== null) return { kind: stopped.reason, redirects: chain.hops };
    return {
      kind: 'response',
      status: response.status,
      url: response.url || chain.end,
      redirects: chain.hops,
      contentType: response.headers.get('content-type'),
      cacheControl: response.headers.get('cache-control'),
      text: new TextDecoder('utf-8').decode(bytes),
      bytes: bytes.byteLength,
      truncated,
    };
  } catch (error) {
    // Bytes received before a timeout are not used.
    if (stopped.reason !== null) return { kind: stopped.reason, redirects: chain.hops };
    if (strategy.kind === 'observed' && request.state === 'open') {
      // The browser gave up first (Firefox fails a loop after 20 redirects, and may report its
      // hops after the failure): the hops still to come say whether it was a loop or a chain too
      // long, not a network error. Only a request whose id is known is waited for: until its end.
      await lateHops(() => stopped.reason === null);
      if (stopped.reason === 'redirect-loop' || stopped.reason === 'too-many-redirects') {
        return { kind: stopped.reason, redirects: chain.hops };
      }
    }
    return {
      kind: 'network-error',
      message: error instanceof Error ? error.message : String(error),
      redirects: chain.hops,
    };
  } finally {
    clearTimeout(timer);
    unwatch();
  }
}
