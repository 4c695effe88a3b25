// The main-frame responses of each tab, as the browser reports them (webRequest.onHeadersReceived):
// the page's own status, the redirects on the way to it, and the headers that page-level rules live
// in (X-Robots-Tag, Link, Content-Type, Content-Usage), kept per tab and per URL in storage.session, so they survive the background being stopped, stay in memory (never
// on disk) and go when the tab closes. Response headers belong to the URL that was loaded: asked
// for another URL (after history.pushState), there are none.

import type { Hop, PageFacts } from '../src/page/facts.ts';
import { PAGE_LIMITS, pageUrl, type ResponseFacts } from '../src/page/facts.ts';
import type { StorageArea } from './storage-area.ts';

/** The part of a webRequest.onHeadersReceived event that is read. */
export interface ResponseEvent {
  tabId: number;
  /** The same for every hop of one navigation's redirects, in both browsers. */
  requestId?: string;
  url: string;
  statusCode: number;
  responseHeaders?: { name: string; value?: string | undefined }[] | undefined;
}

/** Responses kept per tab: enough for going back and forth between a few pages. */
const PER_TAB = 4;
const PREFIX = 'page-headers:';

/** The facts of one response, its header values bounded in all to PAGE_LIMITS.headerChars. */
export function responseFacts(
  event: ResponseEvent,
  at: number,
  redirects: Hop[] = [],
): ResponseFacts {
  const contentUsage: string[] = [];
  const facts: ResponseFacts = {
    url: event.url,
    status: event.statusCode,
    redirects,
    contentType: null,
    xRobotsTag: [],
    link: [],
    contentUsage,
    cut: false,
    at,
  };
  let budget: number = PAGE_LIMITS.headerChars;
  for (const header of event.responseHeaders ?? []) {
    const name = header.name.toLowerCase();
    const value = header.value ?? '';
    if (name === 'content-type') {
      facts.contentType ??= value.slice(0, 256);
      continue;
    }
    const list =
      name === 'x-robots-tag'
        ? facts.xRobotsTag
        : name === 'link'
          ? facts.link
          : name === 'content-usage'
            ? contentUsage
            : null;
    if (list === null) continue;
    if (value.length > budget) {
      facts.cut = true;
      continue;
    }
    budget -= value.length;
    list.push(value);
  }
  return facts;
}

export class PageHeaders {
  private readonly area: StorageArea;
  private readonly now: () => number;
  /** Per tab, newest first; loaded from the area after a restart. */
  private readonly tabs = new Map<number, ResponseFacts[]>();
  /** Per tab, the last write, so writes land in order. */
  private readonly writes = new Map<number, Promise<void>>();
  /** Per tab, the one read of the area after a restart, shared by everyone waiting for it. */
  private readonly loads = new Map<number, Promise<void>>();
  /** Responses observed while the tab's list was being read, oldest first. */
  private readonly early = new Map<number, ResponseFacts[]>();
  /** Per tab, the redirects of the navigation under way (its request), in order. */
  private readonly hops = new Map<number, { requestId: string; hops: Hop[] }>();

  constructor(area: StorageArea, now: () => number = Date.now) {
    this.area = area;
    this.now = now;
  }

  /**
   * Records a main-frame response. A redirect (a 3xx with a Location the browser follows) is a hop
   * on the way, kept until the response it leads to arrives with the same request id.
   */
  async observe(event: ResponseEvent): Promise<void> {
    if (event.tabId < 0) return;
    const { tabId, requestId } = event;
    const way = this.hops.get(tabId);
    const hops = requestId !== undefined && way?.requestId === requestId ? way.hops : [];
    if (isRedirect(event)) {
      if (requestId === undefined) return;
      if (hops.length < PAGE_LIMITS.hops)
        hops.push({
          url: event.url.slice(0, PAGE_LIMITS.attributeChars),
          status: event.statusCode,
        });
      this.hops.set(tabId, { requestId, hops });
      return;
    }
    this.hops.delete(tabId);
    const facts = responseFacts(event, this.now(), hops);
    // Recorded at once: a reader that asks right after (the page's 'complete') must see it. When
    // the tab's list is still being read from the area, the read merges it in before anyone
    // waiting sees the list.
    const known = this.tabs.get(tabId);
    if (known !== undefined) this.tabs.set(tabId, withNewest(facts, known));
    else this.early.set(tabId, [...(this.early.get(tabId) ?? []), facts]);
    await this.list(tabId);
    const next = this.tabs.get(tabId) ?? [];
    await this.write(tabId, () => this.area.set({ [PREFIX + tabId]: next }));
  }

  /** The headers of the response that loaded `url` in the tab, or why there are none. */
  async forUrl(tabId: number, url: string): Promise<PageFacts['headers']> {
    const list = await this.list(tabId);
    const key = pageUrl(url);
    const facts = list.find((r) => pageUrl(r.url) === key);
    if (facts !== undefined) return { ok: true, facts };
    // The tab loaded something we saw, then changed its URL in the page (or went somewhere we
    // did not see load): the headers we have are another URL's.
    return { ok: false, why: list.length > 0 ? 'same-document' : 'not-seen' };
  }

  /** The tab closed. */
  async forget(tabId: number): Promise<void> {
    this.tabs.delete(tabId);
    this.hops.delete(tabId);
    await this.write(tabId, () => this.area.remove(PREFIX + tabId));
    this.writes.delete(tabId);
  }

  /**
   * The tab's responses, newest first. Read from the area once after a restart; everyone who asks
   * meanwhile waits for that one read and then reads the map, so a response observed while the
   * area answered is never lost to a reader that started at the same time (a page that loads
   * right after the background starts: its headers and its 'complete' arrive together).
   */
  private async list(tabId: number): Promise<ResponseFacts[]> {
    if (!this.tabs.has(tabId)) {
      let load = this.loads.get(tabId);
      if (load === undefined) {
        load = this.area.get(PREFIX + tabId).then(
          (items) => {
            const stored = items[PREFIX + tabId];
            this.settle(tabId, Array.isArray(stored) ? stored.filter(isFacts) : []);
          },
          () => {
            // Storage unavailable: this tab starts with nothing seen before.
            this.settle(tabId, []);
          },
        );
        this.loads.set(tabId, load);
      }
      await load;
    }
    return this.tabs.get(tabId) ?? [];
  }

  /** The tab's list once read: the stored one, with what was observed meanwhile on top. */
  private settle(tabId: number, stored: ResponseFacts[]): void {
    let list = this.tabs.get(tabId) ?? stored;
    for (const facts of this.early.get(tabId) ?? []) list = withNewest(facts, list);
    this.tabs.set(tabId, list);
    this.early.delete(tabId);
    this.loads.delete(tabId);
  }

  private write(tabId: number, step: () => Promise<void>): Promise<void> {
    const next = (this.writes.get(tabId) ?? Promise.resolve()).then(step, step);
    this.writes.set(tabId, next);
    return next;
  }
}

/**
 * A response the browser follows to another URL: a 3xx with a Location. A 304, or a 3xx without
 * a Location (which the browser shows as the page), is the page's own answer.
 */
function isRedirect(event: ResponseEvent): boolean {
  if (event.statusCode < 300 || event.statusCode >= 400 || event.statusCode === 304) return false;
  return (event.responseHeaders ?? []).some((h) => h.name.toLowerCase() === 'location');
}

/** `facts` as the newest response of a list, replacing one for the same URL, bounded. */
function withNewest(facts: ResponseFacts, list: ResponseFacts[]): ResponseFacts[] {
  const key = pageUrl(facts.url);
  return [facts, ...list.filter((r) => pageUrl(r.url) !== key)].slice(0, PER_TAB);
}

/** A stored entry of the shape written (storage may hold anything). */
function isFacts(value: unknown): value is ResponseFacts {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v['url'] === 'string' &&
    typeof v['status'] === 'number' &&
    Array.isArray(v['xRobotsTag']) &&
    Array.isArray(v['link']) &&
    (v['redirects'] === undefined ||
      (Array.isArray(v['redirects']) &&
        v['redirects'].every(
          (h: unknown) =>
            typeof h === 'object' &&
            h !== null &&
            typeof (h as Hop).url === 'string' &&
            typeof (h as Hop).status === 'number',
        )))
  );
}
