// The tester: any path or URL of this site against the robot list, under the live file or a
// draft the user edits (verdicts update as they type and stay in view above the editor; the
// difference and a copy button); the site's saved test URLs under the field (saved-urls.tsx). Its
// state lives in the app, which keeps it across refreshes and reopenings: nothing typed is lost.
import { useMemo, useState } from 'preact/hooks';
import { CopiedStatus } from '../first-screen/copied-status.tsx';
import { type PopupModel, withAi } from '../first-screen/model.ts';
import { AiLines, Verdict, VerdictTable } from '../first-screen/verdicts.tsx';
import { reportAiSignals } from '../src/ai/report.ts';
import { verdictsFor } from '../src/crawlers.ts';
import type { AiAnswers, ExplainedAi } from '../src/explain/ai.ts';
import {
  draftSummaryText,
  type ExplainedVerdict,
  explainVerdict,
  explainVerdicts,
  printableText,
  ruleText,
  type Translator,
} from '../src/explain/index.ts';
import { resolveTestUrl } from '../src/policy.ts';
import { parseRobotsTxt, type RobotsTxt } from '../src/robots/index.ts';
import { TextField } from '../ui/components/text-field.tsx';
import { DiffView } from './diff-view.tsx';
import { SavedUrls, type SavedUrlsProps } from './saved-urls.tsx';

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
  /** The site's saved test URLs: where to ask for them (none: not offered). */
  saved?: Pick<SavedUrlsProps, 'tabId' | 'actions' | 'onSaved'> | undefined;
}

/**
 * The focused editor in sight below the sticky draft verdicts: the browser brings only the caret
 * into view, which may leave the editor under them (a short view, a tall page strip). When less
 * than three lines show, the editor's end is aligned with the view's.
 */
function keepClearOfVerdicts(editor: HTMLTextAreaElement) {
  requestAnimationFrame(() => {
    const panel = editor.closest('.panel');
    const sticky = panel?.querySelector('.tester-results.sticky');
    if (!panel || !sticky) return;
    const view = panel.getBoundingClientRect();
    const box = editor.getBoundingClientRect();
    const top = Math.max(view.top, sticky.getBoundingClientRect().bottom);
    const shown = Math.min(box.bottom, view.bottom) - Math.max(box.top, top);
    if (shown < 54) editor.scrollIntoView?.({ block: 'end' });
  });
}

/** The URL a caption names: the one tested, as resolved against the page's site. */
function testedUrl(target: ReturnType<typeof resolveTestUrl>): string {
  return 'url' in target ? target.url : '';
}

/** A tested robot's verdict, with what the site says about AI use as the verdict rows say it. */
type TesterRow = ExplainedVerdict & { aiAnswers?: AiAnswers; ai?: ExplainedAi | null };

/**
 * While drafting: one line per robot, small enough to stay in view above the editor. The rows
 * change on every keystroke, so they are not live: one polite summary says which robots the
 * draft blocks, read out only when that changes. The list scrolls, so it takes the focus.
 */
function DraftVerdicts({ rows, t }: { rows: TesterRow[]; t: Translator }) {
  return (
    <>
      <p class="sr-only" role="status" data-draft-summary="">
        {draftSummaryText(rows, t)}
      </p>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a list that scrolls must take the focus, or a keyboard cannot scroll it (axe scrollable-region-focusable) */}
      <ul class="draft-verdicts" aria-label={t('draftVerdicts')} tabIndex={0}>
        {rows.map((row) => (
          <li
            key={row.robot}
            class={`row ${row.verdict}`}
            data-tester-robot={row.robot}
            data-tester-verdict={row.verdict}
          >
            <span class="robot">{row.robot}</span> <Verdict verdict={row.verdict} t={t} small />{' '}
            {row.rule !== null && (
              <span class="muted">
                <code>{ruleText(row.rule)}</code> {t('ruleAtLine', row.rule.line)}
              </span>
            )}
            {row.ai != null && <AiLines ai={row.ai} t={t} />}
          </li>
        ))}
      </ul>
    </>
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
  saved,
}: TesterProps) {
  const input = url ?? model.url;
  const live = model.text ?? '';
  const draft = edited ?? live;
  const [copied, setCopied] = useState(false);

  const target = useMemo(() => resolveTestUrl(input, model.origin), [input, model.origin]);
  const draftParsed = useMemo(() => (drafting ? parseRobotsTxt(draft) : null), [drafting, draft]);
  const rows = useMemo((): TesterRow[] | null => {
    if (!('url' in target)) return null;
    const names = model.robots;
    const file = drafting ? draftParsed : parsed;
    if (file === null)
      return explainVerdicts(
        null,
        drafting ? 'allow' : (model.blanket ?? 'unknown'),
        target.url,
        names,
        t,
        showOtherReadings,
      );
    // The verdicts once, for the rows and for the AI-usage signals of the file tested (its
    // Content-Signal and Content-Usage lines; a tested URL has no response, so no header).
    const verdicts = verdictsFor(file, names, target.url);
    const tested: TesterRow[] = verdicts.map((v) => explainVerdict(v, t, showOtherReadings));
    return withAi(tested, reportAiSignals(drafting ? draft : live, file, verdicts, null), t);
  }, [target, drafting, draftParsed, draft, live, parsed, model, t, showOtherReadings]);

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
      {saved !== undefined && (
        <SavedUrls
          key={model.origin ?? ''}
          {...saved}
          input={input}
          isValid={'url' in target}
          onPick={onUrl}
          t={t}
        />
      )}
      {rows !== null &&
        (drafting ? (
          <div class="tester-results sticky">
            <p class="tester-caption" data-tester-caption="" title={testedUrl(target)}>
              {t('testerDraftCaption', printableText(testedUrl(target)))}
            </p>
            <DraftVerdicts rows={rows} t={t} />
          </div>
        ) : (
          <div class="tester-results">
            <VerdictTable
              rows={rows}
              t={t}
              variant="tester"
              caption={t('testerCaption', printableText(testedUrl(target)))}
            />
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
              onFocus={(e) => keepClearOfVerdicts(e.currentTarget)}
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
            <CopiedStatus text={copied ? t('draftCopied') : null} />
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
