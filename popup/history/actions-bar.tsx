// What the user does with the site's history as a whole (issue 16, "History", item 2): export it
// (download or copy), import a file of this site, clear it after a confirmation step; each ends in
// a notice.
import { useState } from 'preact/hooks';
import { refusalText, type Translator } from '../../src/explain/index.ts';
import {
  historyFileName,
  historyFileOrigin,
  historyImportProblemText,
} from '../../src/extension/explain/history.ts';
import type { OriginHistory } from '../../src/extension/protocol.ts';
import type { Actions } from '../../ui/connector.ts';

/** Bytes a history file may have: 20 versions of 512,000 characters, escaped as JSON, fit. */
const MAX_HISTORY_FILE_BYTES = 64 * 1024 * 1024;

export type ActionsBarActions = Pick<
  Actions,
  'exportHistory' | 'importHistory' | 'clearHistory' | 'copy'
>;

export interface ActionsBarProps {
  tabId: number;
  actions: ActionsBarActions;
  /** The history shown: its origin, and whether it has anything to export or clear. */
  history: OriginHistory;
  /** Asks for the history again (after a clear or an import). */
  reload: () => Promise<void>;
  t: Translator;
}

/** A message under the buttons: what the last export, import or clear did. */
type Notice = { text: string; isProblem: boolean } | null;

/**
 * Saves `text` as the JSON file `file`. It is offered as a data: URL, not a blob: URL: a data:
 * URL holds the file itself, so the download does not depend on the popup's document staying
 * alive (a popup may close while the browser asks where to save, and a blob: URL is revoked with
 * its document). An <a download> needs no permission (browser.downloads would) and works from
 * Chrome's and Firefox's popups; "Copy as JSON" is there for when a browser's setting blocks
 * downloads from extension pages.
 */
function download(file: string, text: string) {
  const link = document.createElement('a');
  link.href = `data:application/json;charset=utf-8,${encodeURIComponent(text)}`;
  link.download = file;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}

/** The buttons: export (download or copy), import a file, clear with a confirmation step. */
export function ActionsBar({ tabId, actions, history, reload, t }: ActionsBarProps) {
  const [notice, setNotice] = useState<Notice>(null);
  const [confirming, setConfirming] = useState(false);
  const say = (text: string, isProblem = false) => setNotice({ text, isProblem });
  /** A failure said by its code (`null`: a thrown error): never the browser's English message. */
  const fail = (error: string | null) =>
    say(t('historyActionFailed', error === null ? t('errorUnknown') : refusalText(error, t)), true);
  const hasVersions = history.versions.length > 0;

  const exportFile = async () => {
    const reply = await actions.exportHistory({ tabId });
    if (!reply.ok) return fail(reply.error);
    const file = historyFileName(reply.value.origin);
    download(file, reply.value.text);
    say(t('historyExported', file));
  };
  const copyFile = async () => {
    const reply = await actions.exportHistory({ tabId });
    if (!reply.ok) return fail(reply.error);
    try {
      await actions.copy(reply.value.text);
      say(t('historyCopied'));
    } catch {
      fail(null);
    }
  };
  const importFile = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    input.value = '';
    if (file === undefined) return;
    // Never read a file no export could be into memory (20 versions of at most 512,000
    // characters each, escaped as JSON): a wrong pick of a video says so at once.
    if (file.size > MAX_HISTORY_FILE_BYTES) {
      const reason = t.plural('historyImportMaxBytes', MAX_HISTORY_FILE_BYTES);
      return say(t('historyImportFailed', reason), true);
    }
    let text: string;
    try {
      text = await file.text();
    } catch {
      return fail(null);
    }
    // Into this site's history only: the background refuses a file of another site.
    const reply = await actions.importHistory({ tabId, text });
    if (!reply.ok) {
      const origins = { file: historyFileOrigin(text), site: history.origin };
      return say(historyImportProblemText(reply.error, t, origins), true);
    }
    const { added, origin, versions } = reply.value;
    say(t.plural('historyImported', added, origin, t.number(versions)));
    await reload();
  };
  const clear = async () => {
    setConfirming(false);
    const reply = await actions.clearHistory({ tabId });
    if (!reply.ok) return fail(reply.error);
    say(t('historyCleared'));
    await reload();
  };

  return (
    <div class="history-actions">
      <p class="actions">
        <button
          type="button"
          data-action="export-history"
          disabled={!hasVersions}
          onClick={() => void exportFile()}
        >
          {t('historyExport')}
        </button>
        <button
          type="button"
          data-action="copy-history"
          disabled={!hasVersions}
          onClick={() => void copyFile()}
        >
          {t('historyCopy')}
        </button>
        <label class="file-button">
          {t('historyImport')}{' '}
          <input
            type="file"
            accept=".json,application/json"
            data-action="import-history"
            onChange={(e) => void importFile(e.currentTarget)}
          />
        </label>
        <button
          type="button"
          data-action="clear-history"
          disabled={!hasVersions && history.seen.length === 0}
          aria-expanded={confirming}
          onClick={() => setConfirming(true)}
        >
          {t('historyClear')}
        </button>
      </p>
      {confirming && (
        <p class="confirm" role="alertdialog" aria-label={t('historyClear')}>
          {t('historyClearConfirm', history.origin)}{' '}
          <button type="button" data-action="confirm-clear-history" onClick={() => void clear()}>
            {t('historyClearYes')}
          </button>{' '}
          <button
            type="button"
            data-action="cancel-clear-history"
            onClick={() => setConfirming(false)}
          >
            {t('historyClearNo')}
          </button>
        </p>
      )}
      {/* A notice is read out: a problem at once (an alert); what an export, a copy or a clear
          did politely, by a status region that is there before it (one added with its text
          is not reliably read). */}
      <div role="status">
        {notice !== null && !notice.isProblem && (
          <p class="muted" data-history-notice="">
            {notice.text}
          </p>
        )}
      </div>
      {notice?.isProblem === true && (
        <p class="warning" role="alert" data-history-notice="">
          {notice.text}
        </p>
      )}
    </div>
  );
}
