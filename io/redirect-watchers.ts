// Redirect hops of our own robots.txt fetches, seen through webRequest: a fetch with
// redirect: 'manual' returns an opaque response without Location in the browser. The observer of
// fetchRobotsTxtInBrowser; the background feeds it from webRequest.onBeforeRequest,
// onBeforeRedirect, onCompleted and onErrorOccurred.
import type { RedirectEvent, RedirectObserver, WatchListener } from './fetch-robots.ts';

/** What the watchers read of a webRequest event: the browser's id of the request and its URL. */
export interface RequestDetails {
  requestId: string;
  url: string;
  /** Who started the request: Chromium's `initiator`, Firefox's `originUrl`; absent when unknown. */
  initiator?: string | undefined;
}

/** One watch: the URL its request starts at, then the browser's id of that request once seen. */
interface Watch {
  url: string;
  listener: WatchListener;
  requestId: string | null;
}

/**
 * Watches requests by the browser's request id, learnt when a request outside tabs starts at a
 * watched URL. Chains of two origins may share URLs (apex→www, http→https): a URL names no request,
 * the id does. `ownOrigin` (default: accept any) is the extension's origin: requests another
 * extension or a site's service worker starts at the same URL are never taken for ours.
 */
export class RedirectWatchers implements RedirectObserver {
  /** Watches whose request has not been seen yet, by start URL, oldest first. */
  private readonly pending = new Map<string, Watch[]>();
  private readonly byId = new Map<string, Watch>();
  private readonly ownOrigin: string | null;

  constructor(ownOrigin: string | null = null) {
    this.ownOrigin = ownOrigin;
  }

  /** Starts watching the next request for `url`; returns the function that stops. */
  watch(url: string, listener: WatchListener): () => void {
    const watch: Watch = { url, listener, requestId: null };
    this.pending.set(url, [...(this.pending.get(url) ?? []), watch]);
    return () => {
      if (watch.requestId !== null) {
        if (this.byId.get(watch.requestId) === watch) this.byId.delete(watch.requestId);
        return;
      }
      this.unpend(watch);
    };
  }

  /** webRequest.onBeforeRequest outside tabs: binds the oldest watch of that URL to the request. */
  started(details: RequestDetails): void {
    // Each redirect target starts again under the same id: the chain's own URLs bind nothing.
    if (this.byId.has(details.requestId) || !this.isOwn(details)) return;
    this.bind(details);
  }

  /** webRequest.onBeforeRedirect outside tabs: one hop of a watched request, ignored otherwise. */
  redirected(details: RequestDetails & { redirectUrl: string; statusCode: number }): void {
    // Should the start have been missed, the first hop from a watched URL binds it instead.
    const watch = this.byId.get(details.requestId) ?? (this.isOwn(details) && this.bind(details));
    if (!watch) return;
    const event: RedirectEvent = {
      from: details.url,
      to: details.redirectUrl,
      status: details.statusCode,
    };
    watch.listener.onRedirect(event);
  }

  /**
   * webRequest.onCompleted or onErrorOccurred: no event of that request should come after. The
   * watch stays bound until it stops, so a hop reported late still counts.
   */
  ended(details: Pick<RequestDetails, 'requestId'>): void {
    this.byId.get(details.requestId)?.listener.onEnd?.();
  }

  private bind(details: RequestDetails): Watch | null {
    const watch = this.pending.get(details.url)?.[0];
    if (watch === undefined) return null;
    this.unpend(watch);
    watch.requestId = details.requestId;
    this.byId.set(details.requestId, watch);
    watch.listener.onStart?.();
    return watch;
  }

  private unpend(watch: Watch): void {
    const rest = (this.pending.get(watch.url) ?? []).filter((other) => other !== watch);
    if (rest.length === 0) this.pending.delete(watch.url);
    else this.pending.set(watch.url, rest);
  }

  private isOwn({ initiator }: RequestDetails): boolean {
    if (this.ownOrigin === null || initiator === undefined) return true;
    return initiator === this.ownOrigin || initiator.startsWith(`${this.ownOrigin}/`);
  }
}
