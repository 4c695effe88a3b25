// The command line's output formats: jsonl (one object per line), csv (RFC 4180, a header row,
// the jsonl keys as columns) and text (for a person, in the popup's words, escaped for a terminal).

import type { AiAnswer } from '../src/explain/ai.ts';
import { listText } from '../src/explain/formats.ts';
import { explainBlanket } from '../src/explain/verdicts.ts';
import { explainVerdict, printableText, type Semantics, type Translator } from '../src/index.ts';
import { type AiPicture, aiJson, explainedAi } from './ai.ts';
import type { AuditRecord } from './audit.ts';
import { CUT_COLUMNS, type Cut, cutColumns, cutText } from './cut.ts';
import type { CheckRecord, ErrorRecord } from './judge.ts';
import { robotVerdicts } from './judge.ts';
import type { Source } from './sources.ts';

export type Format = 'jsonl' | 'csv' | 'text';
export const FORMATS: readonly Format[] = ['jsonl', 'csv', 'text'];

/** A diff record: a (URL, agent) whose verdict changes between OLD and NEW. */
export interface DiffRecord {
  url: string;
  agent: string;
  before: boolean;
  after: boolean;
  lineBefore: number | null;
  lineAfter: number | null;
  /**
   * What robots.txt says about AI use of the page for this robot, before and after (src/explain/
   * ai.ts's answers): present only when either file has Content-Signal or Content-Usage lines.
   */
  aiTrainBefore?: AiAnswer;
  aiTrainAfter?: AiAnswer;
  aiAnswersBefore?: AiAnswer;
  aiAnswersAfter?: AiAnswer;
  aiSearchBefore?: AiAnswer;
  aiSearchAfter?: AiAnswer;
  /** OLD's and NEW's cut at 500 KiB (cli/cut.ts): present only for a file that was cut. */
  cutBefore?: Cut;
  cutAfter?: Cut;
}

/** An AI-use answer in words. */
const ANSWER_WORDS = {
  yes: 'cliDiffAiYes',
  no: 'cliDiffAiNo',
  unset: 'cliDiffAiUnset',
} as const satisfies Record<AiAnswer, string>;

/** The AI-use questions of a diff record: its fields and the catalogue's name for each use. */
const DIFF_AI = [
  ['aiTrainBefore', 'aiTrainAfter', 'aiLabelTrain'],
  ['aiAnswersBefore', 'aiAnswersAfter', 'aiLabelAnswers'],
  ['aiSearchBefore', 'aiSearchAfter', 'aiLabelSearch'],
] as const;

// The AI-usage columns come last (after `error`), so tools reading the earlier columns by position
// read them as before; they are always there, empty when the file says nothing about AI use.
const CHECK_COLUMNS = [
  'url',
  'agent',
  'allowed',
  'line',
  'semantics',
  'rule',
  'robots',
  'error',
  'aiTrain',
  'aiAnswers',
  'aiSearch',
  // The 500 KiB cut (cli/cut.ts), after the AI columns for the same reason, empty for a whole file.
  ...CUT_COLUMNS,
];
/** OLD's and NEW's 500 KiB cut as csv columns (cli/cut.ts cutColumns). */
const DIFF_CUT_BEFORE = ['cutBytesBefore', 'cutEndedBefore', 'cutRobotsBefore'] as const;
const DIFF_CUT_AFTER = ['cutBytesAfter', 'cutEndedAfter', 'cutRobotsAfter'] as const;
// As for check, the AI-usage columns come last, always there, empty when neither file has such
// lines; then OLD's and NEW's cut, empty for a file read whole.
const DIFF_COLUMNS = [
  'url',
  'agent',
  'before',
  'after',
  'lineBefore',
  'lineAfter',
  'aiTrainBefore',
  'aiTrainAfter',
  'aiAnswersBefore',
  'aiAnswersAfter',
  'aiSearchBefore',
  'aiSearchAfter',
  ...DIFF_CUT_BEFORE,
  ...DIFF_CUT_AFTER,
];

// One rule for every format and every field (issue 28, item 7): text from an input line, a
// sitemap or a server never reaches the output raw. The characters a terminal, an editor or a
// JSON reader could act on (C0 and C1 controls, DEL, U+2028/2029, the bidirectional overrides:
// src/explain printableText's set) are written as \uXXXX in every format: inside JSON strings,
// where that is the same string to a reader (JSON.stringify leaves all but C0 raw); as text in
// csv and the text format. A csv field that a spreadsheet would run as a formula gets a quote.

/** Text from a file, a server or an input line, safe for a terminal (no control characters). */
const printable = (text: string) => printableText(text, false);

/**
 * JSON text (JSON.stringify's) with every unsafe character as \uXXXX (printableText's set and
 * escape): they can only be inside its strings, where the escape reads back as the same character.
 */
export const safeJson = (json: string): string => printableText(json, false);

/** A value as one jsonl line. */
const jsonLine = (value: unknown) => `${safeJson(JSON.stringify(value))}\n`;

/**
 * A spreadsheet reads a cell starting with one of these as a formula (OWASP, "CSV Injection"):
 * = + - @, tab and carriage return (these two are escaped before, so they cannot start a field).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV field (RFC 4180 §2): unsafe characters as \uXXXX, a leading quote before what a
 * spreadsheet would run as a formula (OWASP), quoted when it holds a comma or a quote; quotes
 * doubled.
 */
export function csvField(value: unknown): string {
  const raw = value === null || value === undefined ? '' : String(value);
  let text = printable(raw);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV record, CRLF-terminated (RFC 4180 §2.1). */
function csvRow(record: Record<string, unknown>, columns: readonly string[]): string {
  return `${columns.map((c) => csvField(record[c])).join(',')}\r\n`;
}

/**
 * `write` remembered for the few strings every record repeats (the agents): each made once, for
 * the first 256 strings met.
 */
function madeOnce(write: (text: string) => string): (text: string) => string {
  const made = new Map<string, string>();
  return (text) => {
    let out = made.get(text);
    if (out === undefined) {
      out = write(text);
      if (made.size < 256) made.set(text, out);
    }
    return out;
  };
}

/** An agent's CSV field. */
const csvOf = madeOnce(csvField);

/**
 * A check record as a CSV row in CHECK_COLUMNS order, its URL's field made once by the caller:
 * the semantics, the robots.txt outcome and the AI answers are words of our own, safe as they
 * are; the error column is empty on a record.
 */
function checkCsvRow(url: string, r: CheckRecord, cut: string): string {
  const rule = r.rule === null ? '' : csvField(r.rule);
  const ai =
    r.aiTrain === undefined ? ',,' : `${r.aiTrain},${r.aiAnswers ?? ''},${r.aiSearch ?? ''}`;
  return `${url},${csvOf(r.agent)},${r.allowed},${r.line ?? ''},${r.semantics},${rule},${r.robots},,${ai},${cut}\r\n`;
}

/** A cut's csv fields in CHECK_COLUMNS order, joined (`,,` for a file read whole). */
const cutCsv = (cut: Cut | null | undefined) =>
  Object.values(cutColumns(cut))
    .map((f) => csvField(f))
    .join(',');

/** An agent's JSON string. */
const jsonOf = madeOnce((text) => safeJson(JSON.stringify(text)));

/** What one URL gives: its records (and its robots.txt's cut, if any), or why it is not a URL. */
export type CheckItem =
  | {
      url: string;
      records: CheckRecord[];
      source: Source;
      ai?: readonly (AiPicture | null)[];
      cut?: Cut | null;
    }
  | { url: string; error: ErrorRecord };

/** Writes check items in a format; `text` needs the translator and the reading asked for. */
export function checkWriter(format: Format, t: Translator, semantics: Semantics | null) {
  // The aipref drafts Content-Usage was read by, said once at the end when a sentence read it.
  let draft: string | null = null;
  return {
    header(): string {
      return format === 'csv'
        ? csvRow(Object.fromEntries(CHECK_COLUMNS.map((c) => [c, c])), CHECK_COLUMNS)
        : '';
    },
    item(item: CheckItem): string {
      if ('error' in item) {
        if (format === 'jsonl') return jsonLine(item.error);
        if (format === 'csv') return csvRow({ ...item.error }, CHECK_COLUMNS);
        return `${printable(item.url)}\n  ⚠ ${printable(item.error.error)}\n`;
      }
      if (format === 'jsonl') {
        // The URL is written into JSON once for all its agents (JSON.stringify's output, key order).
        const url = safeJson(JSON.stringify(item.url));
        let out = '';
        const { records } = item;
        const cut = item.cut == null ? '' : `,"cut":${safeJson(JSON.stringify(item.cut))}`;
        for (let i = 0; i < records.length; i++) {
          const r = records[i] as CheckRecord;
          const rule = r.rule === null ? 'null' : safeJson(JSON.stringify(r.rule));
          const picture = item.ai?.[i];
          const ai = picture == null ? '' : aiJson(picture);
          out += `{"url":${url},"agent":${jsonOf(r.agent)},"allowed":${r.allowed},"line":${r.line},"semantics":"${r.semantics}","rule":${rule},"robots":"${r.robots}"${ai}${cut}}\n`;
        }
        return out;
      }
      if (format === 'csv') {
        const url = csvField(item.url);
        const cut = cutCsv(item.cut);
        let out = '';
        for (const r of item.records) out += checkCsvRow(url, r, cut);
        return out;
      }
      const text = textBlock(item, t, semantics);
      if (text.draft !== null) draft = text.draft;
      return text.block;
    },
    /** After the last item: the text format's note on the aipref drafts, when one was read. */
    footer(): string {
      return format === 'text' && draft !== null ? `\n${printable(draft)}\n` : '';
    },
  };
}

/**
 * Why every robot gets the same verdict, where the generic words do not say it: a robots.txt not
 * requested because a public address (a sitemap, a redirect) led into a private network.
 */
function blanketWhy(source: Source, t: Translator): string | undefined {
  if (source.kind === 'ok' || source.outcome.kind !== 'unreachable') return undefined;
  if (source.outcome.reason !== 'private-address') return undefined;
  return t('cliRobotsPrivateWhy', source.outcome.message ?? source.url);
}

/** A URL and each agent's verdict, with the deciding line and why, in the translator's words. */
function textBlock(
  item: Extract<CheckItem, { records: CheckRecord[] }>,
  t: Translator,
  semantics: Semantics | null,
): { block: string; draft: string | null } {
  const { source } = item;
  let draft: string | null = null;
  const width = Math.max(...item.records.map((r) => r.agent.length), 8);
  const lines = [printable(item.url)];
  // The cut under the URL, for all its robots: rules past it decide none of their verdicts.
  if (item.cut != null) lines.push(printable(`  ⚠ ${cutText(item.cut, t)}`));
  // Under the verdict's reasons: past the mark (16), the robot's name and their spaces.
  const indent = ' '.repeat(21 + width);
  for (const [i, record] of item.records.entries()) {
    const explained =
      source.kind === 'ok'
        ? explainVerdict(robotVerdicts(source, record.agent, item.url, semantics), t, false)
        : explainBlanket(
            [record.agent],
            source.kind === 'unavailable' ? 'allow' : 'disallow',
            t,
            blanketWhy(source, t),
          )[0];
    const mark = record.allowed ? `✓ ${t('allowed')}` : `✕ ${t('disallowed')}`;
    const why = explained?.why ?? '';
    const ruled =
      record.rule === null ? why : t('cliRuleLineWhy', record.line ?? 0, record.rule, why);
    const said = explained?.nameCut ? t('cliWhyNameCut', ruled, explained.nameCut.text) : ruled;
    lines.push(printable(`  ${mark.padEnd(16)} ${record.agent.padEnd(width)}  ${said}`));
    // What the site says about AI use, under the robot's line, as the popup's rows say it.
    const picture = item.ai?.[i];
    const ai = picture == null ? null : explainedAi(picture, t);
    if (ai !== null) {
      lines.push(printable(`${indent}${ai.sentence}`));
      for (const conflict of ai.conflicts) lines.push(printable(`${indent}⚠ ${conflict}`));
      if (ai.draft !== null) draft = ai.draft;
    }
  }
  return { block: `${lines.join('\n')}\n`, draft };
}

/** Writes diff records in a format. */
export function diffWriter(format: Format, t: Translator) {
  const word = (allowed: boolean) => (allowed ? t('allowed') : t('disallowed'));
  const at = (line: number | null) => (line === null ? '—' : t('ruleAtLine', line));
  const answer = (a: AiAnswer) => t(ANSWER_WORDS[a]);
  return {
    header(): string {
      return format === 'csv'
        ? csvRow(Object.fromEntries(DIFF_COLUMNS.map((c) => [c, c])), DIFF_COLUMNS)
        : '';
    },
    record(r: DiffRecord): string {
      if (format === 'jsonl') return jsonLine(r);
      if (format === 'csv')
        return csvRow(
          {
            ...r,
            ...cutColumns(r.cutBefore, DIFF_CUT_BEFORE),
            ...cutColumns(r.cutAfter, DIFF_CUT_AFTER),
          },
          DIFF_COLUMNS,
        );
      const line = t(
        'cliDiffLine',
        r.url,
        r.agent,
        word(r.before),
        at(r.lineBefore),
        word(r.after),
        at(r.lineAfter),
      );
      let verdict = `${printable(line)}\n`;
      // Either file's cut, under the change it may hide a rule from (OLD and NEW as in the usage).
      for (const [name, cut] of [
        ['OLD', r.cutBefore],
        ['NEW', r.cutAfter],
      ] as const)
        if (cut !== undefined) verdict += `  ${printable(`⚠ ${name}: ${cutText(cut, t)}`)}\n`;
      // What changed in AI use, under the verdict's line, when it did.
      const changes: string[] = [];
      for (const [before, after, use] of DIFF_AI) {
        const a = r[before];
        const b = r[after];
        if (a === undefined || b === undefined || a === b) continue;
        changes.push(t('cliDiffAiChange', t(use), answer(a), answer(b)));
      }
      return changes.length === 0
        ? verdict
        : `${verdict}  ${printable(t('cliDiffAi', listText(changes, t)))}\n`;
    },
  };
}

/**
 * The audit's csv columns (issue 30): the jsonl keys, the state first after the robot. Written as
 * an object's keys so that each is named once, and checked against AuditRecord by the compiler.
 */
const AUDIT_COLUMN_SET: Record<
  Exclude<keyof AuditRecord, 'ignoredRobots' | 'inSitemap' | 'cut'>,
  true
> & {
  ignoredRobots: true;
  inSitemap: true;
  cutBytes: true;
  cutEnded: true;
  cutRobots: true;
} = {
  url: true,
  agent: true,
  state: true,
  crawl: true,
  index: true,
  follow: true,
  status: true,
  finalUrl: true,
  redirects: true,
  canonical: true,
  line: true,
  reasons: true,
  ignoredRobots: true,
  inSitemap: true,
  // The 500 KiB cut of the URL's robots.txt (cli/cut.ts), empty for a whole file.
  cutBytes: true,
  cutEnded: true,
  cutRobots: true,
};
const AUDIT_COLUMNS = Object.keys(AUDIT_COLUMN_SET);

/**
 * The audit's records as text (a line per record, its reasons indented below, then its
 * robots.txt's cut in `t`'s words), jsonl or csv.
 */
export function auditWriter(format: Format, t?: Translator) {
  return {
    header(): string {
      return format === 'csv'
        ? csvRow(Object.fromEntries(AUDIT_COLUMNS.map((c) => [c, c])), AUDIT_COLUMNS)
        : '';
    },
    records(records: readonly AuditRecord[]): string {
      let out = '';
      for (const r of records) {
        if (format === 'jsonl') out += jsonLine(r);
        else if (format === 'csv')
          out += csvRow(
            {
              ...r,
              redirects: r.redirects.map((h) => `${h.status} ${h.url}`).join(' | '),
              reasons: r.reasons.join(' | '),
              ...cutColumns(r.cut),
            },
            AUDIT_COLUMNS,
          );
        else {
          out += `${printable(`${r.state.padEnd(13)} ${r.agent.padEnd(15)} ${r.url}`)}\n`;
          for (const reason of r.reasons) out += `    ${printable(reason)}\n`;
          if (r.cut !== undefined && t !== undefined)
            out += `    ${printable(`⚠ ${cutText(r.cut, t)}`)}\n`;
        }
      }
      return out;
    },
  };
}
