// Lines outside RFC 9309 that site owners write, and who honours them.
import type { DirectiveCode, Severity } from './types.ts';

/** Who documents a robots.txt line beyond Allow and Disallow (Crawl-delay, Host, Sitemap…). */
export interface DirectiveSupport {
  code: DirectiveCode;
  severity: Severity;
  /** Vendors whose crawlers are documented to obey the line. */
  honouredBy: readonly string[];
  /** Vendors documented to ignore it. */
  ignoredBy: readonly string[];
}

/**
 * Known non-standard keys (lower case). Checked 2026-11-21 against each vendor's robots.txt
 * documentation: Google ignores crawl-delay and dropped noindex on 2019-09-01; Bing honours
 * crawl-delay; Yandex dropped crawl-delay (2018) and host (2018) but reads clean-param;
 * content-signal is Cloudflare's Content Signals Policy (2025) and content-usage the IETF aipref
 * rule (draft-ietf-aipref-attach-05), statements no crawler is documented to enforce.
 */
export const DIRECTIVE_SUPPORT: Readonly<Record<string, DirectiveSupport>> = {
  'crawl-delay': {
    code: 'crawl-delay',
    severity: 'info',
    honouredBy: ['Microsoft Bing', 'DuckDuckGo', 'Yahoo'],
    ignoredBy: ['Google', 'Yandex'],
  },
  noindex: {
    code: 'noindex',
    severity: 'warning',
    honouredBy: [],
    ignoredBy: ['Google', 'Microsoft Bing'],
  },
  host: { code: 'host', severity: 'info', honouredBy: [], ignoredBy: ['Google', 'Yandex'] },
  'clean-param': {
    code: 'clean-param',
    severity: 'info',
    honouredBy: ['Yandex'],
    ignoredBy: ['Google'],
  },
  'content-signal': { code: 'content-signal', severity: 'info', honouredBy: [], ignoredBy: [] },
  // draft-ietf-aipref-attach-05 §3: a rule of its group under RFC 9309 as the draft updates it
  // (group-builder.ts); no crawler is documented to enforce it.
  'content-usage': { code: 'content-usage', severity: 'info', honouredBy: [], ignoredBy: [] },
  nofollow: {
    code: 'non-standard-directive',
    severity: 'warning',
    honouredBy: [],
    ignoredBy: ['Google'],
  },
  noarchive: {
    code: 'non-standard-directive',
    severity: 'warning',
    honouredBy: [],
    ignoredBy: ['Google'],
  },
  'request-rate': {
    code: 'non-standard-directive',
    severity: 'info',
    honouredBy: [],
    ignoredBy: ['Google'],
  },
  'visit-time': {
    code: 'non-standard-directive',
    severity: 'info',
    honouredBy: [],
    ignoredBy: ['Google'],
  },
};
