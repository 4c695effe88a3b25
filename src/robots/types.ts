/** Which rules decide a verdict: Google's parser, RFC 9309, or the 1994 standard as written. */
export type Semantics = 'google' | 'rfc9309' | 'original1994';

export type RuleType = 'allow' | 'disallow';

/** One allow or disallow line. `line` is 1-based in the file as served. */
export interface Rule {
  type: RuleType;
  /** The value as written, comment removed, ASCII whitespace trimmed. */
  value: string;
  line: number;
  /**
   * Present only when Google accepted the line although its key is misspelled (`disalow`), only
   * begins with a known key (`disallowed`) or lacks its colon (`disallow /x`). Only the 'google'
   * semantics counts such rules.
   */
  misspelled?: true;
  /** On a misspelled rule only: the line as written (comment removed, trimmed), to show it so. */
  written?: string;
}

/** User-agent lines followed by rules; `line` is the first user-agent line. */
export interface Group {
  /** Agent values as written (trimmed), in file order. */
  agents: string[];
  rules: Rule[];
  line: number;
}

/** A line whose key is neither user-agent, allow, disallow nor sitemap (crawl-delay, host, …). */
export interface OtherDirective {
  /** Lower-cased key, as the diagnostics and the popup refer to it. */
  key: string;
  value: string;
  line: number;
  /** The first user-agent line of the group the line stands in, or null outside any group. */
  groupLine: number | null;
}

export type Severity = 'error' | 'warning' | 'info';

/** A key the standards define: what a misspelled or colon-less key is read as. */
export type KnownKey = 'user-agent' | 'allow' | 'disallow' | 'sitemap';

/** 'typo': a misspelling Google accepts (`disalow`); 'prefix': a key that only begins with a known key (`disallowed`). */
export type MisspellingKind = 'typo' | 'prefix';

/** Codes of the non-standard lines in DIRECTIVE_SUPPORT (crawl-delay, host, …). */
export type DirectiveCode =
  | 'noindex'
  | 'crawl-delay'
  | 'host'
  | 'clean-param'
  | 'content-signal'
  | 'content-usage'
  | 'non-standard-directive';

/** The parameters of a finding that needs none. */
export type NoParams = Record<string, never>;

/** The parameters of a non-standard line: `key` in lower case, `value` as written. */
export interface DirectiveParams {
  key: string;
  value: string;
}

/** Each finding's parameters, by code: what its sentence is filled in with. */
export interface DiagnosticParams {
  bom: NoParams;
  /** `column`: 1-based, in UTF-16 units. */
  'nul-character': { column: number };
  'control-character': NoParams;
  /** `limit`: bytes read (MAX_BYTES); `ignoredChars`: UTF-16 units past it. */
  'content-past-limit': { limit: number; ignoredChars: number };
  /** `bytes`: the line's UTF-8 length; `limit`: what Google reads of it (MAX_LINE_BYTES). */
  'line-too-long': { bytes: number; limit: number };
  /** `text`: the line, comment removed, trimmed. */
  'unparseable-line': { text: string };
  /** `key` as written, the key Google reads it as, and how it differs. */
  'misspelled-key': { key: string; canonical: KnownKey; kind: MisspellingKind };
  'missing-colon': { key: string; canonical: KnownKey };
  'rule-outside-group': { type: RuleType };
  'rule-value-not-a-path': { type: RuleType; value: string };
  'empty-user-agent': NoParams;
  /** `token`: the product token Google reads from `value`. */
  'user-agent-value-cut': { value: string; token: string };
  /** Reported at the blank line; `groupLine`: the first user-agent line of its group. */
  'blank-line-in-record': { groupLine: number };
  /** Reported at each later `*` group; `firstLine`: the first one's. */
  'multiple-star-records': { firstLine: number };
  'empty-sitemap': NoParams;
  'sitemap-not-absolute': { value: string };
  noindex: DirectiveParams;
  'crawl-delay': DirectiveParams;
  host: DirectiveParams;
  'clean-param': DirectiveParams;
  'content-signal': DirectiveParams;
  'content-usage': DirectiveParams;
  'non-standard-directive': DirectiveParams;
  /** `key` as written. */
  'unknown-key': { key: string };
}

/** What a finding is about; the UI has one sentence per code. */
export type DiagnosticCode = keyof DiagnosticParams;

/** A finding of one code, as data: the UI words it in the user's language. */
export interface DiagnosticOf<C extends DiagnosticCode> {
  code: C;
  severity: Severity;
  /** 1-based line, or 0 when the finding concerns the whole file. */
  line: number;
  params: DiagnosticParams[C];
}

/** A finding about the file: narrow it by `code` to read its `params`. */
export type Diagnostic = { [C in DiagnosticCode]: DiagnosticOf<C> }[DiagnosticCode];

/** A parsed robots.txt: plain data (it survives structured cloning); parse once, check many times. */
export interface RobotsTxt {
  /** Groups as Google and RFC 9309 form them, misspelled keys included and flagged. */
  groups: Group[];
  /**
   * RFC 9309's groups: without the lines only Google accepts, and with each Content-Usage line a
   * rule of its group (draft-ietf-aipref-attach-05 §3 updates RFC 9309's ABNF), so a user-agent
   * line after one starts a new group.
   */
  strictGroups: Group[];
  /** Records as the 1994 standard forms them: separated by blank lines, Disallow only. */
  records1994: Group[];
  /** Every sitemap value as written, trimmed, in file order. */
  sitemaps: string[];
  others: OtherDirective[];
  diagnostics: Diagnostic[];
  /** Number of lines, counted as Google does (CR, LF and CRLF end a line). */
  lineCount: number;
  /** UTF-8 bytes of the text that was read (at most 512,000: 500 KiB, RFC 9309 §2.5). */
  bytesRead: number;
  /** True when content past 500 KiB was ignored. */
  truncated: boolean;
}

/** Why these groups applied to the robot. */
export type GroupChoiceCode =
  /** One group names the robot's product token. */
  | 'exact-token'
  /** Several groups name the token; their rules were combined (RFC 9309 §2.2.1). */
  | 'merged-groups'
  /** No group names the token; the groups of a fallback token applied (crawler profile). */
  | 'fallback-token'
  /** No group names the token; the `*` group (or groups, combined) applied. */
  | 'star-group'
  /** No group names the token and no `*` group applies: no rules at all. */
  | 'no-group'
  /** 1994: the first record whose user-agent is a substring of the robot's name. */
  | 'substring-record'
  /** 1994: no record names the robot; the `*` record is the default. */
  | 'default-record';

export interface GroupChoice {
  code: GroupChoiceCode;
  /** First user-agent line of each group that applied, in file order. */
  lines: number[];
  /** The token (or 1994 record value) that selected the groups; '*' for the star group. */
  agent: string;
  /** True when a `*` group exists but this robot ignores it (crawler profile). */
  starIgnored: boolean;
}

export type DecisionCode =
  /** The matching rule with the longest pattern decided. */
  | 'longest-match'
  /** An allow and a disallow rule of equal length matched: allow wins. */
  | 'allow-wins-tie'
  /** No rule of the applicable groups matched (or there were none): allowed. */
  | 'no-match'
  /** RFC 9309 §2.2.2: /robots.txt is implicitly allowed. */
  | 'robots-txt-always-allowed'
  /** 1994: the first Disallow of the record that the path starts with. */
  | 'first-match';

export interface RuleDecision {
  code: DecisionCode;
  /** Length of the deciding pattern in octets, as ranked (Google's escaped length). */
  matchLength: number;
  /** The strongest matching rule of the other type, if any. */
  competing: Rule | null;
  /** Google: the rule decided through its directory form (`/dir/index.html` covers `/dir/`). */
  indexHtml: boolean;
  /**
   * Present only when the check stopped early: the path is so long, and so many wildcard rules
   * could match it, that matching them all would take seconds (a hostile site). The rules read
   * until then decided; another one might have.
   */
  approximate?: true;
}

export interface VerdictReason {
  semantics: Semantics;
  /** The product token the robot was matched by. */
  token: string;
  /** Path, params and query of the URL, as matched (before normalisation). */
  path: string;
  groups: GroupChoice;
  decision: RuleDecision;
}

/** Allowed or not, the rule that decided (null if none) and why. */
export interface Verdict {
  allowed: boolean;
  rule: Rule | null;
  reason: VerdictReason;
}

/** How a robot picks its groups beyond its own token (from the crawler profiles). */
export interface CheckOptions {
  /** Tokens whose groups apply, in order, when no group names the robot's own token. */
  fallbackTokens?: readonly string[];
  /** The robot does not obey the `*` group (AdsBot-Google, Mediapartners-Google). */
  ignoreStarGroup?: boolean;
}
