// Fetches one /robots.txt the way crawlers do (RFC 9309 §2.3): no cookies, no HTTP cache, at most
// 500 KiB of body, 15 s for the whole response, at most five redirects, loops detected.
import {
  FETCH_TIMEOUT_MS,
  type FetchFacts,
  type Hop,
  MAX_BODY_BYTES,
  MAX_REDIRECTS,
} from '../src/policy.ts';

/** How long to wait for redirect events that arrive after the response. */
const LATE_EVENTS_MS = 2000;

/** One redirect as the browser reports it (webRequest.onBeforeRedirect). */
export interface RedirectEvent {
  from: string;
  to: string;
  status: number;
}

export interface FetchDeps {
  fetch: typeof fetch;
  /**
   * Reports each redirect of the request that starts at `url` until the returned function is
   * called. Browsers hide redirects from fetch (an opaque redirect has no Location), so the
   * background watches them through webRequest.
   */
  watchRedirects(url: string, onRedirect: (event: RedirectEvent) => void): () => void;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
}

/** Reads at most `maxBytes` of the body; says whether there was more. */
async function readCapped(
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
      // A 1 GB body costs 500 KiB: stop the transfer here.
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

/** Fetches `robotsUrl` and reports what happened; never throws. */
export async function fetchRobotsTxt(robotsUrl: string, deps: FetchDeps): Promise<FetchFacts> {
  const maxRedirects = deps.maxRedirects ?? MAX_REDIRECTS;
  const controller = new AbortController();
  const redirects: Hop[] = [];
  const visited = new Set([robotsUrl]);
  let chainEnd = robotsUrl;
  let stopReason: 'timeout' | 'too-many-redirects' | 'redirect-loop' | null = null;
  const stop = (reason: NonNullable<typeof stopReason>) => {
    if (stopReason === null) stopReason = reason;
    controller.abort();
  };
  const unwatch = deps.watchRedirects(robotsUrl, ({ from, to, status }) => {
    redirects.push({ url: from, status });
    chainEnd = to;
    if (visited.has(to)) stop('redirect-loop');
    else if (redirects.length > maxRedirects) stop('too-many-redirects');
    visited.add(to);
  });
  const timer = setTimeout(() => stop('timeout'), deps.timeoutMs ?? FETCH_TIMEOUT_MS);
  try {
    const response = await deps.fetch(robotsUrl, {
      signal: controller.signal,
      redirect: 'follow',
      credentials: 'omit',
      cache: 'no-store',
      referrerPolicy: 'no-referrer',
    });
    const { bytes, truncated } = await readCapped(response, deps.maxBytes ?? MAX_BODY_BYTES);
    // Firefox may deliver webRequest events after fetch resolves: wait until the chain we saw
    // reaches the URL the body came from, so every hop is counted.
    const deadline = Date.now() + LATE_EVENTS_MS;
    while (
      response.redirected &&
      response.url !== '' &&
      chainEnd !== response.url &&
      stopReason === null &&
      Date.now() < deadline
    ) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    if (stopReason !== null) return { kind: stopReason, redirects };
    return {
      kind: 'response',
      status: response.status,
      url: response.url || robotsUrl,
      redirects,
      contentType: response.headers.get('content-type'),
      cacheControl: response.headers.get('cache-control'),
      text: new TextDecoder('utf-8').decode(bytes),
      bytes: bytes.byteLength,
      truncated,
    };
  } catch (error) {
    // Bytes received before a timeout are not used.
    if (stopReason !== null) return { kind: stopReason, redirects };
    return {
      kind: 'network-error',
      message: error instanceof Error ? error.message : String(error),
      redirects,
    };
  } finally {
    clearTimeout(timer);
    unwatch();
  }
}
