// The tester: any path or URL of this site against the robot list, under the live file or a
// draft the user edits (verdicts update as they type and stay in view above the editor; the
// difference and a copy button). Its state lives in the app, which keeps it across refreshes and
// reopenings: nothing typed is lost.
import { useMemo, useState } from 'preact/hooks';
import {
  type ExplainedVerdict,
  explainVerdicts,
  ruleText,
  type Translator,
} from '../../src/explain/index.ts';
import { resolveTestUrl } from '../../src/policy.ts';
import { parseRobotsTxt, type RobotsTxt } from '../../src/robots/index.ts';
import { TextField } from '../components/text-field.tsx';
import { DiffView } from './diff-view.tsx';
import type { PopupModel } from './model.ts';
import { VerdictTable } from './verdicts.tsx';

export interface TesterProps {
  /** The page's report: its URL, origin, live file and the robot list it was judged with. */
  model: PopupModel;
  /** The live file, parsed (null when there is none). */
  parsed: RobotsTxt | null;
  showOtherReadings: boolean;
  t: Translator;
  /** Copies text to the clipboard (an action: components do not call the browser). */
  copy: (text: string) => Promise<void>;
  /** The URL field as typed (null: the page's URL). */
  url: string | null;
  onUrl: (url: string) => void;
  drafting: boolean;
  onDrafting: (on: boolean) => void;
  /** The draft as edited (null: not edited, the live file). */
  draft: string | null;
  onDraft: (draft: string | null) => void;
}

/** While drafting: one line per robot, small enough to stay in view above the editor. */
function DraftVerdicts({ rows, t }: { rows: ExplainedVerdict[]; t: Translator }) {
  return (
    <ul class="draft-verdicts" aria-live="polite" aria-label={t('draftVerdicts')}>
      {rows.map((row) => (
        <li
          key={row.robot}
          class={`row ${row.verdict}`}
          data-tester-robot={row.robot}
          data-tester-verdict={row.verdict}
        >
          <span class="robot">{row.robot}</span>{' '}
          <span class={`pill small ${row.verdict}`}>
            {row.verdict === 'allowed'
              ? `✓ ${t('allowed')}`
              : row.verdict === 'disallowed'
                ? `✕ ${t('disallowed')}`
                : t('unknown')}
          </span>{' '}
          {row.rule !== null && (
            <span class="muted">
              <code>{ruleText(row.rule)}</code> {t('ruleAtLine', row.rule.line)}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

export function Tester({
  model,
  parsed,
  showOtherReadings,
  t,
  copy,
  url,
  onUrl,
  drafting,
  onDrafting,
  draft: edited,
  onDraft,
}: TesterProps) {
  const input = url ?? model.url;
  const live = model.text ?? '';
  const draft = edited ?? live;
  const [copied, setCopied] = useState(false);

  const target = useMemo(() => resolveTestUrl(input, model.origin), [input, model.origin]);
  const draftParsed = useMemo(() => (drafting ? parseRobotsTxt(draft) : null), [drafting, draft]);
  const rows = useMemo(() => {
    if (!('url' in target)) return null;
    const names = model.robots;
    if (drafting)
      return explainVerdicts(draftParsed, 'allow', target.url, names, t, showOtherReadings);
    return explainVerdicts(
      parsed,
      model.blanket ?? 'unknown',
      target.url,
      names,
      t,
      showOtherReadings,
    );
  }, [target, drafting, draftParsed, parsed, model, t, showOtherReadings]);

  return (
    <div class="tester">
      <TextField
        label={t('testerUrlLabel')}
        name="tester-url"
        value={input}
        onInput={onUrl}
        inputProps={{ 'data-tester-url': '' }}
      />
      {'otherSite' in target && <p class="warning">{t('testerOtherSite', target.otherSite)}</p>}
      {'invalid' in target && <p class="warning">{t('testerInvalid')}</p>}
      {rows !== null &&
        (drafting ? (
          <div class="tester-results sticky">
            <DraftVerdicts rows={rows} t={t} />
          </div>
        ) : (
          <div class="tester-results">
            <VerdictTable rows={rows} t={t} variant="tester" caption={t('verdictsCaption')} />
          </div>
        ))}
      <label class="setting">
        <input
          type="checkbox"
          name="draft-mode"
          data-draft-mode=""
          checked={drafting}
          onChange={(e) => onDrafting(e.currentTarget.checked)}
        />{' '}
        {t('draftToggle')}
      </label>
      {drafting && (
        <div class="draft">
          <label class="field">
            {t('draftLabel')}
            <textarea
              name="draft"
              data-draft=""
              rows={8}
              spellcheck={false}
              value={draft}
              onInput={(e) => onDraft(e.currentTarget.value)}
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
            <button type="button" onClick={() => onDraft(null)}>
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
