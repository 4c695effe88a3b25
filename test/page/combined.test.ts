import { describe, expect, test } from 'vitest';
import {
  type CombinedRow,
  type Crawl,
  combineRow,
  type PageState,
} from '../../src/page/combined.ts';
import type { PageFacts } from '../../src/page/facts.ts';
import { judgePage } from '../../src/page/judge.ts';
import { fakePage } from '../../ui/fake-connector.ts';

const NOINDEX_DOC = 'Google Search Central, Block Search indexing with noindex';
const CANONICAL_DOC = 'Google Search Central, How to specify a canonical URL';
const STATES = 'src/page/combined.ts, PageState';
const STATUS_DOC = 'Google Search Central, How HTTP status codes affect Google Search';

const URL_ = 'https://a.test/p';
const NOW = Date.UTC(2026, 0, 1);

/** Googlebot's row of a page, and the page's canonical. */
function googlebot(facts: PageFacts) {
  const judgement = judgePage(facts, ['Googlebot'], NOW);
  const page = judgement.robots.find((r) => r.robot === 'Googlebot');
  if (page === undefined) throw new Error('no Googlebot row');
  return { page, canonical: judgement.canonical, status: judgement.status };
}

const INDEX = fakePage(URL_);
const NOINDEX = fakePage(URL_, { metas: [{ name: 'robots', content: 'noindex' }] });
const UNKNOWN = fakePage(URL_, { headers: 'not-seen' });
const UNKNOWN_NOINDEX = fakePage(URL_, {
  headers: 'same-document',
  metas: [{ name: 'robots', content: 'noindex' }],
});
const status = (code: number, noindex = false) =>
  fakePage(URL_, { status: code, metas: noindex ? [{ name: 'robots', content: 'noindex' }] : [] });
const elsewhere = (href: string, noindex = false) =>
  fakePage(URL_, {
    canonicals: [href],
    metas: noindex ? [{ name: 'robots', content: 'noindex' }] : [],
  });

interface Case {
  /** Where the rule comes from. */
  source: string;
  crawl: Crawl;
  facts: PageFacts;
  /** robots.txt's verdict for the canonical URL. */
  canonicalCrawl?: Crawl;
  state: PageState;
  /** What keeps it out when not-indexable (null by default). */
  by?: CombinedRow['notIndexableBy'];
  conflicts: CombinedRow['conflicts'];
}

const CASES: Case[] = [
  { source: STATES, crawl: 'allowed', facts: INDEX, state: 'indexable', conflicts: [] },
  {
    source: STATES,
    crawl: 'allowed',
    facts: NOINDEX,
    state: 'not-indexable',
    by: 'noindex',
    conflicts: [],
  },
  {
    source: `${STATUS_DOC}: 4xx URLs are not indexed (404, no tag, nothing in robots.txt)`,
    crawl: 'allowed',
    facts: status(404),
    state: 'not-indexable',
    by: 'status',
    conflicts: [],
  },
  {
    source: `${STATUS_DOC}: 410 as 404`,
    crawl: 'allowed',
    facts: status(410),
    state: 'not-indexable',
    by: 'status',
    conflicts: [],
  },
  {
    source: `${STATUS_DOC}: 5xx errors drop the URL from the index`,
    crawl: 'allowed',
    facts: status(503),
    state: 'not-indexable',
    by: 'status',
    conflicts: [],
  },
  {
    source: `${STATUS_DOC}: a 3xx the browser shows is not the page (the target is indexed)`,
    crawl: 'allowed',
    facts: status(300),
    state: 'not-indexable',
    by: 'status',
    conflicts: [],
  },
  {
    source: `${STATUS_DOC}: the status decides before the tags are read (404 and noindex)`,
    crawl: 'allowed',
    facts: status(404, true),
    state: 'not-indexable',
    by: 'status',
    conflicts: [],
  },
  {
    source: `${STATUS_DOC}: 2xx can be indexed (201, 204)`,
    crawl: 'allowed',
    facts: status(204),
    state: 'indexable',
    conflicts: [],
  },
  {
    source: `${STATUS_DOC}: 304, the browser's copy revalidated, is the page`,
    crawl: 'allowed',
    facts: status(304),
    state: 'indexable',
    conflicts: [],
  },
  {
    source: `${STATES}: a robots.txt block comes first (404 and disallowed: blocked)`,
    crawl: 'disallowed',
    facts: status(404),
    state: 'blocked',
    conflicts: ['blocked-unseen'],
  },
  {
    source: `${STATES}: the response not seen, a noindex in the DOM still keeps it out`,
    crawl: 'allowed',
    facts: UNKNOWN_NOINDEX,
    state: 'not-indexable',
    by: 'noindex',
    conflicts: [],
  },
  {
    source: `${STATES}: the page's signals unknown`,
    crawl: 'allowed',
    facts: UNKNOWN,
    state: 'unknown',
    conflicts: [],
  },
  {
    source: `${STATES}: robots.txt verdict unknown`,
    crawl: 'unknown',
    facts: NOINDEX,
    state: 'unknown',
    conflicts: [],
  },
  {
    source: `${NOINDEX_DOC}: "if the page is blocked by a robots.txt file … the crawler will never see the noindex rule"`,
    crawl: 'disallowed',
    facts: NOINDEX,
    state: 'blocked',
    conflicts: ['blocked-noindex'],
  },
  {
    source: `${NOINDEX_DOC}: a blocked page's own signals are never read`,
    crawl: 'disallowed',
    facts: INDEX,
    state: 'blocked',
    conflicts: ['blocked-unseen'],
  },
  {
    source: `${NOINDEX_DOC}: blocked, signals unknown`,
    crawl: 'disallowed',
    facts: UNKNOWN,
    state: 'blocked',
    conflicts: ['blocked-unseen'],
  },
  {
    source: `${CANONICAL_DOC}: noindex with a canonical elsewhere (do not mix the two)`,
    crawl: 'allowed',
    facts: elsewhere('https://a.test/other', true),
    canonicalCrawl: 'allowed',
    state: 'not-indexable',
    by: 'noindex',
    conflicts: ['noindex-canonical'],
  },
  {
    source: `${NOINDEX_DOC}: blocked, so neither the noindex nor the canonical is read`,
    crawl: 'disallowed',
    facts: elsewhere('https://a.test/other', true),
    canonicalCrawl: 'allowed',
    state: 'blocked',
    conflicts: ['blocked-noindex'],
  },
  {
    source: `${CANONICAL_DOC}: "Don't use the robots.txt file for canonicalization purposes"`,
    crawl: 'allowed',
    facts: elsewhere('https://a.test/other'),
    canonicalCrawl: 'disallowed',
    state: 'indexable',
    conflicts: ['canonical-disallowed'],
  },
  {
    source: `${CANONICAL_DOC}: a cross-domain canonical`,
    crawl: 'allowed',
    facts: elsewhere('https://b.test/p'),
    canonicalCrawl: 'unknown',
    state: 'indexable',
    conflicts: ['canonical-other-host'],
  },
  {
    source: `${CANONICAL_DOC}: cross-domain, with noindex`,
    crawl: 'allowed',
    facts: elsewhere('https://b.test/p', true),
    canonicalCrawl: 'unknown',
    state: 'not-indexable',
    by: 'noindex',
    conflicts: ['noindex-canonical', 'canonical-other-host'],
  },
  {
    source: `${CANONICAL_DOC}: a self-referential canonical is no conflict`,
    crawl: 'allowed',
    facts: elsewhere(URL_, true),
    canonicalCrawl: 'allowed',
    state: 'not-indexable',
    by: 'noindex',
    conflicts: [],
  },
  {
    source: `${CANONICAL_DOC}: self-referential, the fragment aside`,
    crawl: 'allowed',
    facts: elsewhere(`${URL_}#top`),
    canonicalCrawl: 'allowed',
    state: 'indexable',
    conflicts: [],
  },
  {
    source: `${CANONICAL_DOC}: self-referential on a blocked page: only the block`,
    crawl: 'disallowed',
    facts: elsewhere(URL_),
    canonicalCrawl: 'disallowed',
    state: 'blocked',
    conflicts: ['blocked-unseen'],
  },
  {
    source: 'a canonical that is not http(s) is never followed: no conflict',
    crawl: 'allowed',
    facts: elsewhere('javascript:alert(1)', true),
    canonicalCrawl: 'disallowed',
    state: 'not-indexable',
    by: 'noindex',
    conflicts: [],
  },
];

describe('combineRow: robots.txt × what the page says', () => {
  test.each(CASES)(
    '$crawl, $state: $source',
    ({ crawl, facts, canonicalCrawl = 'unknown', state, by = null, conflicts }) => {
      const { page, canonical, status } = googlebot(facts);
      expect(combineRow(crawl, page, canonical, canonicalCrawl, status)).toEqual({
        state,
        notIndexableBy: by,
        conflicts,
      });
    },
  );
});
