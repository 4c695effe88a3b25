// The verdict table as text to paste elsewhere: an aligned plain-text table for a message or a
// ticket, and CSV (RFC 4180) for a spreadsheet. Pure: the popup copies what these return.
import { printableText, ruleText } from './formats.ts';
import type { ExplainedPage } from './page.ts';
import type { MessageKey, Translator } from './translator.ts';
import type { ExplainedVerdict, VerdictState } from './verdicts.ts';

/** A row of the verdict table; `page` where the page's own signals were read (not the tester). */
export type ExportRow = ExplainedVerdict & { page?: ExplainedPage };

const VERDICT_LABELS: Record<VerdictState, MessageKey> = {
  allowed: 'allowed',
  disallowed: 'disallowed',
  unknown: 'unknown',
};

/** The columns of the CSV, named for code (like the popup's data attributes), never translated. */
const CSV_COLUMNS = [
  'url',
  'robot',
  'verdict',
  'rule',
  'line',
  'verdict_rfc9309',
  'verdict_1994',
  'page_index',
  'page_follow',
  'why',
] as const;

/** Characters a terminal or an editor shows as columns of one width (not so for Thai marks or CJK, nearly enough). */
const widthOf = (text: string) => [...text].length;

/**
 * The table as aligned plain text in the translator's language: the page URL on top, then robot,
 * verdict, rule, line and why. Server text is shown on one line, control characters escaped.
 */
export function verdictTableText(rows: readonly ExportRow[], url: string, t: Translator): string {
  const header = [t('colRobot'), t('colVerdict'), t('colRule'), t('colLine'), t('colWhy')];
  const body = rows.map((row) => [
    row.robot,
    t(VERDICT_LABELS[row.verdict]),
    row.rule === null ? '' : ruleText(row.rule),
    row.rule === null ? '' : String(row.rule.line),
    row.why,
  ]);
  const table = [header, ...body].map((cells) => cells.map((cell) => printableText(cell)));
  // The last column (why) is not padded: nothing follows it.
  const widths = header.map((_, i) => Math.max(...table.map((cells) => widthOf(cells[i] ?? ''))));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) =>
        i === cells.length - 1 ? cell : cell + ' '.repeat((widths[i] ?? 0) - widthOf(cell)),
      )
      .join('  ')
      .trimEnd();
  const rule = widths.map((w) => '-'.repeat(Math.max(w, 1))).join('  ');
  const [head = [], ...rest] = table;
  return [t('tableForUrl', printableText(url)), '', line(head), rule, ...rest.map(line)].join('\n');
}

/**
 * The table as CSV (RFC 4180): a header row of CSV_COLUMNS, one record per robot, CRLF line ends.
 * Verdicts are the popup's attribute values (`allowed`…); `why` is in the translator's language.
 */
export function verdictTableCsv(rows: readonly ExportRow[], url: string): string {
  const records = rows.map((row) => [
    url,
    row.robot,
    row.verdict,
    row.rule === null ? '' : ruleText(row.rule),
    row.rule === null ? '' : String(row.rule.line),
    row.verdictRfc9309,
    row.verdict1994,
    row.page?.index ?? '',
    row.page?.follow ?? '',
    row.why,
  ]);
  return `${[[...CSV_COLUMNS], ...records].map((cells) => cells.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/**
 * One CSV field. Control characters other than tab and line feed are escaped (\uXXXX: RFC 4180
 * text has none, and a bare CR or a bidi override would hide or reorder what a spreadsheet
 * shows); a field starting with = + - @ or a tab gets a leading ' so a spreadsheet reads it as text, not a
 * formula (OWASP "CSV injection"); a field with a quote, comma or line break is quoted.
 */
function csvField(value: string): string {
  let text = printableText(value, true);
  if (/^[=+\-@\t]/.test(text)) text = `'${text}`;
  return /[",\n\t]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
