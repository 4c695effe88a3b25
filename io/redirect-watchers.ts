// What the browser reports of our own requests (robots.txt, the page as served), through
// webRequest: each hop is fetched with redirect: 'manual', which gives an opaque response without
// status or Location, so the status, the Location and the server's address come from webRequest.
// The hop observer of fetchRobotsTxtInBrowser and fetchServedPage, so both follow the one fetch
// policy (fetch-policy.ts); the background feeds it from webRequest.onBeforeRequest,
// onHeadersReceived, onBeforeRedirect, onResponseStarted, onCompleted and onErrorOccurred, for
// requests outside tabs only.
import type { HopObserver, HopReport, HopWatch } from './follow-redirects.ts';

/** What the watchers read of a webRequest event: the browser's id of the request and its URL. */
export interface RequestDetails {
  requestId: string;
  url: string;
  /** Who started the request: Chromium's `initiator`, Firefox's `originUrl`; absent when unknown. */
  initiator?: string | undefined;
}

/** An answer's details: its status, its address when the browser says (Firefox, or Chromium later). */
export interface AnswerDetails extends Pick<RequestDetails, 'requestId'> {
  statusCode?: number | undefined;
  ip?: string | undefined;
}

/** A name and a value of webRequest's responseHeaders. */
interface HttpHeader {
  name: string;
  value?: string | undefined;
}

/** One watch: the URL its request is made for, then what the browser said of it. */
class Watch {
  readonly url: string;
  requestId: string | null = null;
  private report: HopReport = { status: 0, location: null, ip: null };
  private settled = false;
  /** Settles once: with the report, or with null once no report will come (the watch stopped). */
  private readonly result: Promise<HopReport | null>;
  private finish: (report: HopReport | null) => void = () => {};

  constructor(url: string) {
    this.url = url;
    this.result = new Promise((resolve) => {
      this.finish = (report) => {
        if (this.settled) return;
        this.settled = true;
        resolve(report);
      };
    });
  }

  /**
   * The report, however late it comes (Firefox sends every event after fetch resolved): the
   * caller's deadline is the only limit, so no guess of how late is too late decides an answer.
   */
  answered(): Promise<HopReport | null> {
    return this.result;
  }

  started(requestId: string): void {
    this.requestId = requestId;
  }

  /** The status, Location and address, as far as this event tells them. */
  learn(details: AnswerDetails, location: string | null): void {
    const { report } = this;
    if (details.statusCode !== undefined && details.statusCode !== 0)
      report.status = details.statusCode;
    if (location !== null) report.location ??= location;
    if (details.ip !== undefined && details.ip !== '') report.ip = details.ip;
  }

  /** The server has answered: what is known now is the report. */
  answer(): void {
    this.finish({ ...this.report });
  }

  /** No report will come (the watch stopped): a wait still running ends. */
  drop(): void {
    this.finish(null);
  }
}

/**
 * Watches requests by the browser's request id, learnt when a request outside tabs starts at a
 * watched URL. Two origins' chains may share URLs (apex→www, http→https): a URL names no request,
 * the id does. `ownOrigin` (default: accept any) is the extension's origin: requests another
 * extension or a site's service worker starts at the same URL are never taken for ours.
 */
export class RedirectWatchers implements HopObserver {
  /** Watches whose request has not been seen yet, by URL, oldest first. */
  private readonly pending = new Map<string, Watch[]>();
  private readonly byId = new Map<string, Watch>();
  private readonly ownOrigin: string | null;

  constructor(ownOrigin: string | null = null) {
    this.ownOrigin = ownOrigin;
  }

  /** Starts watching the next request made for `url`. */
  watch(url: string): HopWatch {
    const watch = new Watch(url);
    this.pending.set(url, [...(this.pending.get(url) ?? []), watch]);
    return {
      answered: () => watch.answered(),
      stop: () => {
        watch.drop();
        if (watch.requestId === null) this.unpend(watch);
        else if (this.byId.get(watch.requestId) === watch) this.byId.delete(watch.requestId);
      },
    };
  }

  /** webRequest.onBeforeRequest outside tabs: binds the oldest watch of that URL to the request. */
  started(details: RequestDetails): void {
    this.bind(details);
  }

  /**
   * webRequest.onHeadersReceived outside tabs: the status, the Location (and Firefox's address).
   * Should the start have been missed, the headers of a request of ours at a watched URL bind it.
   */
  headers(
    details: RequestDetails & AnswerDetails & { responseHeaders?: HttpHeader[] | undefined },
  ): void {
    const location =
      details.responseHeaders?.find((h) => h.name.toLowerCase() === 'location')?.value ?? null;
    (this.byId.get(details.requestId) ?? this.bind(details))?.learn(details, location);
  }

  /**
   * webRequest.onBeforeRedirect (Chromium, for a manual redirect: with the address and the target
   * it resolved), onResponseStarted, onCompleted and onErrorOccurred: the request has its answer.
   */
  answered(details: AnswerDetails & { redirectUrl?: string | undefined }): void {
    const watch = this.byId.get(details.requestId);
    if (watch === undefined) return;
    watch.learn(details, details.redirectUrl ?? null);
    watch.answer();
  }

  private bind(details: RequestDetails): Watch | null {
    if (this.byId.has(details.requestId) || !this.isOwn(details)) return null;
    const watch = this.pending.get(details.url)?.[0];
    if (watch === undefined) return null;
    this.unpend(watch);
    this.byId.set(details.requestId, watch);
    watch.started(details.requestId);
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
