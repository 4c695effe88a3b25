import { describe, expect, test } from 'vitest';
import { compareServed, type ServedFinding } from '../../src/page/compare.ts';
import type { DomFacts } from '../../src/page/facts.ts';
import { DEFAULT_ROBOTS } from '../../src/robot-names.ts';
import { fakePage } from '../../ui/fake-connector.ts';

const JS_SEO = 'Google Search Central, Understand the JavaScript SEO basics';
const URL_ = 'https://a.test/p';
const NOW = Date.UTC(2026, 0, 1);
const ROBOTS = [...DEFAULT_ROBOTS, 'AdsBot-Google'];

/** The DOM of a page with these tags. */
const dom = (
  metas: { name: string; content: string }[] = [],
  canonicals: string[] = [],
): DomFacts => {
  const facts = fakePage(URL_, { metas, canonicals });
  if (!facts.dom.ok) throw new Error('fakePage reads its DOM');
  return facts.dom.facts;
};
const robots = (content: string) => [{ name: 'robots', content }];
/** Every robot the generic tag addresses (AdsBot-Google ignores it). */
const eachGeneric = (kind: 'removed-by-script' | 'added-by-script'): ServedFinding[] =>
  DEFAULT_ROBOTS.map((robot) => ({ kind, robot }));

interface Case {
  source: string;
  served: DomFacts;
  rendered: DomFacts;
  findings: ServedFinding[];
}

const CASES: Case[] = [
  {
    source: `${JS_SEO}: Google may skip rendering a page whose HTML says noindex, so a script removing it may not work`,
    served: dom(robots('noindex')),
    rendered: dom(),
    findings: eachGeneric('removed-by-script'),
  },
  {
    source: `${JS_SEO}: a noindex only a script adds is unseen by crawlers that do not run scripts`,
    served: dom(),
    rendered: dom(robots('noindex')),
    findings: eachGeneric('added-by-script'),
  },
  {
    source: `${JS_SEO}: per robot: a googlebot tag removed by a script`,
    served: dom([{ name: 'googlebot', content: 'noindex' }]),
    rendered: dom(),
    findings: [{ kind: 'removed-by-script', robot: 'Googlebot' }],
  },
  {
    source: `${JS_SEO}: per robot: an AdsBot-Google tag added by a script`,
    served: dom(),
    rendered: dom([{ name: 'AdsBot-Google', content: 'none' }]),
    findings: [{ kind: 'added-by-script', robot: 'AdsBot-Google' }],
  },
  {
    source: `${JS_SEO}: "we recommend not using JavaScript to change the canonical URL"`,
    served: dom([], ['https://a.test/x']),
    rendered: dom([], ['https://a.test/y']),
    findings: [
      { kind: 'canonical-changed', served: 'https://a.test/x', rendered: 'https://a.test/y' },
    ],
  },
  {
    source: `${JS_SEO}: a canonical only a script adds`,
    served: dom(),
    rendered: dom([], ['https://a.test/y']),
    findings: [{ kind: 'canonical-changed', served: null, rendered: 'https://a.test/y' }],
  },
  {
    source: `${JS_SEO}: noindex removed and canonical changed, both said`,
    served: dom(robots('noindex'), ['https://a.test/x']),
    rendered: dom([], ['https://a.test/y']),
    findings: [
      ...eachGeneric('removed-by-script'),
      { kind: 'canonical-changed', served: 'https://a.test/x', rendered: 'https://a.test/y' },
    ],
  },
  {
    source: 'identical tags: the same',
    served: dom(robots('noindex'), ['https://a.test/x']),
    rendered: dom(robots('noindex'), ['https://a.test/x']),
    findings: [{ kind: 'same' }],
  },
  {
    source: 'no tags either way: the same',
    served: dom(),
    rendered: dom(),
    findings: [{ kind: 'same' }],
  },
  {
    source: 'none and noindex both say noindex: the same',
    served: dom(robots('none')),
    rendered: dom(robots('noindex')),
    findings: [{ kind: 'same' }],
  },
  {
    source: 'a relative canonical and its absolute form are the same URL',
    served: dom([], ['/x']),
    rendered: dom([], ['https://a.test/x']),
    findings: [{ kind: 'same' }],
  },
];

describe('compareServed: the HTML as served against the DOM as rendered', () => {
  test.each(CASES)('$source', ({ served, rendered, findings }) => {
    expect(compareServed(URL_, served, rendered, ROBOTS, NOW)).toEqual(findings);
  });
});
