// Which URLs the History view checks a change on (issue 16, "History", items 2 and 4): the pages
// visited on the site, the test URLs the user saved for it and the tester's URL, each once, with
// where it comes from, so each impact row can say which.
import type { ImpactSource } from '../../src/extension/explain/saved-urls.ts';
import type { OriginHistory } from '../../src/extension/protocol.ts';
import { resolveTestUrl } from '../../src/policy.ts';

/** The URLs the impact is checked on, each once, and where each comes from. */
export interface ImpactUrls {
  urls: string[];
  sources: ReadonlyMap<string, ImpactSource>;
}

/** Which source a URL from more than one is said to come from: the most deliberate. */
const SOURCE_RANK: Record<ImpactSource, number> = { seen: 0, tester: 1, saved: 2 };

/**
 * The visited pages, then the saved test URLs, then the tester's URL if of this site, each URL
 * once (the same text), said to come from its most deliberate source: saved, the tester's, visited.
 */
export function impactUrls(
  history: OriginHistory,
  saved: readonly string[],
  testerUrl: string | null,
): ImpactUrls {
  const urls: string[] = [];
  const sources = new Map<string, ImpactSource>();
  const add = (url: string, source: ImpactSource) => {
    const known = sources.get(url);
    if (known === undefined) urls.push(url);
    if (known === undefined || SOURCE_RANK[source] > SOURCE_RANK[known]) sources.set(url, source);
  };
  for (const url of history.seen) add(url, 'seen');
  for (const url of saved) add(url, 'saved');
  if (testerUrl !== null) {
    const target = resolveTestUrl(testerUrl, history.origin);
    if ('url' in target) add(target.url, 'tester');
  }
  return { urls, sources };
}
