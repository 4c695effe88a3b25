// Cases transcribed from google/robotstxt robots_test.cc (each names its TEST). `rfc9309` gives
// RFC 9309's answer where our 'rfc9309' reading differs from Google's, with the reason.

export interface MatchCase {
  /** The test in robots_test.cc this case comes from. */
  source: string;
  robotstxt: string;
  agent: string;
  url: string;
  allowed: boolean;
  /** Expected under 'rfc9309' when it differs from Google's, and why. */
  rfc9309?: { allowed: boolean; why: string };
}

function cases(
  source: string,
  robotstxt: string,
  rows: [agent: string, url: string, allowed: boolean, rfc9309?: MatchCase['rfc9309']][],
): MatchCase[] {
  return rows.map(([agent, url, allowed, rfc9309]) => ({
    source,
    robotstxt,
    agent,
    url,
    allowed,
    ...(rfc9309 ? { rfc9309 } : {}),
  }));
}

const MISSING_COLON = {
  allowed: true,
  why: 'a line without its colon is not a rule in RFC 9309 §2.2',
};
const NORMALISED = {
  allowed: true,
  why: 'RFC 9309 §2.2.2 compares percent-encoded octets: ツ and %E3%83%84, %62 and b, are one',
};
const INDEX_HTML = {
  allowed: false,
  why: '/index.html covering its directory is Google-only (GoogleOnly_IndexHTMLisDirectory)',
};

const groups =
  'allow: /foo/bar/\n\nuser-agent: FooBot\ndisallow: /\nallow: /x/\nuser-agent: BarBot\n' +
  'disallow: /\nallow: /y/\n\n\nallow: /w/\nuser-agent: BazBot\n\nuser-agent: FooBot\n' +
  'allow: /z/\ndisallow: /\n';

const docs = (allowRule: string) => `user-agent: FooBot\ndisallow: /\nallow: ${allowRule}\n`;

function longLineCases(): MatchCase[] {
  const maxLineLen = 2083 * 8;
  const source = 'GoogleOnly_LineTooLong';
  let longline = '/x/';
  const maxLength = maxLineLen - longline.length - 'disallow: '.length + 1;
  while (longline.length < maxLength) longline += 'a';
  const first = `user-agent: FooBot\ndisallow: ${longline}/qux\n`;
  let a = '/x/';
  let b = '/x/';
  const maxAllow = maxLineLen - a.length - 'allow: '.length + 1;
  while (a.length < maxAllow) {
    a += 'a';
    b += 'b';
  }
  const second = `user-agent: FooBot\ndisallow: /\nallow: ${a}/qux\nallow: ${b}/qux\n`;
  return [
    ...cases(source, first, [
      ['FooBot', 'http://foo.bar/fux', true],
      ['FooBot', `http://foo.bar${longline}/fux`, false],
    ]),
    ...cases(source, second, [
      ['FooBot', 'http://foo.bar/', false],
      ['FooBot', `http://foo.bar${a}/qux`, true],
      ['FooBot', `http://foo.bar${b}/fux`, true],
    ]),
  ];
}

export const GOOGLE_CASES: MatchCase[] = [
  ...cases('GoogleOnly_SystemTest', '', [
    ['FooBot', '', true],
    ['', '', true],
  ]),
  ...cases('GoogleOnly_SystemTest', 'user-agent: FooBot\ndisallow: /\n', [
    ['', '', true],
    ['FooBot', '', false],
  ]),
  ...cases('ID_LineSyntax_Line', 'user-agent: FooBot\ndisallow: /\n', [
    ['FooBot', 'http://foo.bar/x/y', false],
  ]),
  ...cases('ID_LineSyntax_Line', 'foo: FooBot\nbar: /\n', [['FooBot', 'http://foo.bar/x/y', true]]),
  ...cases('ID_LineSyntax_Line', 'user-agent FooBot\ndisallow /\n', [
    ['FooBot', 'http://foo.bar/x/y', false, MISSING_COLON],
  ]),
  ...cases('ID_LineSyntax_Groups', groups, [
    ['FooBot', 'http://foo.bar/x/b', true],
    ['FooBot', 'http://foo.bar/z/d', true],
    ['FooBot', 'http://foo.bar/y/c', false],
    ['BarBot', 'http://foo.bar/y/c', true],
    ['BarBot', 'http://foo.bar/w/a', true],
    ['BarBot', 'http://foo.bar/z/d', false],
    ['BazBot', 'http://foo.bar/z/d', true],
    ['FooBot', 'http://foo.bar/foo/bar/', false],
    ['BarBot', 'http://foo.bar/foo/bar/', false],
    ['BazBot', 'http://foo.bar/foo/bar/', false],
  ]),
  ...cases(
    'ID_LineSyntax_Groups_OtherRules',
    'User-agent: BarBot\nSitemap: https://foo.bar/sitemap\nUser-agent: *\nDisallow: /\n',
    [
      ['FooBot', 'http://foo.bar/', false],
      ['BarBot', 'http://foo.bar/', false],
    ],
  ),
  ...cases(
    'ID_LineSyntax_Groups_OtherRules',
    'User-agent: FooBot\nInvalid-Unknown-Line: unknown\nUser-agent: *\nDisallow: /\n',
    [
      ['FooBot', 'http://foo.bar/', false],
      ['BarBot', 'http://foo.bar/', false],
    ],
  ),
  ...[
    'USER-AGENT: FooBot\nALLOW: /x/\nDISALLOW: /\n',
    'user-agent: FooBot\nallow: /x/\ndisallow: /\n',
    'uSeR-aGeNt: FooBot\nAlLoW: /x/\ndIsAlLoW: /\n',
  ].flatMap((txt) =>
    cases('ID_REPLineNamesCaseInsensitive', txt, [
      ['FooBot', 'http://foo.bar/x/y', true],
      ['FooBot', 'http://foo.bar/a/b', false],
    ]),
  ),
  ...['FOO BAR', 'foo bar', 'FoO bAr'].flatMap((ua) =>
    cases('ID_UserAgentValueCaseInsensitive', `User-Agent: ${ua}\nAllow: /x/\nDisallow: /\n`, [
      ['Foo', 'http://foo.bar/x/y', true],
      ['Foo', 'http://foo.bar/a/b', false],
      ['foo', 'http://foo.bar/x/y', true],
      ['foo', 'http://foo.bar/a/b', false],
    ]),
  ),
  ...cases(
    'GoogleOnly_AcceptUserAgentUpToFirstSpace',
    'User-Agent: *\nDisallow: /\nUser-Agent: Foo Bar\nAllow: /x/\nDisallow: /\n',
    [
      ['Foo', 'http://foo.bar/x/y', true],
      ['Foo Bar', 'http://foo.bar/x/y', false],
    ],
  ),
  ...cases('ID_GlobalGroups_Secondary', '', [['FooBot', 'http://foo.bar/x/y', true]]),
  ...cases(
    'ID_GlobalGroups_Secondary',
    'user-agent: *\nallow: /\nuser-agent: FooBot\ndisallow: /\n',
    [
      ['FooBot', 'http://foo.bar/x/y', false],
      ['BarBot', 'http://foo.bar/x/y', true],
    ],
  ),
  ...cases(
    'ID_GlobalGroups_Secondary',
    'user-agent: FooBot\nallow: /\nuser-agent: BarBot\ndisallow: /\nuser-agent: BazBot\ndisallow: /\n',
    [['QuxBot', 'http://foo.bar/x/y', true]],
  ),
  ...cases('ID_AllowDisallow_Value_CaseSensitive', 'user-agent: FooBot\ndisallow: /x/\n', [
    ['FooBot', 'http://foo.bar/x/y', false],
  ]),
  ...cases('ID_AllowDisallow_Value_CaseSensitive', 'user-agent: FooBot\ndisallow: /X/\n', [
    ['FooBot', 'http://foo.bar/x/y', true],
  ]),
  ...cases('ID_LongestMatch', 'user-agent: FooBot\ndisallow: /x/page.html\nallow: /x/\n', [
    ['FooBot', 'http://foo.bar/x/page.html', false],
  ]),
  ...cases('ID_LongestMatch', 'user-agent: FooBot\nallow: /x/page.html\ndisallow: /x/\n', [
    ['FooBot', 'http://foo.bar/x/page.html', true],
    ['FooBot', 'http://foo.bar/x/', false],
  ]),
  ...cases('ID_LongestMatch', 'user-agent: FooBot\ndisallow: \nallow: \n', [
    ['FooBot', 'http://foo.bar/x/page.html', true],
  ]),
  ...cases('ID_LongestMatch', 'user-agent: FooBot\ndisallow: /\nallow: /\n', [
    ['FooBot', 'http://foo.bar/x/page.html', true],
  ]),
  ...cases('ID_LongestMatch', 'user-agent: FooBot\ndisallow: /x\nallow: /x/\n', [
    ['FooBot', 'http://foo.bar/x', false],
    ['FooBot', 'http://foo.bar/x/', true],
  ]),
  ...cases('ID_LongestMatch', 'user-agent: FooBot\ndisallow: /x/page.html\nallow: /x/page.html\n', [
    ['FooBot', 'http://foo.bar/x/page.html', true],
  ]),
  ...cases('ID_LongestMatch', 'user-agent: FooBot\nallow: /page\ndisallow: /*.html\n', [
    ['FooBot', 'http://foo.bar/page.html', false],
    ['FooBot', 'http://foo.bar/page', true],
  ]),
  ...cases('ID_LongestMatch', 'user-agent: FooBot\nallow: /x/page.\ndisallow: /*.html\n', [
    ['FooBot', 'http://foo.bar/x/page.html', true],
    ['FooBot', 'http://foo.bar/x/y.html', false],
  ]),
  ...cases('ID_LongestMatch', 'User-agent: *\nDisallow: /x/\nUser-agent: FooBot\nDisallow: /y/\n', [
    ['FooBot', 'http://foo.bar/x/page', true],
    ['FooBot', 'http://foo.bar/y/page', false],
  ]),
  ...cases(
    'ID_Encoding',
    'User-agent: FooBot\nDisallow: /\nAllow: /foo/bar?qux=taz&baz=http://foo.bar?tar&par\n',
    [['FooBot', 'http://foo.bar/foo/bar?qux=taz&baz=http://foo.bar?tar&par', true]],
  ),
  ...cases('ID_Encoding', 'User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/ツ\n', [
    ['FooBot', 'http://foo.bar/foo/bar/%E3%83%84', true],
    ['FooBot', 'http://foo.bar/foo/bar/ツ', false, NORMALISED],
  ]),
  ...cases('ID_Encoding', 'User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/%E3%83%84\n', [
    ['FooBot', 'http://foo.bar/foo/bar/%E3%83%84', true],
    ['FooBot', 'http://foo.bar/foo/bar/ツ', false, NORMALISED],
  ]),
  ...cases('ID_Encoding', 'User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/%62%61%7A\n', [
    ['FooBot', 'http://foo.bar/foo/bar/baz', false, NORMALISED],
    ['FooBot', 'http://foo.bar/foo/bar/%62%61%7A', true],
  ]),
  ...cases(
    'ID_SpecialCharacters',
    'User-agent: FooBot\nDisallow: /foo/bar/quz\nAllow: /foo/*/qux\n',
    [
      ['FooBot', 'http://foo.bar/foo/bar/quz', false],
      ['FooBot', 'http://foo.bar/foo/quz', true],
      ['FooBot', 'http://foo.bar/foo//quz', true],
      ['FooBot', 'http://foo.bar/foo/bax/quz', true],
    ],
  ),
  ...cases(
    'ID_SpecialCharacters',
    'User-agent: FooBot\nDisallow: /foo/bar$\nAllow: /foo/bar/qux\n',
    [
      ['FooBot', 'http://foo.bar/foo/bar', false],
      ['FooBot', 'http://foo.bar/foo/bar/qux', true],
      ['FooBot', 'http://foo.bar/foo/bar/', true],
      ['FooBot', 'http://foo.bar/foo/bar/baz', true],
    ],
  ),
  ...cases(
    'ID_SpecialCharacters',
    'User-agent: FooBot\n# Disallow: /\nDisallow: /foo/quz#qux\nAllow: /\n',
    [
      ['FooBot', 'http://foo.bar/foo/bar', true],
      ['FooBot', 'http://foo.bar/foo/quz', false],
    ],
  ),
  ...cases(
    'GoogleOnly_IndexHTMLisDirectory',
    'User-Agent: *\nAllow: /allowed-slash/index.html\nDisallow: /\n',
    [
      ['foobot', 'http://foo.com/allowed-slash/', true, INDEX_HTML],
      ['foobot', 'http://foo.com/allowed-slash/index.htm', false],
      ['foobot', 'http://foo.com/allowed-slash/index.html', true],
      ['foobot', 'http://foo.com/anyother-url', false],
    ],
  ),
  ...longLineCases(),
  ...cases('GoogleOnly_DocumentationChecks', docs('/fish'), [
    ['FooBot', 'http://foo.bar/bar', false],
    ['FooBot', 'http://foo.bar/fish', true],
    ['FooBot', 'http://foo.bar/fish.html', true],
    ['FooBot', 'http://foo.bar/fish/salmon.html', true],
    ['FooBot', 'http://foo.bar/fishheads', true],
    ['FooBot', 'http://foo.bar/fishheads/yummy.html', true],
    ['FooBot', 'http://foo.bar/fish.html?id=anything', true],
    ['FooBot', 'http://foo.bar/Fish.asp', false],
    ['FooBot', 'http://foo.bar/catfish', false],
    ['FooBot', 'http://foo.bar/?id=fish', false],
  ]),
  ...cases('GoogleOnly_DocumentationChecks', docs('/fish*'), [
    ['FooBot', 'http://foo.bar/bar', false],
    ['FooBot', 'http://foo.bar/fish', true],
    ['FooBot', 'http://foo.bar/fish.html', true],
    ['FooBot', 'http://foo.bar/fish/salmon.html', true],
    ['FooBot', 'http://foo.bar/fishheads', true],
    ['FooBot', 'http://foo.bar/fishheads/yummy.html', true],
    ['FooBot', 'http://foo.bar/fish.html?id=anything', true],
    ['FooBot', 'http://foo.bar/Fish.bar', false],
    ['FooBot', 'http://foo.bar/catfish', false],
    ['FooBot', 'http://foo.bar/?id=fish', false],
  ]),
  ...cases('GoogleOnly_DocumentationChecks', docs('/fish/'), [
    ['FooBot', 'http://foo.bar/bar', false],
    ['FooBot', 'http://foo.bar/fish/', true],
    ['FooBot', 'http://foo.bar/fish/salmon', true],
    ['FooBot', 'http://foo.bar/fish/?salmon', true],
    ['FooBot', 'http://foo.bar/fish/salmon.html', true],
    ['FooBot', 'http://foo.bar/fish/?id=anything', true],
    ['FooBot', 'http://foo.bar/fish', false],
    ['FooBot', 'http://foo.bar/fish.html', false],
    ['FooBot', 'http://foo.bar/Fish/Salmon.html', false],
  ]),
  ...cases('GoogleOnly_DocumentationChecks', docs('/*.php'), [
    ['FooBot', 'http://foo.bar/bar', false],
    ['FooBot', 'http://foo.bar/filename.php', true],
    ['FooBot', 'http://foo.bar/folder/filename.php', true],
    ['FooBot', 'http://foo.bar/folder/filename.php?parameters', true],
    ['FooBot', 'http://foo.bar//folder/any.php.file.html', true],
    ['FooBot', 'http://foo.bar/filename.php/', true],
    ['FooBot', 'http://foo.bar/index?f=filename.php/', true],
    ['FooBot', 'http://foo.bar/php/', false],
    ['FooBot', 'http://foo.bar/index?php', false],
    ['FooBot', 'http://foo.bar/windows.PHP', false],
  ]),
  ...cases('GoogleOnly_DocumentationChecks', docs('/*.php$'), [
    ['FooBot', 'http://foo.bar/bar', false],
    ['FooBot', 'http://foo.bar/filename.php', true],
    ['FooBot', 'http://foo.bar/folder/filename.php', true],
    ['FooBot', 'http://foo.bar/filename.php?parameters', false],
    ['FooBot', 'http://foo.bar/filename.php/', false],
    ['FooBot', 'http://foo.bar/filename.php5', false],
    ['FooBot', 'http://foo.bar/php/', false],
    ['FooBot', 'http://foo.bar/filename?php', false],
    ['FooBot', 'http://foo.bar/aaaphpaaa', false],
    ['FooBot', 'http://foo.bar//windows.PHP', false],
  ]),
  ...cases('GoogleOnly_DocumentationChecks', docs('/fish*.php'), [
    ['FooBot', 'http://foo.bar/bar', false],
    ['FooBot', 'http://foo.bar/fish.php', true],
    ['FooBot', 'http://foo.bar/fishheads/catfish.php?parameters', true],
    ['FooBot', 'http://foo.bar/Fish.PHP', false],
  ]),
  ...cases('GoogleOnly_DocumentationChecks', 'user-agent: FooBot\nallow: /p\ndisallow: /\n', [
    ['FooBot', 'http://example.com/page', true],
  ]),
  ...cases(
    'GoogleOnly_DocumentationChecks',
    'user-agent: FooBot\nallow: /folder\ndisallow: /folder\n',
    [['FooBot', 'http://example.com/folder/page', true]],
  ),
  ...cases(
    'GoogleOnly_DocumentationChecks',
    'user-agent: FooBot\nallow: /page\ndisallow: /*.htm\n',
    [['FooBot', 'http://example.com/page.htm', false]],
  ),
  ...cases('GoogleOnly_DocumentationChecks', 'user-agent: FooBot\nallow: /$\ndisallow: /\n', [
    ['FooBot', 'http://example.com/', true],
    ['FooBot', 'http://example.com/page.html', false],
  ]),
];
