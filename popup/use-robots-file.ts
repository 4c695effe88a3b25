// The file's text, which the report leaves out (a 500 KiB text would delay the verdicts): asked
// for (robotsText) once the verdicts are shown, and with each report that replaces one on screen.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { PopupModel } from '../first-screen/model.ts';
import { refusalText, type Translator } from '../src/explain/index.ts';
import type { RobotsFile } from '../src/extension/protocol.ts';
import type { Actions } from '../ui/connector.ts';

/** The file's text as it came, of the fetch at `fetchedAt`. */
export type FileText = RobotsFile & { fetchedAt: number };

/** The file's text; or why it did not come; null: not asked for yet. */
export type FileState = FileText | { fetchedAt: number; error: string } | null;

/** What useRobotsFile needs. */
export interface RobotsFileOptions {
  tabId: number | null;
  actions: Actions;
  t: Translator;
  /** The text handed over with the first report (start.tsx), if any. */
  initial: FileText | null;
  /** The report on screen, null before there is one. */
  model: PopupModel | null;
  /** Asks for the report again (useTabReport's load). */
  load: (force: boolean) => Promise<void>;
}

/** What useRobotsFile gives the app. */
export interface RobotsFileText {
  file: FileState;
  /** Brings the text of `model`'s file, when a text is on screen already and is another fetch's. */
  textFor: (model: PopupModel) => Promise<void>;
}

/** Owns the file's text (robotsText) of the report shown, or why it did not come. */
export function useRobotsFile({
  tabId,
  actions,
  t,
  initial,
  model,
  load,
}: RobotsFileOptions): RobotsFileText {
  const [file, setFile] = useState<FileState>(initial);
  const fileRef = useRef(file);
  fileRef.current = file;

  // A report that replaces one comes with its file's text, so the views that show the file are
  // updated in place. With no text yet (the first screen, or the snapshot before its report) the
  // verdicts go first and the text is asked for after them.
  const textFor = async (next: PopupModel) => {
    const { hasFile, origin, fetchedAt } = next;
    if (tabId === null || !hasFile || origin === null || fetchedAt === null) return;
    if (fileRef.current === null || fileRef.current.fetchedAt === fetchedAt) return;
    const reply = await actions.robotsText({ tabId, origin, fetchedAt });
    if (reply.ok) setFile({ ...reply.value, fetchedAt });
  };

  const wanted =
    model?.hasFile && model.origin !== null
      ? { origin: model.origin, fetchedAt: model.fetchedAt ?? 0 }
      : null;
  const wantedKey = wanted === null ? null : `${wanted.origin} ${wanted.fetchedAt}`;
  /** The report was asked for again after a 'changed' answer: once in the popup's life, no loop. */
  const reloadedForText = useRef(false);
  useEffect(() => {
    if (wanted === null || wantedKey === null || tabId === null) return;
    // A report that replaced another came with its text (textFor).
    if (fileRef.current?.fetchedAt === wanted.fetchedAt) return;
    let current = true;
    void actions.robotsText({ tabId, ...wanted }).then((reply) => {
      if (!current) return;
      if (reply.ok) return setFile({ ...reply.value, fetchedAt: wanted.fetchedAt });
      // The cache holds a newer fetch by now: the report is asked for again, once.
      if (reply.error === 'changed' && !reloadedForText.current) {
        reloadedForText.current = true;
        return void load(false);
      }
      const error =
        reply.error === 'changed'
          ? t('fileFetchedAgain')
          : t('loadError', refusalText(reply.error, t));
      setFile({ fetchedAt: wanted.fetchedAt, error });
    });
    return () => {
      current = false;
    };
  }, [wantedKey, tabId, actions, load, t]);

  return { file, textFor };
}
