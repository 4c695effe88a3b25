// The tester: any path or URL of this site against the robot list, under the live file or a
// draft the user edits (verdicts update as they type; the difference and a copy button).
import { useMemo, useState } from 'preact/hooks';
import type { Translator } from '../../src/i18n.ts';
import { parseRobotsTxt, type RobotsTxt } from '../../src/robots/index.ts';
import { type PopupModel, robotRows, testerUrl } from '../view-model.ts';
import { DiffView } from './diff-view.tsx';
import { VerdictTable } from './verdicts.tsx';

export interface TesterProps {
  model: PopupModel;
  /** The live file, parsed. */
  robots: RobotsTxt | null;
  names: readonly string[];
  showOtherReadings: boolean;
  t: Translator;
  /** Copies text to the clipboard (an action: components do not call the browser). */
  copy: (text: string) => Promise<void>;
}

export function Tester({ model, robots, names, showOtherReadings, t, copy }: TesterProps) {
  const [input, setInput] = useState(model.url);
  const [drafting, setDrafting] = useState(false);
  const live = model.text ?? '';
  const [draft, setDraft] = useState(live);
  const [copied, setCopied] = useState(false);

  const target = useMemo(() => testerUrl(input, model.origin), [input, model.origin]);
  const draftRobots = useMemo(() => (drafting ? parseRobotsTxt(draft) : null), [drafting, draft]);
  const rows = useMemo(() => {
    if (!('url' in target)) return null;
    if (drafting) return robotRows(draftRobots, 'allow', target.url, names, t, showOtherReadings);
    return robotRows(robots, model.blanket ?? 'unknown', target.url, names, t, showOtherReadings);
  }, [target, drafting, draftRobots, model, names, t, showOtherReadings]);

  return (
    <div class="tester">
      <label class="field">
        {t('testerUrlLabel')}
        <input
          type="text"
          name="tester-url"
          value={input}
          spellcheck={false}
          onInput={(e) => setInput(e.currentTarget.value)}
        />
      </label>
      {'otherSite' in target && <p class="warning">{t('testerOtherSite', target.otherSite)}</p>}
      {'invalid' in target && <p class="warning">{t('testerInvalid')}</p>}
      {rows !== null && (
        <div class="tester-results">
          <VerdictTable
            rows={rows}
            t={t}
            caption={drafting ? t('draftVerdicts') : t('verdictsCaption')}
          />
        </div>
      )}
      <label class="setting">
        <input
          type="checkbox"
          name="draft-mode"
          checked={drafting}
          onChange={(e) => setDrafting(e.currentTarget.checked)}
        />{' '}
        {t('draftToggle')}
      </label>
      {drafting && (
        <div class="draft">
          <label class="field">
            {t('draftLabel')}
            <textarea
              name="draft"
              rows={8}
              spellcheck={false}
              value={draft}
              onInput={(e) => setDraft(e.currentTarget.value)}
            />
          </label>
          <div class="actions">
            <button
              type="button"
              onClick={() =>
                copy(draft).then(
                  () => setCopied(true),
                  () => setCopied(false),
                )
              }
            >
              {copied ? `✓ ${t('draftCopied')}` : t('draftCopy')}
            </button>
            <button type="button" onClick={() => setDraft(live)}>
              {t('draftReset')}
            </button>
          </div>
          <h2>{t('draftDiffHeading')}</h2>
          <DiffView before={live} after={draft} t={t} label={t('draftDiffHeading')} />
        </div>
      )}
    </div>
  );
}
