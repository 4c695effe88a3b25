// The crawlers users care about, and how each one reads robots.txt. The AI crawlers' operator,
// purpose, robots.txt stance, page and date come from the reviewed list
// data/crawlers/ai-crawlers.json, through src/ai-crawlers.generated.ts (`npm run crawlers`).
import { AI_CRAWLERS, type AiCrawlerSource } from './ai-crawlers.generated.ts';
import type { PageRules } from './page/directives.ts';
import {
  type CheckOptions,
  checkUrl,
  productToken,
  type RobotsTxt,
  type Semantics,
  type Verdict,
} from './robots/index.ts';

/** What a crawler fetches pages for. */
export type CrawlerPurpose =
  | 'search'
  | 'ads'
  | 'ai-training'
  | 'ai-search'
  | 'ai-user-fetch'
  | 'seo-tool'
  | 'social-preview'
  | 'archive';

/** A known crawler: who runs it, what for, how its vendor documents robots.txt and page tags. */
export interface CrawlerProfile {
  /** Product token, as written in user-agent lines. */
  token: string;
  vendor: string;
  purpose: CrawlerPurpose;
  /** How its vendor reads robots.txt: Google's parser for Google's crawlers, else RFC 9309. */
  semantics: 'google' | 'rfc9309';
  /** Tokens whose groups it follows, in order, when no group names its own token. */
  fallbackTokens: readonly string[];
  /** It does not obey the `*` group. */
  ignoresStarGroup: boolean;
  /** 'may-ignore': the vendor says robots.txt may not apply to fetches a user asks for. */
  obeysRobotsTxt: 'yes' | 'may-ignore';
  docsUrl: string;
  /**
   * When the documentation was last read against this profile (ISO date): per crawler for the AI
   * crawlers, from the reviewed list.
   */
  checked: string;
  /** How it reads a page's own robots meta tags and X-Robots-Tag headers. */
  page: PageProfile;
}

/**
 * How directives addressed to one robot combine when they disagree (`index` and `noindex`, `all`
 * and `nofollow`): 'restrictive', the prohibiting one wins (Google: "the more restrictive rule
 * applies"); 'allow-wins', the allowing one wins (Yandex: "Allow directives have priority over
 * prohibiting directives if there's a combination of both").
 */
export type PageCombining = 'restrictive' | 'allow-wins';

/** How a crawler reads page-level rules (meta robots, X-Robots-Tag). */
export interface PageProfile {
  /** Whose documented rules it follows. */
  rules: PageRules;
  /**
   * The meta names and X-Robots-Tag scopes that address it, lower case: its vendor's documented
   * list, no more; `robots` alone where its vendor documents none.
   */
  names: readonly string[];
  /** `names` is its vendor's documented list (false: `robots` alone, assumed). */
  namesDocumented: boolean;
  /** Its vendor says the generic `robots` tag does not address it (AdsBot-Google). */
  ignoresGeneric: boolean;
  /** How directives that disagree combine for it. */
  combining: PageCombining;
  /** `combining` is its vendor's documented rule (false: the most restrictive, assumed). */
  combiningDocumented: boolean;
}

const CHECKED = '2026-11-21';

function profile(
  token: string,
  vendor: string,
  purpose: CrawlerPurpose,
  docsUrl: string,
  extra: Partial<
    Pick<CrawlerProfile, 'fallbackTokens' | 'ignoresStarGroup' | 'obeysRobotsTxt' | 'checked'> & {
      page: Partial<PageProfile>;
    }
  > = {},
): CrawlerProfile {
  return {
    token,
    vendor,
    purpose,
    semantics: vendor === 'Google' ? 'google' : 'rfc9309',
    fallbackTokens: extra.fallbackTokens ?? [],
    ignoresStarGroup: extra.ignoresStarGroup ?? false,
    obeysRobotsTxt: extra.obeysRobotsTxt ?? 'yes',
    docsUrl,
    checked: extra.checked ?? CHECKED,
    page: pageProfile(extra.page ?? {}),
  };
}

/**
 * A page profile: the names given are the vendor's documented list (`robots` alone, undocumented,
 * when none are given); the combining rule is the vendor's where it documents one.
 */
function pageProfile(page: Partial<PageProfile>): PageProfile {
  const rules = page.rules ?? 'undocumented';
  const names = page.names ?? ['robots'];
  return {
    rules,
    names,
    namesDocumented: page.names !== undefined,
    ignoresGeneric: !names.includes('robots'),
    combining: rules === 'yandex' ? 'allow-wins' : 'restrictive',
    combiningDocumented: rules === 'google' || rules === 'yandex',
  };
}

// Which names address each robot, as its vendor documents them, no more:
// - Google, "Robots meta tag, data-nosnippet, and X-Robots-Tag specifications": `robots` "applies
//   to all crawlers"; "Google supports two user agent tokens in the robots meta tag; other values
//   are ignored": `googlebot` "for all text results", `googlebot-news` "for news results". So
//   Google's image, video and shopping crawlers read `robots` alone (their results are not text
//   results). Non-search crawlers such as AdsBot-Google need "rules targeted to the specific
//   crawler (for example, <meta name="AdsBot-Google" content="noindex">)", and `robots` does not
//   address them.
// - Bing Webmaster Help, "Which robots metatags does Bing support": "you can replace the generic
//   name="robots" with name="bingbot" or name="msnbot" to limit the meta tag to only apply to Bing".
// - Apple Support, "About Applebot": `<meta name="robots" content="noindex"/>`, no name of its own.
// - Yandex Webmaster, "Robots meta tag and X-Robots-Tag HTTP header": `robots`, and
//   `<meta name="yandex" content="noindex, nofollow" />` for Yandex's robots.
// Any other robot: `robots` alone, and its row says its name list is undocumented.
const GOOGLE_PAGE = { rules: 'google', names: ['robots', 'googlebot'] } as const;
const GOOGLE_OTHER = { rules: 'google', names: ['robots'] } as const;
const BING_PAGE = { rules: 'bing', names: ['robots', 'bingbot', 'msnbot'] } as const;
const CONTROL = { rules: 'control-token' } as const;

const GOOGLE_COMMON =
  'https://developers.google.com/crawling/docs/crawlers-fetchers/google-common-crawlers';
const GOOGLE_SPECIAL =
  'https://developers.google.com/crawling/docs/crawlers-fetchers/google-special-case-crawlers';

/**
 * An AI crawler's profile from its reviewed entry: the operator is the vendor; a control token
 * (Google-Extended, Applebot-Extended) fetches nothing, so it takes the purpose it governs, its
 * vendor's crawlers read robots.txt for it, and its page rules mark it; a user-started fetcher
 * whose vendor says robots.txt may not apply is 'may-ignore'.
 */
function aiProfile(source: AiCrawlerSource): CrawlerProfile {
  const isControl = source.purpose === 'control-token';
  return profile(
    source.token,
    source.operator,
    source.purpose === 'control-token' ? (source.controls ?? 'ai-training') : source.purpose,
    source.docsUrl,
    {
      checked: source.checked,
      obeysRobotsTxt: source.robotsTxt === 'user-triggered-may-ignore' ? 'may-ignore' : 'yes',
      ...(isControl ? { page: CONTROL } : {}),
    },
  );
}

/** The reviewed AI profiles, by lower-case token, in the list's order. */
const AI = new Map(AI_CRAWLERS.map((source) => [source.token.toLowerCase(), aiProfile(source)]));
/** The AI profiles placed beside their vendor's crawlers; the rest follow the search engines. */
const BESIDE_VENDOR = ['google-extended', 'applebot-extended'];

/** The reviewed profile of a token, if the list has it. */
const aiProfileOf = (token: string): CrawlerProfile[] => {
  const found = AI.get(token);
  return found === undefined ? [] : [found];
};

/** Profiles of well-known crawlers, keyed by nothing: look them up with `findCrawler`. */
export const CRAWLERS: readonly CrawlerProfile[] = [
  profile('Googlebot', 'Google', 'search', GOOGLE_COMMON, { page: GOOGLE_PAGE }),
  // Google's image, news and video crawlers obey a Googlebot group when none names them.
  profile('Googlebot-Image', 'Google', 'search', GOOGLE_COMMON, {
    fallbackTokens: ['Googlebot'],
    page: GOOGLE_OTHER,
  }),
  profile('Googlebot-News', 'Google', 'search', GOOGLE_COMMON, {
    fallbackTokens: ['Googlebot'],
    page: { rules: 'google', names: ['robots', 'googlebot', 'googlebot-news'] },
  }),
  profile('Googlebot-Video', 'Google', 'search', GOOGLE_COMMON, {
    fallbackTokens: ['Googlebot'],
    page: GOOGLE_OTHER,
  }),
  profile('Storebot-Google', 'Google', 'search', GOOGLE_COMMON, { page: GOOGLE_OTHER }),
  ...aiProfileOf('google-extended'),
  // Special-case crawlers ignore the global `*` group.
  profile('AdsBot-Google', 'Google', 'ads', GOOGLE_SPECIAL, {
    ignoresStarGroup: true,
    page: { rules: 'google', names: ['adsbot-google'] },
  }),
  profile('Mediapartners-Google', 'Google', 'ads', GOOGLE_SPECIAL, {
    ignoresStarGroup: true,
    page: { rules: 'google', names: ['mediapartners-google'] },
  }),
  // Bing: "if there are no directives for bingbot, it honours msnbot's" (Bing Webmaster blog).
  profile(
    'Bingbot',
    'Microsoft',
    'search',
    'https://blogs.bing.com/webmaster/2012/05/03/to-crawl-or-not-to-crawl-that-is-bingbots-question',
    { fallbackTokens: ['msnbot'], page: BING_PAGE },
  ),
  profile(
    'msnbot',
    'Microsoft',
    'search',
    'https://www.bing.com/webmasters/help/which-crawlers-does-bing-use-8c184ec0',
    { page: BING_PAGE },
  ),
  // Apple: "If robots instructions don't mention Applebot but do mention Googlebot, the Apple
  // robot will follow Googlebot instructions."
  profile('Applebot', 'Apple', 'search', 'https://support.apple.com/en-us/119829', {
    fallbackTokens: ['Googlebot'],
    page: { rules: 'apple', names: ['robots'] },
  }),
  ...aiProfileOf('applebot-extended'),
  // Yandex: a YandexBot group first, then the `Yandex` group for all its robots, then `*`.
  profile(
    'YandexBot',
    'Yandex',
    'search',
    'https://yandex.com/support/webmaster/controlling-robot/robots-txt.html',
    {
      fallbackTokens: ['Yandex'],
      page: { rules: 'yandex', names: ['robots', 'yandex'] },
    },
  ),
  profile(
    'DuckDuckBot',
    'DuckDuckGo',
    'search',
    'https://duckduckgo.com/duckduckgo-help-pages/results/duckduckbot',
  ),
  profile('Baiduspider', 'Baidu', 'search', 'https://www.baidu.com/search/robots_english.html'),
  // The other reviewed AI crawlers, in the list's order.
  ...[...AI].flatMap(([token, p]) => (BESIDE_VENDOR.includes(token) ? [] : [p])),
  profile(
    'facebookexternalhit',
    'Meta',
    'social-preview',
    'https://developers.facebook.com/docs/sharing/webmasters/web-crawlers',
    { obeysRobotsTxt: 'may-ignore' },
  ),
  profile(
    'Twitterbot',
    'X',
    'social-preview',
    'https://developer.x.com/en/docs/x-for-websites/cards/guides/getting-started',
  ),
  profile('AhrefsBot', 'Ahrefs', 'seo-tool', 'https://ahrefs.com/robot'),
  profile('SemrushBot', 'Semrush', 'seo-tool', 'https://www.semrush.com/bot/'),
  profile(
    'ia_archiver',
    'Alexa Internet (Internet Archive)',
    'archive',
    'https://web.archive.org/',
  ),
];

const BY_TOKEN = new Map(CRAWLERS.map((c) => [c.token.toLowerCase(), c]));

type PageAudience = PageProfile & { token: string; audience: readonly string[] };

/** Profiles already made (the page judge asks for each robot of every page); bounded. */
const PROFILED = new Map<string, PageAudience>();

/** A robot with no profile: `robots` alone, read with the 1996 words. */
const UNPROFILED = pageProfile({});

/**
 * The meta names and X-Robots-Tag scopes that address a robot (lower case, `audience`: its
 * vendor's documented list, else `robots` alone), and how it reads them.
 */
export function pageProfileOf(name: string): PageAudience {
  const known = PROFILED.get(name);
  if (known !== undefined) return known;
  const crawler = findCrawler(name);
  const token = (crawler?.token ?? productToken(name)).toLowerCase();
  const page = crawler?.page ?? UNPROFILED;
  const profile: PageAudience = Object.freeze({
    ...page,
    token,
    audience: Object.freeze([...page.names]),
  });
  if (PROFILED.size >= 1024) PROFILED.clear();
  PROFILED.set(name, profile);
  return profile;
}

/** Every meta name some known crawler answers to (lower case): `robots` and the documented rest. */
export const PAGE_NAMES: ReadonlySet<string> = new Set(CRAWLERS.flatMap((c) => c.page.names));

/**
 * The tokens of known crawlers that no vendor documents as a meta name (`gptbot`,
 * `googlebot-image`): a tag so named addresses nobody, and the page says so.
 */
export const UNREAD_NAMES: ReadonlySet<string> = new Set(
  CRAWLERS.map((c) => c.token.toLowerCase()).filter((t) => !PAGE_NAMES.has(t)),
);

/** Names already looked up (a bulk audit asks about the same few robots for every URL); bounded. */
const FOUND = new Map<string, CrawlerProfile | null>();

/** The profile of a known crawler, by token or full User-Agent header (case-insensitive). */
export function findCrawler(name: string): CrawlerProfile | undefined {
  let crawler = FOUND.get(name);
  if (crawler === undefined) {
    crawler = BY_TOKEN.get(productToken(name).toLowerCase()) ?? null;
    if (FOUND.size >= 1024) FOUND.clear();
    FOUND.set(name, crawler);
  }
  return crawler ?? undefined;
}

/**
 * The robot builds an index of pages that people search: a search engine's crawler, or an AI
 * search crawler (OAI-SearchBot, PerplexityBot). An AI trainer, a control token, a user's fetcher,
 * a preview or SEO tool does not, and "indexable" says nothing true of it. A robot with no profile
 * is taken to be a search engine's: page tags address every robot that reads them.
 */
export function indexesPages(name: string): boolean {
  const crawler = findCrawler(name);
  if (crawler === undefined) return true;
  return (
    crawler.page.rules !== 'control-token' &&
    (crawler.purpose === 'search' || crawler.purpose === 'ai-search')
  );
}

/** Each profile's check options, made once: the engine remembers selections per options object. */
const OPTIONS = new Map<CrawlerProfile, CheckOptions>(
  CRAWLERS.map((c) => [
    c,
    Object.freeze({ fallbackTokens: c.fallbackTokens, ignoreStarGroup: c.ignoresStarGroup }),
  ]),
);

/** A robots.txt verdict with the crawler's profile applied (checkCrawler). */
export interface CrawlerVerdict extends Verdict {
  /** The profile applied, or null for a name we have no profile for (plain token matching). */
  crawler: CrawlerProfile | null;
  /** When the groups of another token decided (Applebot following Googlebot). */
  fallback: { from: string; to: string } | null;
}

/**
 * A robot's verdict with its crawler profile applied: its vendor's semantics (unless one is
 * given), its fallback tokens and whether it obeys `*`. Unknown names are checked as plain tokens
 * under 'rfc9309'.
 */
export function checkCrawler(
  robots: RobotsTxt,
  name: string,
  url: string,
  semantics?: Semantics,
): CrawlerVerdict {
  const crawler = findCrawler(name) ?? null;
  const options: CheckOptions = crawler === null ? {} : (OPTIONS.get(crawler) ?? {});
  const verdict = checkUrl(
    robots,
    crawler?.token ?? name,
    url,
    semantics ?? crawler?.semantics ?? 'rfc9309',
    options,
  );
  const { groups } = verdict.reason;
  return {
    allowed: verdict.allowed,
    rule: verdict.rule,
    reason: verdict.reason,
    crawler,
    fallback:
      groups.code === 'fallback-token' ? { from: verdict.reason.token, to: groups.agent } : null,
  };
}

/** A robot's verdict under its own reading, and whether the two other readings allow the URL. */
export interface RobotVerdicts {
  robot: string;
  /** Under its vendor's reading, with its crawler profile applied. */
  verdict: CrawlerVerdict;
  rfc9309: boolean;
  original1994: boolean;
}

/** Each robot's verdict for a URL under its own reading and under the two others, in list order. */
export function verdictsFor(
  robots: RobotsTxt,
  names: readonly string[],
  url: string,
): RobotVerdicts[] {
  return names.map((robot) => ({
    robot,
    verdict: checkCrawler(robots, robot, url),
    rfc9309: checkCrawler(robots, robot, url, 'rfc9309').allowed,
    original1994: checkCrawler(robots, robot, url, 'original1994').allowed,
  }));
}
