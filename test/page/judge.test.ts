import { describe, expect, test } from 'vitest';
import type { DomFacts, PageFacts, ResponseFacts } from '../../src/page/facts.ts';
import {
  type Canonical,
  judgePage,
  type PageJudgement,
  type PageProblem,
  unknownPage,
} from '../../src/page/judge.ts';
import { DEFAULT_ROBOTS } from '../../src/robot-names.ts';
import { fakePage } from '../../ui/fake-connector.ts';

const GOOGLE = 'Google Search Central, Robots meta tag, data-nosnippet, and X-Robots-Tag specs';
const GOOGLE_CANONICAL = 'Google Search Central, How to specify a canonical URL';
const BING = 'Bing Webmaster Help, Which robots metatags does Bing support';
const SEAMS = '/work/shared/TEST-SEAMS.md, page-level signals';
const META_1996 = 'robotstxt.org, the robots META tag (1996)';
const YANDEX = 'Yandex Webmaster, Robots meta tag and X-Robots-Tag HTTP header';
const APPLE = 'Apple Support, About Applebot';

const URL_ = 'https://a.test/p';
/** The default list, and three robots with page rules of their own. */
const ROBOTS = [...DEFAULT_ROBOTS, 'Googlebot-News', 'msnbot', 'AdsBot-Google', 'YandexBot'];
const NOW = Date.UTC(2026, 0, 1);
const PAST = '2020-09-21';
const FUTURE = '2099-01-01T00:00:00Z';

const page = (options: Parameters<typeof fakePage>[1] = {}, url = URL_) => fakePage(url, options);
const withDom = (facts: PageFacts, patch: Partial<DomFacts>): PageFacts =>
  facts.dom.ok ? { ...facts, dom: { ok: true, facts: { ...facts.dom.facts, ...patch } } } : facts;
const withResponse = (facts: PageFacts, patch: Partial<ResponseFacts>): PageFacts =>
  facts.headers.ok
    ? { ...facts, headers: { ok: true, facts: { ...facts.headers.facts, ...patch } } }
    : facts;
const refused = (facts: PageFacts): PageFacts => ({ ...facts, dom: { ok: false, why: 'refused' } });
const meta = (name: string, content: string, inBody = false) => ({ name, content, inBody });

/** `index follow` for each robot named. */
type Says = `${'index' | 'noindex' | 'unknown'} ${'follow' | 'nofollow' | 'unknown'}`;
const every = (says: Says, robots: readonly string[] = ROBOTS): Record<string, Says> =>
  Object.fromEntries(robots.map((r) => [r, says]));

interface Case {
  /** Where the rule comes from. */
  source: string;
  facts: PageFacts | null;
  /** What the page says to each robot named (robots left out are not asserted). */
  says: Record<string, Says>;
  /** The problems' codes, in order. */
  problems?: PageProblem['code'][];
  /** Where each robot named got its noindex. */
  noindexBy?: Record<string, 'meta' | 'header' | null>;
  /** When the page leaves each named robot's index. */
  expiresAt?: Record<string, number | null>;
  /** How the page was read. */
  read?: Pick<PageJudgement, 'headers' | 'dom'>;
}

const CASES: Case[] = [
  {
    source: `${GOOGLE}: no rule, the default (index, follow)`,
    facts: page(),
    says: every('index follow'),
    problems: [],
    read: { headers: 'seen', dom: 'html' },
  },
  {
    source: `${GOOGLE}: name="robots" "applies to all crawlers"; ${META_1996} for the others`,
    facts: page({ metas: [meta('robots', 'noindex')] }),
    says: { ...every('noindex follow', DEFAULT_ROBOTS), 'AdsBot-Google': 'index follow' },
    problems: [],
    noindexBy: { Googlebot: 'meta', GPTBot: 'meta', 'Google-Extended': 'meta' },
  },
  {
    source: `${GOOGLE}: X-Robots-Tag without a user agent addresses every crawler`,
    facts: page({ xRobotsTag: ['noindex'] }),
    says: { ...every('noindex follow', DEFAULT_ROBOTS), 'AdsBot-Google': 'index follow' },
    noindexBy: { Googlebot: 'header', CCBot: 'header' },
  },
  {
    source: `${GOOGLE}: none is "equivalent to noindex, nofollow"`,
    facts: page({ metas: [meta('robots', 'none')] }),
    says: every('noindex nofollow', DEFAULT_ROBOTS),
  },
  {
    source: `${GOOGLE}: presentation rules leave index and follow alone`,
    facts: page({ metas: [meta('robots', 'nosnippet, max-image-preview:none, notranslate')] }),
    says: every('index follow'),
  },
  {
    source: `${GOOGLE}: name="googlebot" is "for all text results" (news included), not Bing's`,
    facts: page({ metas: [meta('googlebot', 'noindex')] }),
    says: {
      Googlebot: 'noindex follow',
      'Googlebot-News': 'noindex follow',
      Bingbot: 'index follow',
      msnbot: 'index follow',
      GPTBot: 'index follow',
    },
    problems: [],
  },
  {
    source: `${GOOGLE}: name="googlebot-news" "for news results" only`,
    facts: page({ metas: [meta('googlebot-news', 'noindex')] }),
    says: {
      'Googlebot-News': 'noindex follow',
      Googlebot: 'index follow',
      Bingbot: 'index follow',
    },
  },
  {
    source: `${GOOGLE}: names are case-insensitive`,
    facts: page({ metas: [meta('GoogleBot', 'NoIndex')] }),
    says: { Googlebot: 'noindex follow', Bingbot: 'index follow' },
  },
  {
    source: `${BING}: name="bingbot" limits the tag to Bing`,
    facts: page({ metas: [meta('bingbot', 'noindex')] }),
    says: {
      Bingbot: 'noindex follow',
      msnbot: 'noindex follow',
      Googlebot: 'index follow',
      GPTBot: 'index follow',
    },
  },
  {
    source: `${BING}: name="msnbot" too`,
    facts: page({ metas: [meta('msnbot', 'nofollow')] }),
    says: { Bingbot: 'index nofollow', Googlebot: 'index follow' },
  },
  {
    source: `${GOOGLE}: example robots nofollow + googlebot noindex, the rules combine`,
    facts: page({ metas: [meta('robots', 'nofollow'), meta('googlebot', 'noindex')] }),
    says: {
      Googlebot: 'noindex nofollow',
      Bingbot: 'index nofollow',
      GPTBot: 'index nofollow',
    },
  },
  {
    source: `${GOOGLE}: "in the case of conflicting rules, the more restrictive rule applies"`,
    facts: page({ metas: [meta('robots', 'index, follow'), meta('robots', 'noindex')] }),
    says: every('noindex follow', DEFAULT_ROBOTS),
    noindexBy: { Googlebot: 'meta' },
  },
  {
    source: `${GOOGLE}: the more restrictive rule applies across meta and header`,
    facts: page({ metas: [meta('robots', 'all')], xRobotsTag: ['nofollow'] }),
    says: every('index nofollow', DEFAULT_ROBOTS),
  },
  {
    source: `${GOOGLE}: a googlebot tag saying index does not undo the robots noindex`,
    facts: page({ metas: [meta('robots', 'noindex'), meta('googlebot', 'index')] }),
    says: { Googlebot: 'noindex follow', Bingbot: 'noindex follow' },
    problems: ['contradicts-generic'],
  },
  {
    source: `${GOOGLE}: googlebot follow against robots nofollow`,
    facts: page({ xRobotsTag: ['nofollow', 'googlebot: follow'] }),
    says: { Googlebot: 'index nofollow' },
    problems: ['contradicts-generic'],
  },
  {
    source: `${GOOGLE}: "To block non-search crawlers, such as AdsBot-Google, … rules targeted to the specific crawler"`,
    facts: page({ metas: [meta('robots', 'noindex, nofollow')] }),
    says: { 'AdsBot-Google': 'index follow', Googlebot: 'noindex nofollow' },
  },
  {
    source: `${GOOGLE}: example <meta name="AdsBot-Google" content="noindex">`,
    facts: page({ metas: [meta('AdsBot-Google', 'noindex')] }),
    says: { 'AdsBot-Google': 'noindex follow', Googlebot: 'index follow' },
  },
  {
    source: `${GOOGLE}: AdsBot-Google and an X-Robots-Tag scoped to it`,
    facts: page({ xRobotsTag: ['noindex, adsbot-google: nofollow'] }),
    says: { 'AdsBot-Google': 'index nofollow', Googlebot: 'noindex follow' },
  },
  // X-Robots-Tag scopes.
  {
    source: `${GOOGLE}: X-Robots-Tag "googlebot: nofollow" / "otherbot: noindex, nofollow"`,
    facts: page({ xRobotsTag: ['googlebot: nofollow', 'otherbot: noindex, nofollow'] }),
    says: { ...every('index follow', DEFAULT_ROBOTS), Googlebot: 'index nofollow' },
  },
  {
    source: `${SEAMS}: Firefox joins repeated headers ("googlebot: nofollow, bingbot: noindex")`,
    facts: page({ xRobotsTag: ['googlebot: nofollow, bingbot: noindex'] }),
    says: {
      Googlebot: 'index nofollow',
      Bingbot: 'noindex follow',
      Applebot: 'index follow',
      GPTBot: 'index follow',
    },
    noindexBy: { Bingbot: 'header', Googlebot: null },
  },
  {
    source: `${SEAMS}: header scope names are case-insensitive`,
    facts: page({ xRobotsTag: ['BingBot: noindex'] }),
    says: { Bingbot: 'noindex follow', Googlebot: 'index follow' },
  },
  {
    source: 'a robot with no profile: no names documented, so robots alone, not its own token',
    facts: page({ metas: [meta('mybot', 'noindex')], xRobotsTag: ['mybot: nofollow'] }),
    says: { MyBot: 'index follow', Googlebot: 'index follow' },
    problems: ['unread-robots-name', 'unread-robots-name'],
  },
  // Which names address a robot: its vendor's documented list, no more (issue 31, item 3).
  {
    source: `${GOOGLE}: "Google supports two user agent tokens in the robots meta tag; other values are ignored"`,
    facts: page({
      metas: [meta('googlebot-image', 'noindex'), meta('Googlebot-Video', 'nofollow')],
    }),
    says: {
      'Googlebot-Image': 'index follow',
      'Googlebot-Video': 'index follow',
      Googlebot: 'index follow',
    },
    problems: ['unread-robots-name', 'unread-robots-name'],
  },
  {
    source: `${GOOGLE}: googlebot is "for all text results": not Google's image or video crawlers`,
    facts: page({ metas: [meta('googlebot', 'noindex')] }),
    says: {
      Googlebot: 'noindex follow',
      'Googlebot-Image': 'index follow',
      'Googlebot-Video': 'index follow',
      'Storebot-Google': 'index follow',
    },
    problems: [],
  },
  {
    source: `${GOOGLE}: robots "applies to all crawlers", Google's image crawler included`,
    facts: page({ metas: [meta('robots', 'noindex')] }),
    says: { 'Googlebot-Image': 'noindex follow', 'Storebot-Google': 'noindex follow' },
  },
  {
    source: `${APPLE}: Applebot reads name="robots"; no applebot name is documented`,
    facts: page({ metas: [meta('applebot', 'noindex')] }),
    says: { Applebot: 'index follow', Googlebot: 'index follow' },
    problems: ['unread-robots-name'],
  },
  {
    source: `${META_1996}: GPTBot's operator documents no name, so a tag named for it addresses nobody`,
    facts: page({ metas: [meta('GPTBot', 'noindex')], xRobotsTag: ['ClaudeBot: nofollow'] }),
    says: { GPTBot: 'index follow', ClaudeBot: 'index follow' },
    problems: ['unread-robots-name', 'unread-robots-name'],
  },
  {
    source: `${YANDEX}: <meta name="yandex" …> addresses Yandex's robots`,
    facts: page({ metas: [meta('yandex', 'noindex')] }),
    says: { YandexBot: 'noindex follow', Googlebot: 'index follow' },
    problems: [],
  },
  // Each vendor's rule for directives that disagree (issue 31, item 2).
  {
    source: `${YANDEX}: "Allow directives have priority over prohibiting directives if there's a combination of both"`,
    facts: page({ metas: [meta('robots', 'noindex, index')] }),
    says: { YandexBot: 'index follow', Googlebot: 'noindex follow', Bingbot: 'noindex follow' },
    noindexBy: { YandexBot: null, Googlebot: 'meta' },
  },
  {
    source: `${YANDEX}: allow directives win across tags and the header: all against none`,
    facts: page({ metas: [meta('yandex', 'all')], xRobotsTag: ['none'] }),
    says: { YandexBot: 'index follow', Googlebot: 'noindex nofollow' },
    problems: [],
  },
  {
    source: `${YANDEX}: follow cancels nofollow, not noindex`,
    facts: page({ metas: [meta('robots', 'noindex, nofollow'), meta('yandex', 'follow')] }),
    says: { YandexBot: 'noindex follow', Googlebot: 'noindex nofollow' },
  },
  {
    source: `${BING}: no rule documented for disagreeing directives: the most restrictive, assumed`,
    facts: page({ metas: [meta('bingbot', 'index'), meta('robots', 'noindex')] }),
    says: { Bingbot: 'noindex follow', Applebot: 'noindex follow', GPTBot: 'noindex follow' },
  },
  // unavailable_after.
  {
    source: `${GOOGLE}: unavailable_after in the past: no longer shown; ${BING} does not list it`,
    facts: page({ metas: [meta('robots', `unavailable_after: ${PAST}`)] }),
    says: {
      Googlebot: 'noindex follow',
      'Googlebot-News': 'noindex follow',
      Bingbot: 'index follow',
      Applebot: 'index follow',
    },
    expiresAt: { Googlebot: null, Bingbot: null },
    noindexBy: { Googlebot: 'meta', Bingbot: null },
  },
  {
    source: `${GOOGLE}: unavailable_after in the future: indexed until then`,
    facts: page({ xRobotsTag: [`unavailable_after: ${FUTURE}`] }),
    says: { Googlebot: 'index follow', Bingbot: 'index follow' },
    expiresAt: { Googlebot: Date.UTC(2099, 0, 1), Bingbot: null },
  },
  {
    source: `${GOOGLE}: the RFC 850 example form, with its weekday comma, in the past`,
    facts: page({ xRobotsTag: ['unavailable_after: Sunday, 06-Nov-94 08:49:37 GMT'] }),
    says: { Googlebot: 'noindex follow', Bingbot: 'index follow' },
  },
  {
    source: `${GOOGLE}: "This rule is ignored if no valid date/time is specified"`,
    facts: page({ metas: [meta('robots', 'unavailable_after: someday')] }),
    says: every('index follow'),
    problems: ['bad-date'],
    expiresAt: { Googlebot: null },
  },
  // What could be read.
  {
    source: `${SEAMS}: headers unknown after history.pushState: unknown unless the DOM says noindex`,
    facts: page({ headers: 'same-document' }),
    says: every('unknown unknown'),
    read: { headers: 'same-document', dom: 'html' },
  },
  {
    source: `${SEAMS}: same-document, the DOM says noindex`,
    facts: page({ headers: 'same-document', metas: [meta('robots', 'noindex')] }),
    says: { ...every('noindex unknown', DEFAULT_ROBOTS), 'AdsBot-Google': 'unknown unknown' },
  },
  {
    source: `${SEAMS}: response not seen: unknown unless the DOM says so`,
    facts: page({ headers: 'not-seen', metas: [meta('googlebot', 'nofollow')] }),
    says: { Googlebot: 'unknown nofollow', Bingbot: 'unknown unknown' },
    read: { headers: 'not-seen', dom: 'html' },
  },
  {
    source: `${SEAMS}: a text/plain response: its X-Robots-Tag counts, its DOM does not`,
    facts: page({
      contentType: 'text/plain; charset=utf-8',
      xRobotsTag: ['noindex'],
      metas: [meta('robots', 'nofollow')],
      canonicals: ['resource://content-accessible/plaintext.css'],
    }),
    says: every('noindex follow', DEFAULT_ROBOTS),
    noindexBy: { Googlebot: 'header' },
    problems: [],
    read: { headers: 'seen', dom: 'not-html' },
  },
  {
    source: `${SEAMS}: a text/plain response without X-Robots-Tag: index, whatever its DOM holds`,
    facts: page({ contentType: 'text/plain', metas: [meta('robots', 'noindex')] }),
    says: every('index follow'),
    read: { headers: 'seen', dom: 'not-html' },
  },
  {
    source: `${GOOGLE}: X-Robots-Tag for non-HTML files; a PDF the extension cannot read`,
    facts: refused(page({ contentType: 'application/pdf', xRobotsTag: ['noindex, nofollow'] })),
    says: every('noindex nofollow', DEFAULT_ROBOTS),
    read: { headers: 'seen', dom: 'not-html' },
  },
  {
    source: `${GOOGLE}: a PDF with no X-Robots-Tag: judged by its headers alone`,
    facts: refused(page({ contentType: 'application/pdf' })),
    says: every('index follow'),
  },
  {
    source: `${SEAMS}: an HTML page whose DOM cannot be read: unknown unless the header says no`,
    facts: refused(page({ xRobotsTag: ['nofollow'] })),
    says: every('unknown nofollow', DEFAULT_ROBOTS),
    read: { headers: 'seen', dom: 'unreadable' },
  },
  {
    source: 'application/xhtml+xml is HTML',
    facts: page({ contentType: 'application/xhtml+xml', metas: [meta('robots', 'noindex')] }),
    says: { Googlebot: 'noindex follow' },
    read: { headers: 'seen', dom: 'html' },
  },
  {
    source: 'no Content-Type header: the document type decides',
    facts: withResponse(page({ metas: [meta('robots', 'noindex')] }), { contentType: null }),
    says: { Googlebot: 'noindex follow' },
    read: { headers: 'seen', dom: 'html' },
  },
  // Tags in odd places, odd names.
  {
    source: `${GOOGLE}: a meta tag in <body> is read (Google), with a warning`,
    facts: page({ metas: [meta('robots', 'noindex', true)] }),
    says: { Googlebot: 'noindex follow' },
    problems: ['meta-in-body'],
  },
  {
    source: `${GOOGLE}: "other values are ignored": name="robot" addresses nobody`,
    facts: page({ metas: [meta('robot', 'noindex')] }),
    says: every('index follow'),
    problems: ['unknown-robots-name'],
  },
  {
    source: `${GOOGLE}: a misspelt rule is ignored, with a problem`,
    facts: page({ metas: [meta('robots', 'no-index')], xRobotsTag: ['nofolow'] }),
    says: every('index follow'),
    problems: ['unknown-directive', 'unknown-directive'],
  },
  {
    source: 'unrelated meta names are no problem',
    facts: page({ metas: [meta('viewport', 'width=device-width'), meta('description', 'x')] }),
    says: every('index follow'),
    problems: [],
  },
  {
    source: 'what was cut is said',
    facts: withResponse(
      withDom(page(), {
        metas: [{ name: 'robots', content: 'noindex', inBody: false, cut: true }],
        cut: true,
      }),
      { cut: true },
    ),
    says: { Googlebot: 'noindex follow' },
    problems: ['content-cut', 'tags-cut', 'headers-cut'],
  },
  {
    source: `${SEAMS}: not an http(s) page: unknown`,
    facts: null,
    says: every('unknown unknown'),
    problems: [],
  },
];

describe('judgePage: what the page says to each robot', () => {
  test.each(CASES)('$source', ({ facts, says, problems, noindexBy, expiresAt, read }) => {
    const robots = [...new Set([...ROBOTS, ...Object.keys(says)])];
    const judgement = judgePage(facts, robots, NOW);
    const got = Object.fromEntries(
      judgement.robots.map((r) => [r.robot, `${r.index} ${r.follow}`]),
    );
    for (const [robot, expected] of Object.entries(says))
      expect([robot, got[robot]]).toEqual([robot, expected]);
    if (problems !== undefined) expect(judgement.problems.map((p) => p.code)).toEqual(problems);
    for (const [robot, kind] of Object.entries(noindexBy ?? {})) {
      const by = judgement.robots.find((r) => r.robot === robot)?.noindexBy ?? null;
      expect([robot, by?.source.kind ?? null]).toEqual([robot, kind]);
    }
    for (const [robot, at] of Object.entries(expiresAt ?? {})) {
      const row = judgement.robots.find((r) => r.robot === robot);
      expect([robot, row?.expiresAt]).toEqual([robot, at]);
    }
    if (read !== undefined)
      expect({ headers: judgement.headers, dom: judgement.dom }).toEqual(read);
  });
});

describe('judgePage: details', () => {
  test('null facts: unreadable, every robot unknown (unknownPage)', () => {
    const judgement = judgePage(null, DEFAULT_ROBOTS, NOW);
    expect(judgement.readable).toBe(false);
    expect(judgement.robots).toEqual(DEFAULT_ROBOTS.map(unknownPage));
    expect(judgement.canonical).toBeNull();
  });

  // Issue 31, item 5: fetch's Headers.get and a browser may join repeated X-Robots-Tag lines with
  // commas. `googlebot: nofollow, noindex` is then one line (Google: both for Googlebot) or two
  // lines joined (noindex for every robot): read as one line, and said.
  test.each([
    [['googlebot: nofollow, noindex'], ['noindex']],
    [['googlebot: nofollow, bingbot: noindex'], null],
    [['noindex, googlebot: nofollow'], null],
    [['googlebot: nofollow', 'noindex'], null],
    [
      ['googlebot: unavailable_after: 2020-01-01, noarchive, max-snippet: 5'],
      ['noarchive', 'max-snippet: 5'],
    ],
    [['unavailable_after: 2020-01-01, noarchive'], null],
  ])('X-Robots-Tag %j: directives after a scope, in one value: %j', (xRobotsTag, after) => {
    const { problems } = judgePage(page({ xRobotsTag }), ROBOTS, NOW);
    const joined = problems.filter((p) => p.code === 'header-maybe-joined');
    expect(joined).toEqual(
      after === null ? [] : [{ code: 'header-maybe-joined', value: xRobotsTag[0], after }],
    );
  });

  test('the problem of a misspelt name suggests robots', () => {
    const { problems } = judgePage(page({ metas: [meta('robot', 'noindex')] }), ROBOTS, NOW);
    expect(problems).toEqual([
      { code: 'unknown-robots-name', name: 'robot', suggestion: 'robots' },
    ]);
  });

  test('a directive Bing does not document is applied, not honoured', () => {
    const facts = page({ metas: [meta('robots', `unavailable_after: ${PAST}, noarchive`)] });
    const [google, bing] = judgePage(facts, ['Googlebot', 'Bingbot'], NOW).robots;
    expect(google?.applied.map((a) => [a.directive.name, a.honoured])).toEqual([
      ['unavailable_after', true],
      ['noarchive', false],
    ]);
    expect(bing?.applied.map((a) => [a.directive.name, a.honoured])).toEqual([
      ['unavailable_after', false],
      ['noarchive', true],
    ]);
  });

  // Found by these tables, fixed: a tag naming AdsBot-Google that says index, beside a generic noindex, is reported as
  // contradicts-generic ("…the generic robots tag says noindex: the most restrictive wins"), yet
  // AdsBot-Google is judged index, rightly: Google, "To block non-search crawlers, such as
  // AdsBot-Google, … rules targeted to the specific crawler"; the generic tag does not address it,
  // so there is nothing to contradict.
  test('no contradicts-generic for a robot the generic tag does not address', () => {
    const facts = page({ metas: [meta('robots', 'noindex'), meta('AdsBot-Google', 'index')] });
    const judgement = judgePage(facts, ['Googlebot', 'AdsBot-Google'], NOW);
    expect(judgement.robots.map((r) => r.index)).toEqual(['noindex', 'index']);
    expect(judgement.problems).toEqual([]);
  });

  test("each conflict says which directives disagreed and which won, by the robot's rule", () => {
    const facts = page({ metas: [meta('robots', 'index'), meta('robots', 'noindex')] });
    const [google, yandex, bing] = judgePage(
      facts,
      ['Googlebot', 'YandexBot', 'Bingbot'],
      NOW,
    ).robots;
    const brief = (r: typeof google) =>
      r?.conflicts.map((c) => [c.signal, c.allow.directive.name, c.deny.directive.name, c.winner]);
    expect(brief(google)).toEqual([['index', 'index', 'noindex', 'deny']]);
    expect(brief(yandex)).toEqual([['index', 'index', 'noindex', 'allow']]);
    expect(brief(bing)).toEqual([['index', 'index', 'noindex', 'deny']]);
    expect([google?.combining, google?.combiningDocumented]).toEqual(['restrictive', true]);
    expect([yandex?.combining, yandex?.combiningDocumented]).toEqual(['allow-wins', true]);
    expect([bing?.combining, bing?.combiningDocumented]).toEqual(['restrictive', false]);
  });

  test('no conflict where nothing disagrees', () => {
    const facts = page({ metas: [meta('robots', 'noindex, follow')] });
    expect(
      judgePage(facts, ['Googlebot', 'YandexBot'], NOW).robots.map((r) => r.conflicts),
    ).toEqual([[], []]);
  });

  test('no contradicts-generic for a yandex tag: for Yandex the allowing directive wins', () => {
    const facts = page({ metas: [meta('robots', 'noindex'), meta('yandex', 'index')] });
    const judgement = judgePage(facts, ['YandexBot'], NOW);
    expect(judgement.robots[0]?.index).toBe('index');
    expect(judgement.problems).toEqual([]);
  });

  test("each robot's names, documented or assumed", () => {
    const rows = judgePage(
      page(),
      [
        'Googlebot',
        'Googlebot-News',
        'Googlebot-Image',
        'AdsBot-Google',
        'Bingbot',
        'Applebot',
        'YandexBot',
        'GPTBot',
        'MyBot',
      ],
      NOW,
    ).robots;
    expect(rows.map((r) => [r.robot, r.names.join(' '), r.namesDocumented])).toEqual([
      ['Googlebot', 'robots googlebot', true],
      ['Googlebot-News', 'robots googlebot googlebot-news', true],
      ['Googlebot-Image', 'robots', true],
      ['AdsBot-Google', 'adsbot-google', true],
      ['Bingbot', 'robots bingbot msnbot', true],
      ['Applebot', 'robots', true],
      ['YandexBot', 'robots yandex', true],
      ['GPTBot', 'robots', false],
      ['MyBot', 'robots', false],
    ]);
  });

  test('the problem of a tag named for a robot that reads no such name', () => {
    const facts = page({ metas: [meta('GPTBot', 'noindex')], xRobotsTag: ['gptbot: nofollow'] });
    expect(judgePage(facts, ['GPTBot'], NOW).problems).toEqual([
      { code: 'unread-robots-name', name: 'GPTBot', kind: 'meta' },
      { code: 'unread-robots-name', name: 'gptbot', kind: 'header' },
    ]);
  });

  test('contradicts-generic names the tag and both words', () => {
    const facts = page({ metas: [meta('robots', 'noindex'), meta('googlebot', 'index')] });
    expect(judgePage(facts, ROBOTS, NOW).problems).toEqual([
      { code: 'contradicts-generic', name: 'googlebot', says: 'index', generic: 'noindex' },
    ]);
  });
});

interface CanonicalCase {
  source: string;
  facts: PageFacts;
  /** The canonical that counts, or null. */
  canonical: Partial<Canonical> | null;
  problems: PageProblem['code'][];
  /** How many count and were resolved (those in <body> are only said, in problems). */
  declared?: number;
}

const CANONICALS: CanonicalCase[] = [
  {
    source: `${GOOGLE_CANONICAL}: none declared`,
    facts: page(),
    canonical: null,
    problems: [],
  },
  {
    source: `${GOOGLE_CANONICAL}: a self-referential canonical`,
    facts: page({ canonicals: [URL_] }),
    canonical: { url: URL_, via: 'tag', self: true, sameHost: true, isHttp: true, relative: false },
    problems: [],
  },
  {
    source: `${SEAMS}: self, the page's fragment aside`,
    facts: page({ canonicals: [URL_] }, `${URL_}#section-2`),
    canonical: { url: URL_, self: true },
    problems: [],
  },
  {
    source: `${SEAMS}: self, the canonical's fragment aside`,
    facts: page({ canonicals: [`${URL_}#top`] }),
    canonical: { url: `${URL_}#top`, self: true },
    problems: [],
  },
  {
    source: `${SEAMS}: a relative href resolves against the document's base URL (<base href>)`,
    facts: withDom(page({ canonicals: ['q?x=1'] }), { baseUrl: 'https://a.test/base/' }),
    canonical: {
      url: 'https://a.test/base/q?x=1',
      relative: true,
      self: false,
      sameHost: true,
      isHttp: true,
    },
    problems: ['canonical-relative'],
  },
  {
    source: `${GOOGLE_CANONICAL}: "use absolute paths rather than relative paths"`,
    facts: page({ canonicals: ['/p'] }),
    canonical: { url: URL_, relative: true, self: true },
    problems: ['canonical-relative'],
  },
  {
    source: `${GOOGLE_CANONICAL}: rel="canonical" HTTP header, resolved against the response URL (RFC 8288 §3.2)`,
    facts: withDom(page({ link: ['<r.pdf>; rel="canonical"'] }, 'https://a.test/dir/p'), {
      baseUrl: 'https://cdn.test/base/',
    }),
    canonical: { url: 'https://a.test/dir/r.pdf', via: 'header', sameHost: true, self: false },
    problems: [],
  },
  {
    source: `${GOOGLE_CANONICAL}: the header example, another host`,
    facts: page({ link: ['<https://www.example.com/downloads/white-paper.pdf>; rel="canonical"'] }),
    canonical: {
      url: 'https://www.example.com/downloads/white-paper.pdf',
      via: 'header',
      sameHost: false,
    },
    problems: ['canonical-cross-host'],
  },
  {
    source: `${GOOGLE_CANONICAL}: a canonical on another host (cross-domain)`,
    facts: page({ canonicals: ['https://b.test/p'] }),
    canonical: { url: 'https://b.test/p', sameHost: false, self: false, isHttp: true },
    problems: ['canonical-cross-host'],
  },
  {
    source: 'a canonical that is not http(s) is shown, never followed',
    facts: page({ canonicals: ['javascript:alert(1)'] }),
    canonical: { url: 'javascript:alert(1)', isHttp: false, self: false },
    problems: ['canonical-not-http'],
  },
  {
    source: `${GOOGLE_CANONICAL}: several canonicals that disagree (tag and header)`,
    facts: page({ canonicals: ['https://a.test/x'], link: ['<https://a.test/y>; rel=canonical'] }),
    canonical: { url: 'https://a.test/x', via: 'tag' },
    problems: ['canonicals-disagree'],
    declared: 2,
  },
  {
    source: `${GOOGLE_CANONICAL}: tag and header that agree are no problem`,
    facts: page({ canonicals: ['https://a.test/x'], link: ['<https://a.test/x>; rel=canonical'] }),
    canonical: { url: 'https://a.test/x' },
    problems: [],
    declared: 2,
  },
  {
    source: `${GOOGLE_CANONICAL}: rel="canonical" is read in <head> only`,
    facts: withDom(page(), { canonicals: [{ href: 'https://a.test/x', inBody: true }] }),
    canonical: null,
    problems: ['canonical-in-body'],
    declared: 0,
  },
  {
    source: `${GOOGLE_CANONICAL}: the <head> one counts, the <body> one does not disagree`,
    facts: withDom(page(), {
      canonicals: [
        { href: 'https://a.test/x', inBody: true },
        { href: 'https://a.test/y', inBody: false },
      ],
    }),
    canonical: { url: 'https://a.test/y', inBody: false },
    problems: ['canonical-in-body'],
    declared: 1,
  },
  {
    source: `${SEAMS}: a text/plain page's DOM declares no canonical (Firefox's stylesheet link)`,
    facts: page({ contentType: 'text/plain', canonicals: ['resource://content-accessible/x.css'] }),
    canonical: null,
    problems: [],
    declared: 0,
  },
  {
    source: `${SEAMS}: after history.pushState the tag still counts`,
    facts: page({ headers: 'same-document', canonicals: ['https://a.test/x'] }),
    canonical: { url: 'https://a.test/x', via: 'tag' },
    problems: [],
  },
];

describe('judgePage: canonicals', () => {
  test.each(CANONICALS)('$source', ({ facts, canonical, problems, declared }) => {
    const judgement = judgePage(facts, ROBOTS, NOW);
    if (canonical === null) expect(judgement.canonical).toBeNull();
    else expect(judgement.canonical).toMatchObject(canonical);
    expect(judgement.problems.map((p) => p.code)).toEqual(problems);
    if (declared !== undefined) expect(judgement.canonicals).toHaveLength(declared);
  });

  // Found by these tables, fixed: canonical-relative carries the resolved URL, not the href as written, so the sentence
  // reads "The canonical is a relative URL (https://a.test/q): an absolute URL is safer." The
  // problem's field is `href`, as in canonical-in-body, which keeps the href as written.
  test('canonical-relative names the href as written', () => {
    const { problems } = judgePage(page({ canonicals: ['/q'] }), ROBOTS, NOW);
    expect(problems).toEqual([{ code: 'canonical-relative', href: '/q' }]);
  });
});
