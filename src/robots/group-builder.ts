// Scanned lines → groups, three ways at once: Google's, RFC 9309's and the 1994 standard's.
import { diagnostic } from './diagnostic.ts';
import { DIRECTIVE_SUPPORT } from './directives.ts';
import { asciiLower } from './keys.ts';
import type { LineVisitor } from './scan-lines.ts';
import type { Diagnostic, Group, OtherDirective, Rule, RuleType } from './types.ts';
import { agentToken, isStarAgent } from './user-agent.ts';

/** The groups one reading forms so far, and the group the next line joins. */
class Grouping {
  readonly groups: Group[];
  current: Group | null;
  inRules: boolean;

  constructor(groups: Group[], current: Group | null, inRules: boolean) {
    this.groups = groups;
    this.current = current;
    this.inRules = inRules;
  }

  /** A user-agent line joins the open group, or starts one after rules (RFC 9309 §2.1). */
  addAgent(value: string, line: number): void {
    if (this.current === null || this.inRules) {
      this.current = { agents: [value], rules: [], line };
      this.groups.push(this.current);
      this.inRules = false;
    } else this.current.agents.push(value);
  }

  /** False when no group is open: a rule before any user-agent line belongs to no one. */
  addRule(rule: Rule): boolean {
    if (this.current === null) return false;
    // A first push would reserve 16 slots: most groups of a group-heavy file keep one or two rules.
    if (this.current.rules.length === 0) this.current.rules = [rule];
    else this.current.rules.push(rule);
    this.inRules = true;
    return true;
  }
}

/** Builds the three groupings, sitemaps and other lines from scanned lines; reports findings. */
export class GroupBuilder implements LineVisitor {
  readonly sitemaps: string[] = [];
  readonly others: OtherDirective[] = [];
  private readonly diagnostics: Diagnostic[];
  private readonly google = new Grouping([], null, false);
  // RFC 9309's grouping equals Google's until the first line only Google accepts: most files have
  // none, so it is copied from Google's only then (forkStrict) and built apart from there on.
  private strict: Grouping | null = null;
  private readonly original = new Grouping([], null, false);
  /** The first blank line inside the open group (0: none); reported if the group goes on. */
  private blankInGroup = 0;

  constructor(diagnostics: Diagnostic[]) {
    this.diagnostics = diagnostics;
  }

  /** Groups as Google forms them, misspelled lines included. */
  get groups(): Group[] {
    return this.google.groups;
  }

  /** Groups as RFC 9309 forms them: without the lines only Google accepts. */
  get strictGroups(): Group[] {
    return (this.strict ?? this.google).groups;
  }

  /** Records as the 1994 standard forms them: ended by blank lines, Disallow only. */
  get records1994(): Group[] {
    return this.original.groups;
  }

  blankLine(line: number): void {
    // A blank line ends a record in the 1994 standard; RFC 9309 and Google read on.
    this.original.current = null;
    if (this.google.current !== null && this.blankInGroup === 0) this.blankInGroup = line;
  }

  userAgent(value: string, line: number, misspelled: boolean): void {
    const google = this.google;
    if (this.blankInGroup !== 0 && !google.inRules) {
      this.diagnostics.push(
        diagnostic('blank-line-in-record', 'warning', this.blankInGroup, {
          groupLine: google.current?.line ?? line,
        }),
      );
    }
    this.blankInGroup = 0;
    if (misspelled) this.forkStrict();
    google.addAgent(value, line);
    if (!misspelled) {
      this.strict?.addAgent(value, line);
      this.original.addAgent(value, line);
    }
    if (value === '') {
      this.diagnostics.push(diagnostic('empty-user-agent', 'warning', line, {}));
      return;
    }
    const token = agentToken(value);
    if (token !== value && !isStarAgent(value)) {
      this.diagnostics.push(diagnostic('user-agent-value-cut', 'warning', line, { value, token }));
    }
  }

  rule(type: RuleType, value: string, line: number, written: string | null): void {
    const misspelled = written !== null;
    const rule: Rule = misspelled
      ? { type, value, line, misspelled: true, written }
      : { type, value, line };
    const google = this.google;
    if (this.blankInGroup !== 0 && google.current !== null) {
      this.diagnostics.push(
        diagnostic('blank-line-in-record', 'warning', this.blankInGroup, {
          groupLine: google.current.line,
        }),
      );
    }
    this.blankInGroup = 0;
    if (misspelled) this.forkStrict();
    if (!google.addRule(rule)) {
      this.diagnostics.push(diagnostic('rule-outside-group', 'warning', line, { type }));
    }
    if (!misspelled) {
      this.strict?.addRule(rule);
      // The 1994 standard knows only Disallow.
      if (type === 'disallow') this.original.addRule(rule);
    }
    if (value !== '' && value[0] !== '/' && value[0] !== '*') {
      this.diagnostics.push(diagnostic('rule-value-not-a-path', 'warning', line, { type, value }));
    }
  }

  sitemap(value: string, line: number): void {
    if (value === '') {
      this.diagnostics.push(diagnostic('empty-sitemap', 'warning', line, {}));
      return;
    }
    this.sitemaps.push(value);
    if (!/^https?:\/\//i.test(value)) {
      this.diagnostics.push(diagnostic('sitemap-not-absolute', 'warning', line, { value }));
    }
  }

  other(key: string, value: string, line: number): void {
    const lower = asciiLower(key);
    // draft-ietf-aipref-attach-05 §3 updates RFC 9309's ABNF (`rule =/ content-usage`): under
    // RFC 9309 as updated, a Content-Usage line is a rule of its group, so a user-agent line after
    // it starts a new group, as after Allow or Disallow. Google's parser ignores lines it does not
    // know (robots.cc) and the 1994 text knows no such line: their groupings go on unchanged.
    if (lower === 'content-usage') {
      this.forkStrict();
      const strict = this.strict;
      if (strict !== null && strict.current !== null) strict.inRules = true;
    }
    this.others.push({ key: lower, value, line, groupLine: this.google.current?.line ?? null });
    const support = Object.hasOwn(DIRECTIVE_SUPPORT, lower) ? DIRECTIVE_SUPPORT[lower] : undefined;
    this.diagnostics.push(
      support === undefined
        ? diagnostic('unknown-key', 'warning', line, { key })
        : diagnostic(support.code, support.severity, line, { key: lower, value }),
    );
  }

  /** Copies Google's grouping so far into an RFC 9309 grouping that goes its own way from here. */
  private forkStrict(): void {
    if (this.strict !== null) return;
    const groups = this.google.groups.map((g) => ({
      agents: [...g.agents],
      rules: [...g.rules],
      line: g.line,
    }));
    this.strict = new Grouping(groups, groups.at(-1) ?? null, this.google.inRules);
  }
}
