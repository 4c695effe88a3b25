// "What this file says": a plain account of the file, for site owners who are not experts. A
// small file gets one sentence per group; a big one opens with an overview (how many groups and
// rules, which robots have rules of their own, what every other robot may visit) and its
// sentences wait behind a button, shown a page at a time: never a wall of text.
import { useMemo, useState } from 'preact/hooks';
import {
  fileSummaries,
  groupSentence,
  isBigFile,
  type SummaryNote,
  type SummarySentence,
  summaryAi,
  summaryLead,
  summaryNotes,
  summaryOverview,
} from '../src/explain/summaries.ts';
import type { Translator } from '../src/explain/translator.ts';
import type { GroupSummary, RobotsTxt } from '../src/robots/index.ts';
import { LineButton } from './line-button.tsx';

export interface SummaryProps {
  parsed: RobotsTxt;
  /** The file as served: the Cloudflare-managed block is found by its comment lines. */
  text?: string;
  t: Translator;
  /** The user's robots, in list order: notes for those the groups alone do not account for. */
  robots?: readonly string[];
  /** Shows a line of the file; without it, lines are not links. */
  onJump?: (line: number) => void;
}

/** Group sentences shown at first, and added by each "show more", in a big file. */
export const GROUPS_SHOWN = 50;
/**
 * AI-usage sentences (one per set of robots the same lines speak to) shown at first, and added by
 * each "show more": a file with signal lines in hundreds of groups is not a wall of text.
 */
export const AI_SENTENCES_SHOWN = 10;

function LineLink({
  line,
  t,
  onJump,
}: {
  line: number;
  t: Translator;
  onJump: ((line: number) => void) | undefined;
}) {
  if (onJump === undefined || line <= 0) return null;
  return (
    <>
      {' '}
      <LineButton line={line} t={t} onJump={onJump} />
    </>
  );
}

function GroupItem({
  sentence,
  t,
  onJump,
}: {
  sentence: SummarySentence;
  t: Translator;
  onJump: ((line: number) => void) | undefined;
}) {
  return (
    <li data-summary-group="" data-line={sentence.line} data-lines={sentence.lines.join(',')}>
      {sentence.text}
      <LineLink line={sentence.line} t={t} onJump={onJump} />
    </li>
  );
}

function NoteItems({
  notes,
  t,
  onJump,
}: {
  notes: SummaryNote[];
  t: Translator;
  onJump: ((line: number) => void) | undefined;
}) {
  return (
    <>
      {notes.map((n) => (
        <li key={`note-${n.robot ?? ''}`} data-summary-note={n.robot ?? ''} class="summary-note">
          {n.text}
          <LineLink line={n.line} t={t} onJump={onJump} />
        </li>
      ))}
    </>
  );
}

const sentenceOf = (s: GroupSummary, t: Translator): SummarySentence => ({
  line: s.line,
  lines: s.lines,
  text: groupSentence(s, t),
});

/**
 * A long list a page at a time: the first `step` items (all of them when `step` is null) and a
 * "Show N more" button (`data-action`: `action`) adding `step` more, or null once all are shown.
 */
function usePages<T>(items: readonly T[], step: number | null, action: string, t: Translator) {
  const [shown, setShown] = useState(step ?? 0);
  const visible = step === null ? items : items.slice(0, shown);
  const rest = items.length - visible.length;
  const more =
    step === null || rest === 0 ? null : (
      <button
        type="button"
        class="link"
        data-action={action}
        onClick={() => setShown((n) => n + step)}
      >
        {t.plural('summaryShowMore', Math.min(rest, step))}
      </button>
    );
  return { visible, more };
}

/** The group sentences: all of them, or `limit` at a time with a button for the next ones. */
function GroupList({
  summaries,
  notes,
  t,
  onJump,
  limit,
}: {
  summaries: readonly GroupSummary[];
  notes: SummaryNote[];
  t: Translator;
  onJump: ((line: number) => void) | undefined;
  limit: number | null;
}) {
  const { visible, more } = usePages(summaries, limit, 'summary-more', t);
  return (
    <>
      <ul>
        {visible.map((s, i) => (
          // Keyed by place: two sentences can share a first line (a group naming robots whose
          // other groups differ), and the list only grows at its end.
          <GroupItem key={i} sentence={sentenceOf(s, t)} t={t} onJump={onJump} />
        ))}
        {more === null && <NoteItems notes={notes} t={t} onJump={onJump} />}
      </ul>
      {more}
    </>
  );
}

function Overview({
  parsed,
  summaries,
  robots,
  t,
  onJump,
}: {
  parsed: RobotsTxt;
  summaries: readonly GroupSummary[];
  robots: readonly string[];
  t: Translator;
  onJump: ((line: number) => void) | undefined;
}) {
  const o = useMemo(
    () => summaryOverview(parsed, t, robots, summaries),
    [parsed, t, robots, summaries],
  );
  return (
    <div class="summary-overview" data-summary-overview="">
      <p>
        {o.counts}
        {o.sitemaps !== null && ` ${o.sitemaps}`}
      </p>
      {o.named !== null && <p data-summary-named="">{o.named}</p>}
      <ul>
        {o.everyoneElse.map((s) => (
          <li key={s.line} data-summary-everyone="" data-line={s.line}>
            {s.text}
            <LineLink line={s.line} t={t} onJump={onJump} />
          </li>
        ))}
        <NoteItems notes={o.notes} t={t} onJump={onJump} />
      </ul>
    </div>
  );
}

/**
 * What the file says about AI use (issue 16, item 5), after what robots may visit: a sentence per
 * set of robots whose groups have Content-Signal or Content-Usage lines, and the Cloudflare-managed
 * block. Nothing at all when the file has no such line.
 */
function AiSection({
  parsed,
  text,
  t,
  onJump,
}: {
  parsed: RobotsTxt;
  text: string;
  t: Translator;
  onJump: ((line: number) => void) | undefined;
}) {
  // Its own summaries: the AI lines' groups are RFC 9309's as attach-05 updates it, for every robot.
  const ai = useMemo(() => summaryAi(parsed, t, text), [parsed, t, text]);
  const { visible, more } = usePages(ai?.sentences ?? [], AI_SENTENCES_SHOWN, 'summary-ai-more', t);
  if (ai === null) return null;
  return (
    <section class="summary-ai" data-summary-ai="">
      <p class="muted">{t('summaryAiIntro')}</p>
      <ul>
        {visible.map((s) => (
          <li key={`${s.line}-${s.lines.join(',')}`} data-summary-ai-group="" data-line={s.line}>
            {s.text}
            <LineLink line={s.lines[0] ?? 0} t={t} onJump={onJump} />
          </li>
        ))}
        {ai.managed !== null && <li data-summary-ai-managed="">{ai.managed}</li>}
      </ul>
      {more}
    </section>
  );
}

const NO_ROBOTS: readonly string[] = [];

export function Summary({ parsed, text = '', t, robots = NO_ROBOTS, onJump }: SummaryProps) {
  const summaries = useMemo(() => fileSummaries(parsed), [parsed]);
  const big = useMemo(() => isBigFile(parsed), [parsed]);
  const leadSentences = useMemo(() => summaryLead(parsed, t, robots), [parsed, t, robots]);
  const [open, setOpen] = useState(false);
  const ai = <AiSection parsed={parsed} text={text} t={t} onJump={onJump} />;
  if (summaries.length === 0)
    return (
      <>
        <p>{t('summaryNoGroups')}</p>
        {ai}
      </>
    );
  const lead = leadSentences.map((sentence) => (
    <p class="summary-lead" data-summary-lead="" key={sentence}>
      {sentence}
    </p>
  ));
  if (!big) {
    return (
      <div class="summary-view">
        {lead}
        <p class="muted">{t('summaryIntro')}</p>
        <GroupList
          summaries={summaries}
          notes={summaryNotes(parsed, t, robots, summaries)}
          t={t}
          onJump={onJump}
          limit={null}
        />
        {ai}
      </div>
    );
  }
  return (
    <div class="summary-view">
      {lead}
      <Overview parsed={parsed} summaries={summaries} robots={robots} t={t} onJump={onJump} />
      <button
        type="button"
        class="link summary-details"
        data-action="summary-details"
        aria-expanded={open ? 'true' : 'false'}
        aria-controls="summary-groups"
        onClick={() => setOpen(!open)}
      >
        {open ? t('summaryHideGroups') : t('summaryShowGroups', t.number(summaries.length))}
      </button>
      {open && (
        <div id="summary-groups">
          <p class="muted">{t('summaryIntro')}</p>
          <GroupList summaries={summaries} notes={[]} t={t} onJump={onJump} limit={GROUPS_SHOWN} />
        </div>
      )}
      {ai}
    </div>
  );
}
