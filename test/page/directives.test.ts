import { describe, expect, test } from 'vitest';
import {
  DIRECTIVES,
  type DirectiveName,
  type DirectiveProblem,
  type DirectiveScope,
  honours,
  type PageRules,
  parseMetaContent,
  parseXRobotsTag,
  suggest,
} from '../../src/page/directives.ts';

const GOOGLE = 'Google Search Central, Robots meta tag, data-nosnippet, and X-Robots-Tag specs';
const BING = 'Bing Webmaster Help, Which robots metatags does Bing support';
const APPLE = 'Apple Support, About Applebot';
const MDN = 'MDN, X-Robots-Tag header';
const SEAMS = '/work/shared/TEST-SEAMS.md, page-level signals';
const META_1996 = 'robotstxt.org, the robots META tag (1996)';

/** A directive as expected: its name, and its value when it takes one. */
interface Want {
  name: DirectiveName;
  value?: number | string;
}
const d = (name: DirectiveName, value?: number | string): Want =>
  value === undefined ? { name } : { name, value };
const unknown = (text: string, suggestion: DirectiveName | null = null): DirectiveProblem => ({
  code: 'unknown-directive',
  text,
  suggestion,
});
const badValue = (text: string): DirectiveProblem => ({
  code: 'bad-value',
  text,
  suggestion: null,
});
const badDate = (text: string): DirectiveProblem => ({ code: 'bad-date', text, suggestion: null });

/** A scope as compared: the directives' names and values (not their text), its problems. */
function shape(scope: DirectiveScope) {
  return {
    agent: scope.agent,
    directives: scope.directives.map((x): Want => ('value' in x ? d(x.name, x.value) : d(x.name))),
    problems: scope.problems,
  };
}

/** RFC 9110 §5.6.7's example instant, in each of its forms. */
const NOV_6_1994 = Date.UTC(1994, 10, 6, 8, 49, 37);

interface MetaCase {
  /** Where the rule comes from. */
  source: string;
  content: string;
  directives: Want[];
  problems?: DirectiveProblem[];
}

const META: MetaCase[] = [
  // Google's list of rules, one by one.
  { source: `${GOOGLE}: all`, content: 'all', directives: [d('all')] },
  { source: `${GOOGLE}: noindex`, content: 'noindex', directives: [d('noindex')] },
  { source: `${GOOGLE}: nofollow`, content: 'nofollow', directives: [d('nofollow')] },
  { source: `${GOOGLE}: none`, content: 'none', directives: [d('none')] },
  { source: `${GOOGLE}: nosnippet`, content: 'nosnippet', directives: [d('nosnippet')] },
  {
    source: `${GOOGLE}: indexifembedded (with noindex)`,
    content: 'noindex, indexifembedded',
    directives: [d('noindex'), d('indexifembedded')],
  },
  {
    source: `${GOOGLE}: max-snippet: [number]`,
    content: 'max-snippet:20',
    directives: [d('max-snippet', 20)],
  },
  {
    source: `${GOOGLE}: max-snippet:0, no snippet`,
    content: 'max-snippet:0',
    directives: [d('max-snippet', 0)],
  },
  {
    source: `${GOOGLE}: max-snippet:-1, no limit`,
    content: 'max-snippet:-1',
    directives: [d('max-snippet', -1)],
  },
  {
    source: `${GOOGLE}: space after the colon`,
    content: 'max-snippet: 50',
    directives: [d('max-snippet', 50)],
  },
  {
    source: `${GOOGLE}: "If no parseable [number] is specified, this rule will be ignored"`,
    content: 'max-snippet:lots',
    directives: [],
    problems: [badValue('max-snippet:lots')],
  },
  {
    source: `${GOOGLE}: -1 is the only negative value`,
    content: 'max-snippet:-2',
    directives: [],
    problems: [badValue('max-snippet:-2')],
  },
  {
    source: `${GOOGLE}: a number of characters is whole`,
    content: 'max-snippet:1.5',
    directives: [],
    problems: [badValue('max-snippet:1.5')],
  },
  {
    source: `${GOOGLE}: max-snippet needs a value`,
    content: 'max-snippet',
    directives: [],
    problems: [badValue('max-snippet')],
  },
  {
    source: `${GOOGLE}: max-image-preview: none`,
    content: 'max-image-preview:none',
    directives: [d('max-image-preview', 'none')],
  },
  {
    source: `${GOOGLE}: max-image-preview: standard (values case-insensitive)`,
    content: 'max-image-preview:STANDARD',
    directives: [d('max-image-preview', 'standard')],
  },
  {
    source: `${GOOGLE}: example "max-snippet:20, max-image-preview:large"`,
    content: 'max-snippet:20, max-image-preview:large',
    directives: [d('max-snippet', 20), d('max-image-preview', 'large')],
  },
  {
    source: `${GOOGLE}: max-image-preview takes none, standard or large`,
    content: 'max-image-preview:huge',
    directives: [],
    problems: [badValue('max-image-preview:huge')],
  },
  {
    source: `${GOOGLE}: max-video-preview: [number]`,
    content: 'max-video-preview:15',
    directives: [d('max-video-preview', 15)],
  },
  {
    source: `${GOOGLE}: max-video-preview:0, a static image`,
    content: 'max-video-preview:0',
    directives: [d('max-video-preview', 0)],
  },
  {
    source: `${GOOGLE}: max-video-preview:-1, no limit`,
    content: 'max-video-preview:-1',
    directives: [d('max-video-preview', -1)],
  },
  {
    source: `${GOOGLE}: max-video-preview without a number is ignored`,
    content: 'max-video-preview:long',
    directives: [],
    problems: [badValue('max-video-preview:long')],
  },
  { source: `${GOOGLE}: notranslate`, content: 'notranslate', directives: [d('notranslate')] },
  { source: `${GOOGLE}: noimageindex`, content: 'noimageindex', directives: [d('noimageindex')] },
  {
    source: `${GOOGLE}: meta example "unavailable_after: 2020-09-21" (ISO 8601)`,
    content: 'unavailable_after: 2020-09-21',
    directives: [d('unavailable_after', Date.UTC(2020, 8, 21))],
  },
  {
    source: `${GOOGLE}: ISO 8601 with a time and an offset`,
    content: 'unavailable_after: 2020-09-21T10:30:00+02:00',
    directives: [d('unavailable_after', Date.UTC(2020, 8, 21, 8, 30))],
  },
  {
    source: `${GOOGLE}: RFC 822 (RFC 1123 form), the comma after the weekday belongs to the date`,
    content: 'unavailable_after: Sun, 06 Nov 1994 08:49:37 GMT',
    directives: [d('unavailable_after', NOV_6_1994)],
  },
  {
    source: `${GOOGLE}: RFC 850, the comma after the weekday belongs to the date`,
    content: 'unavailable_after: Sunday, 06-Nov-94 08:49:37 GMT',
    directives: [d('unavailable_after', NOV_6_1994)],
  },
  {
    source: `${GOOGLE}: RFC 850 date followed by another rule`,
    content: 'unavailable_after: Sunday, 06-Nov-94 08:49:37 GMT, noindex',
    directives: [d('unavailable_after', NOV_6_1994), d('noindex')],
  },
  {
    source: `${GOOGLE}: X-Robots-Tag example date "25 Jun 2010 15:00:00 PST" (RFC 822)`,
    content: 'unavailable_after: 25 Jun 2010 15:00:00 PST',
    directives: [d('unavailable_after', Date.UTC(2010, 5, 25, 23))],
  },
  {
    source: `${GOOGLE}: "This rule is ignored if no valid date/time is specified"`,
    content: 'unavailable_after: 31/31/2020',
    directives: [],
    problems: [badDate('unavailable_after: 31/31/2020')],
  },
  {
    source: `${GOOGLE}: unavailable_after with no date`,
    content: 'unavailable_after:',
    directives: [],
    problems: [badDate('unavailable_after:')],
  },
  // Other vendors' and retired words: known, not unknown.
  { source: `${BING}: noarchive`, content: 'noarchive', directives: [d('noarchive')] },
  { source: `${BING}: nocache`, content: 'nocache', directives: [d('nocache')] },
  { source: 'noodp: retired, still known', content: 'noodp', directives: [d('noodp')] },
  { source: 'noydir: retired, still known', content: 'noydir', directives: [d('noydir')] },
  { source: META_1996, content: 'index, follow', directives: [d('index'), d('follow')] },
  // Case and whitespace.
  {
    source: `${GOOGLE}: "Both the name and the content attributes are case-insensitive"`,
    content: 'NOINDEX , NoFollow',
    directives: [d('noindex'), d('nofollow')],
  },
  {
    source: `${GOOGLE}: a comma-separated list; empty pieces and tabs are no rule`,
    content: ' ,\t,noindex,, \tnofollow\t',
    directives: [d('noindex'), d('nofollow')],
  },
  { source: `${GOOGLE}: empty content says nothing`, content: '', directives: [] },
  // Near misses: unknown, with the directive they probably mean.
  {
    source: `${GOOGLE}: rule names are whole words; noindexer is not noindex`,
    content: 'noindexer',
    directives: [],
    problems: [unknown('noindexer', 'noindex')],
  },
  {
    source: `${GOOGLE}: no-index is not a rule`,
    content: 'no-index',
    directives: [],
    problems: [unknown('no-index', 'noindex')],
  },
  {
    source: `${GOOGLE}: misspelt nofollow`,
    content: 'nofolow',
    directives: [],
    problems: [unknown('nofolow', 'nofollow')],
  },
  {
    source: `${GOOGLE}: rules are separated by commas, not spaces`,
    content: 'noindex nofollow',
    directives: [],
    problems: [unknown('noindex nofollow', 'noindex')],
  },
  {
    source: `${GOOGLE}: rules are separated by commas, not semicolons`,
    content: 'noindex;nofollow',
    directives: [],
    problems: [unknown('noindex;nofollow', 'noindex')],
  },
  {
    source: `${GOOGLE}: noindex takes no value`,
    content: 'noindex:yes',
    directives: [],
    problems: [unknown('noindex:yes')],
  },
  {
    source: `${GOOGLE}: a word like nothing known has no suggestion`,
    content: 'banana, noindex',
    directives: [d('noindex')],
    problems: [unknown('banana')],
  },
];

interface HeaderCase {
  source: string;
  value: string;
  scopes: { agent: string | null; directives: Want[]; problems?: DirectiveProblem[] }[];
}

const HEADERS: HeaderCase[] = [
  {
    source: `${GOOGLE}: X-Robots-Tag example "noindex, nofollow"`,
    value: 'noindex, nofollow',
    scopes: [{ agent: null, directives: [d('noindex'), d('nofollow')] }],
  },
  {
    source: `${GOOGLE}: X-Robots-Tag example "googlebot: nofollow"`,
    value: 'googlebot: nofollow',
    scopes: [{ agent: 'googlebot', directives: [d('nofollow')] }],
  },
  {
    source: `${GOOGLE}: X-Robots-Tag example "otherbot: noindex, nofollow" (both otherbot's)`,
    value: 'otherbot: noindex, nofollow',
    scopes: [{ agent: 'otherbot', directives: [d('noindex'), d('nofollow')] }],
  },
  {
    source: `${GOOGLE}: X-Robots-Tag example "BingBot: noindex" (agent kept as written)`,
    value: 'BingBot: noindex',
    scopes: [{ agent: 'BingBot', directives: [d('noindex')] }],
  },
  {
    source: `${SEAMS}: Firefox joins repeated headers ("googlebot: nofollow, bingbot: noindex")`,
    value: 'googlebot: nofollow, bingbot: noindex',
    scopes: [
      { agent: 'googlebot', directives: [d('nofollow')] },
      { agent: 'bingbot', directives: [d('noindex')] },
    ],
  },
  {
    source: `${MDN}: "<indexing-rule>, <bot-name>: <indexing-rule>" (first rules unscoped)`,
    value: 'noindex, googlebot: nofollow',
    scopes: [
      { agent: null, directives: [d('noindex')] },
      { agent: 'googlebot', directives: [d('nofollow')] },
    ],
  },
  {
    source: `${GOOGLE}: X-Robots-Tag example "unavailable_after: 25 Jun 2010 15:00:00 PST" is a rule, not a scope`,
    value: 'unavailable_after: 25 Jun 2010 15:00:00 PST',
    scopes: [{ agent: null, directives: [d('unavailable_after', Date.UTC(2010, 5, 25, 23))] }],
  },
  {
    source: `${SEAMS}: "max-snippet:" is a rule taking a value, not a scope`,
    value: 'max-snippet: 20',
    scopes: [{ agent: null, directives: [d('max-snippet', 20)] }],
  },
  {
    source: `${SEAMS}: "max-image-preview:" and "max-video-preview:" are rules, not scopes`,
    value: 'max-image-preview: large, max-video-preview: -1',
    scopes: [
      { agent: null, directives: [d('max-image-preview', 'large'), d('max-video-preview', -1)] },
    ],
  },
  {
    source: `${GOOGLE}: a scoped rule taking a value`,
    value: 'googlebot: unavailable_after: 25 Jun 2010 15:00:00 PST',
    scopes: [
      { agent: 'googlebot', directives: [d('unavailable_after', Date.UTC(2010, 5, 25, 23))] },
    ],
  },
  {
    source: `${GOOGLE}: RFC 850 date (comma after the weekday) in a scope, then another rule`,
    value: 'googlebot: unavailable_after: Sunday, 06-Nov-94 08:49:37 GMT, noindex',
    scopes: [
      { agent: 'googlebot', directives: [d('unavailable_after', NOV_6_1994), d('noindex')] },
    ],
  },
  {
    source: `${GOOGLE}: X-Robots-Tag example "noarchive"`,
    value: 'noarchive',
    scopes: [{ agent: null, directives: [d('noarchive')] }],
  },
  {
    source: `${GOOGLE}: a scope with a misspelt rule keeps the problem in that scope`,
    value: 'googlebot-news: no-index',
    scopes: [
      { agent: 'googlebot-news', directives: [], problems: [unknown('no-index', 'noindex')] },
    ],
  },
  {
    source: `${MDN}: a bot name is a token; "my bot:" is none`,
    value: 'my bot: noindex',
    scopes: [{ agent: null, directives: [], problems: [unknown('my bot: noindex')] }],
  },
  { source: `${MDN}: an empty value says nothing`, value: '', scopes: [] },
];

describe('parseMetaContent', () => {
  test.each(META)('$content ($source)', ({ content, directives, problems = [] }) => {
    expect(shape(parseMetaContent(content))).toEqual({ agent: null, directives, problems });
  });

  test('every directive we know is covered above', () => {
    const covered = new Set(META.flatMap((c) => c.directives.map((x) => x.name)));
    expect([...covered].sort()).toEqual(Object.keys(DIRECTIVES).sort());
  });

  test('a directive keeps its text as written, trimmed', () => {
    expect(parseMetaContent(' NOINDEX , max-snippet: 20 ').directives.map((x) => x.text)).toEqual([
      'NOINDEX',
      'max-snippet: 20',
    ]);
  });

  test('a date without a zone is read as UTC and says so (Google: RFC 822, RFC 850, ISO 8601)', () => {
    const [iso] = parseMetaContent('unavailable_after: 2020-09-21').directives;
    const [rfc] = parseMetaContent('unavailable_after: 25 Jun 2010 15:00:00 PST').directives;
    expect(iso).toMatchObject({ name: 'unavailable_after', zoneAssumed: true });
    expect(rfc).toMatchObject({ name: 'unavailable_after', zoneAssumed: false });
  });
});

describe('parseXRobotsTag', () => {
  test.each(HEADERS)('$value ($source)', ({ value, scopes }) => {
    expect(parseXRobotsTag(value).map(shape)).toEqual(
      scopes.map((s) => ({ agent: s.agent, directives: s.directives, problems: s.problems ?? [] })),
    );
  });
});

describe('regressions', () => {
  // Found by these tables, fixed: the comma-after-a-weekday rule joins the piece after `unavailable_after: <any word>`,
  // so a date that is not a date swallows the next rule. Google: rules are a comma-separated
  // list, and an unreadable unavailable_after alone "is ignored"; the noindex after it stands.
  test('meta "unavailable_after: never, noindex" keeps its noindex', () => {
    expect(shape(parseMetaContent('unavailable_after: never, noindex'))).toEqual({
      agent: null,
      directives: [d('noindex')],
      problems: [badDate('unavailable_after: never')],
    });
  });

  // Found by these tables, fixed: the same in a header: the next scope (`googlebot: noindex`) is swallowed too.
  test('header "unavailable_after: soon, googlebot: noindex" keeps googlebot\'s scope', () => {
    expect(parseXRobotsTag('unavailable_after: soon, googlebot: noindex').map(shape)).toEqual([
      { agent: null, directives: [], problems: [badDate('unavailable_after: soon')] },
      { agent: 'googlebot', directives: [d('noindex')], problems: [] },
    ]);
  });
});

describe('honours', () => {
  // [rules, directive, honoured, source]
  const CASES: [PageRules, DirectiveName, boolean, string][] = [
    ['google', 'noindex', true, GOOGLE],
    ['google', 'unavailable_after', true, GOOGLE],
    ['google', 'indexifembedded', true, GOOGLE],
    ['google', 'noarchive', false, `${GOOGLE}: noarchive no longer used`],
    ['google', 'nocache', false, `${GOOGLE}: not in its list`],
    ['google', 'noodp', false, 'retired'],
    ['bing', 'noindex', true, BING],
    ['bing', 'nocache', true, BING],
    ['bing', 'noarchive', true, BING],
    ['bing', 'max-snippet', true, BING],
    ['bing', 'unavailable_after', false, `${BING}: not in its list`],
    ['bing', 'notranslate', false, `${BING}: not in its list`],
    ['apple', 'none', true, APPLE],
    ['apple', 'nosnippet', true, APPLE],
    ['apple', 'unavailable_after', false, `${APPLE}: not in its list`],
    ['undocumented', 'noindex', true, META_1996],
    ['undocumented', 'none', true, META_1996],
    ['undocumented', 'nosnippet', false, `${META_1996}: not one of its words`],
    ['control-token', 'noindex', true, 'a control token: shown what the page says to it'],
    ['control-token', 'unavailable_after', true, 'a control token: shown what the page says'],
    ['control-token', 'nosnippet', false, 'a control token: presentation does not apply'],
    ['control-token', 'noodp', false, 'a control token: retired words do not apply'],
  ];
  test.each(CASES)('%s honours %s: %s (%s)', (rules, name, expected) => {
    expect(honours(rules, name)).toBe(expected);
  });
});

describe('suggest', () => {
  // [text, suggestion, why]
  const CASES: [string, DirectiveName | null, string][] = [
    ['no-index', 'noindex', 'hyphen'],
    ['No_Follow', 'nofollow', 'underscore, case'],
    ['nofolow', 'nofollow', 'one letter missing'],
    ['noindx', 'noindex', 'one letter missing'],
    ['noindex nofollow', 'noindex', 'two rules without a comma: the first'],
    ['nosnipet', 'nosnippet', 'one letter missing'],
    ['max-snipet:20', null, 'a value: no guess'],
    ['banana', null, 'nothing close'],
    ['x'.repeat(100), null, 'too long to be a misspelling'],
  ];
  test.each(CASES)('%s → %s (%s)', (text, expected) => {
    expect(suggest(text)).toBe(expected);
  });
});
