// The verdict table to take elsewhere: a small menu that copies it as aligned text or as CSV.
import { useState } from 'preact/hooks';
import {
  type ExportRow,
  type Translator,
  verdictTableCsv,
  verdictTableText,
} from '../src/explain/index.ts';
import { CopiedStatus } from './copied-status.tsx';

export interface ExportBarProps {
  /** The rows as the verdict table shows them. */
  rows: readonly ExportRow[];
  /** The page the verdicts are for, written on top of the text and in the CSV's url column. */
  url: string;
  t: Translator;
  /** Copies text to the clipboard (a promise, if any, says when it is done). */
  copy: (text: string) => unknown;
}

type Format = 'text' | 'csv';

export function ExportBar({ rows, url, t, copy }: ExportBarProps) {
  const [copied, setCopied] = useState<Format | null>(null);
  const run = (format: Format) => {
    setCopied(null);
    const text = format === 'text' ? verdictTableText(rows, url, t) : verdictTableCsv(rows, url);
    Promise.resolve(copy(text)).then(
      () => setCopied(format),
      () => setCopied(null),
    );
  };
  return (
    <details class="export-bar">
      <summary>❐ {t('exportTable')}</summary>
      <div class="export-buttons">
        <button
          type="button"
          data-action="copy-table-text"
          title={t('copyTableTextTitle')}
          onClick={() => run('text')}
        >
          {copied === 'text' ? `✓ ${t('copyDone')}` : t('copyTableText')}
        </button>
        <button
          type="button"
          data-action="copy-table-csv"
          title={t('copyTableCsvTitle')}
          onClick={() => run('csv')}
        >
          {copied === 'csv' ? `✓ ${t('copyDone')}` : t('copyTableCsv')}
        </button>
        <CopiedStatus text={copied === null ? null : t('copyDone')} />
      </div>
    </details>
  );
}
