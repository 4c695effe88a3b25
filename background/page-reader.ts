// What a tab's page says about itself: its DOM read on demand (scripting.executeScript, only when
// the popup or the automatic badge needs it) and the headers of the response that loaded it.
import type { DomFacts, LinkCounts, PageFacts } from '../src/page/facts.ts';
import type { PageHeaders } from './page-headers.ts';

export interface PageReaderDeps {
  /** Runs the DOM reader in the tab's top frame; throws when the browser refuses. */
  readDom: (tabId: number) => Promise<DomFacts | null>;
  /** Counts the links in the tab's top frame; throws when the browser refuses. */
  countLinks: (tabId: number) => Promise<LinkCounts | null>;
  headers: PageHeaders;
  /** How long a page may take to answer (default PAGE_READ_MS). */
  timeoutMs?: number;
}

/**
 * How long a tab's page may take to answer the DOM reader (10 s). It ends only a page that never
 * answers (its main thread hung, a reader never injected); it is no guess of how slow a page is.
 * Issue 41: the 3 s it was, under load, made a page busy for 1.5 s read as 'timeout', its meta
 * robots unknown (data-page-index "unknown" instead of "noindex"). The popup shows the tab's
 * snapshot meanwhile, so only a hung page's own report waits this long.
 */
export const PAGE_READ_MS = 10_000;

export class PageReader {
  private readonly deps: PageReaderDeps;

  constructor(deps: PageReaderDeps) {
    this.deps = deps;
  }

  /**
   * Everything known about the page shown in `tabId` at `url`; never throws. `dom` is a read of
   * its DOM already under way (see dom()), when the caller started one before it knew the URL.
   */
  async read(tabId: number, url: string, dom = this.dom(tabId)): Promise<PageFacts> {
    const [facts, headers] = await Promise.all([
      dom,
      // Headers unreadable (storage failed): judged as headers not seen, which the popup says.
      this.deps.headers.forUrl(tabId, url).catch(() => ({ ok: false, why: 'not-seen' }) as const),
    ]);
    return { url, dom: facts, headers };
  }

  /** The page's link counts, or null when the browser refused or the page did not answer. */
  async links(tabId: number): Promise<LinkCounts | null> {
    try {
      const counts = await this.withTimeout(this.deps.countLinks(tabId));
      return counts === 'timeout' || counts === null || typeof counts.total !== 'number'
        ? null
        : counts;
    } catch {
      // Refused (see dom()).
      return null;
    }
  }

  private async withTimeout<T>(work: Promise<T>): Promise<T | 'timeout'> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), this.deps.timeoutMs ?? PAGE_READ_MS);
    });
    try {
      return await Promise.race([work, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** The DOM facts of the page in `tabId`'s top frame, or why there are none; never throws. */
  async dom(tabId: number): Promise<PageFacts['dom']> {
    try {
      const facts = await this.withTimeout(this.deps.readDom(tabId));
      if (facts === 'timeout') return { ok: false, why: 'timeout' };
      if (facts === null || !isDomFacts(facts)) return { ok: false, why: 'refused' };
      return { ok: true, facts };
    } catch {
      // The browser refused to run the reader there (a store page, a PDF viewer, an error
      // page, host access withheld): the page is judged by its headers.
      return { ok: false, why: 'refused' };
    }
  }
}

/** The reader's answer has its shape (a page cannot change it, but a browser may answer null). */
function isDomFacts(value: unknown): value is DomFacts {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v['contentType'] === 'string' &&
    typeof v['baseUrl'] === 'string' &&
    Array.isArray(v['metas']) &&
    Array.isArray(v['canonicals']) &&
    typeof v['readMs'] === 'number'
  );
}
