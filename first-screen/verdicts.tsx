// The verdict matrix: one row per robot, with the deciding rule, why, and other readings.

import { useState } from 'preact/hooks';
import type { AiAnswers, ExplainedAi } from '../src/explain/ai.ts';
import {
  type ExplainedVerdict,
  type MessageKey,
  printableText,
  ruleText,
  type Translator,
} from '../src/explain/index.ts';
import { type ExplainedPage, undocumentedText } from '../src/explain/page.ts';
import { type CombinedRow, indexableAnswer } from '../src/page/combined.ts';
import { CopiedStatus } from './copied-status.tsx';

export interface VerdictTableProps {
  /** With `page`: what the page says to each robot, shown beside its robots.txt verdict. */
  rows: (ExplainedVerdict & {
    page?: ExplainedPage;
    /** robots.txt and the page combined (data-indexable), on the page's own verdicts. */
    combined?: CombinedRow;
    /** What the site says about AI use, when the report carried it (the rows' data-ai-* seams). */
    aiAnswers?: AiAnswers;
    ai?: ExplainedAi | null;
  })[];
  t: Translator;
  caption: string;
  /** Show a line in the file view. */
  onJump?: (line: number) => void;
  /** Show a robot's groups in Records. */
  onSelect?: (robot: string) => void;
  /**
   * 'page': the verdicts for the tab's URL, which carry the attributes other tools read
   * (data-robot, data-verdict…); 'tester': another URL or a draft, with their own attributes.
   */
  variant: 'page' | 'tester';
  /** Copy text to the clipboard: with it, each deciding rule gets a copy button. */
  onCopy?: (text: string) => unknown;
  /** The URL the file was read from, which a copied rule names with its line (`<url> (line 12)`). */
  robotsUrl?: string | null;
}

/** A robots.txt verdict as a pill: its glyph (hidden from screen readers) and its word. */
export function Verdict({
  verdict,
  t,
  small = false,
}: {
  verdict: ExplainedVerdict['verdict'];
  t: Translator;
  small?: boolean;
}) {
  const label =
    verdict === 'allowed'
      ? t('allowed')
      : verdict === 'disallowed'
        ? t('disallowed')
        : t('unknown');
  const symbol = verdict === 'allowed' ? '✓' : verdict === 'disallowed' ? '✕' : '–';
  return (
    <span class={`pill${small ? ' small' : ''} ${verdict}`}>
      <span aria-hidden="true">{symbol}</span> {label}
    </span>
  );
}

const INDEX_LABELS: Record<ExplainedPage['index'], MessageKey> = {
  index: 'pageIndex',
  noindex: 'pageNoindex',
  unknown: 'pageIndexUnknown',
};
const FOLLOW_LABELS: Record<ExplainedPage['follow'], MessageKey> = {
  follow: 'pageFollow',
  nofollow: 'pageNofollow',
  unknown: 'pageFollowUnknown',
};

/**
 * What the page says to a robot: two small pills, index and follow. Greyed, with a word why, where
 * they decide nothing: robots.txt keeps the robot out (it never reads them) or the page's HTTP
 * status keeps it out of the index; none for a control token (it reads no page).
 */
function PagePills({ page, t }: { page: ExplainedPage; t: Translator }) {
  if (page.pills === 'none') return null;
  if (page.muted !== null) {
    const { label, title } = page.muted;
    return (
      <span class={`page-pills muted ${page.pills}`} title={title}>
        <span class="pill small">{t(INDEX_LABELS[page.index])}</span>
        <span class="pill small">{t(FOLLOW_LABELS[page.follow])}</span>
        <span class="muted-label">{label}</span>
        <span class="sr-only">{title}</span>
      </span>
    );
  }
  return (
    <span class="page-pills">
      <span class={`pill small ${page.index}`} title={t('pageIndexLabel')}>
        <span class="sr-only">{t('pageIndexLabel')}: </span>
        {t(INDEX_LABELS[page.index])}
      </span>
      <span class={`pill small ${page.follow}`} title={t('pageFollowLabel')}>
        <span class="sr-only">{t('pageFollowLabel')}: </span>
        {t(FOLLOW_LABELS[page.follow])}
      </span>
    </span>
  );
}

/**
 * Copies a deciding rule and where it is: `Disallow: /x` and `<robots.txt URL> (line 12)` on the
 * next line. A plain text file has no line anchors (`#L12` opens at the top), so the line number
 * is written after the URL, and the title says so.
 */
function CopyRule({
  rule,
  robotsUrl,
  t,
  onCopy,
}: {
  rule: NonNullable<ExplainedVerdict['rule']>;
  robotsUrl: string | null;
  t: Translator;
  onCopy: (text: string) => unknown;
}) {
  const [copied, setCopied] = useState(false);
  const where =
    robotsUrl === null ? t('ruleAtLine', rule.line) : t('ruleLineLink', robotsUrl, rule.line);
  const label = t('copyRuleTitle', where);
  return (
    <>
      <button
        type="button"
        class="copy-rule"
        data-action="copy-rule"
        title={label}
        aria-label={label}
        onClick={() => {
          setCopied(false);
          Promise.resolve(onCopy(`${printableText(ruleText(rule))}\n${where}`)).then(
            () => setCopied(true),
            () => setCopied(false),
          );
        }}
      >
        {copied ? '✓' : '❐'}
      </button>
      <CopiedStatus text={copied ? t('copyDone') : null} />
    </>
  );
}

const AI_USES: [keyof AiAnswers, MessageKey][] = [
  ['train', 'aiLabelTrain'],
  ['answers', 'aiLabelAnswers'],
  ['search', 'aiLabelSearch'],
];
const AI_ANSWER_WORDS: Record<AiAnswers['train']['answer'], MessageKey> = {
  yes: 'aiAnswerYes',
  no: 'aiAnswerNo',
  unset: 'aiAnswerUnset',
};

/**
 * What the site says about AI use to this robot: three chips (training, answers, search: yes, no,
 * not said), the sentence one click away with the reading it rests on (how the groups were read;
 * the Content Signals ↔ aipref pairing as this tool's reading, with links to both definitions),
 * and where robots.txt lets it in regardless.
 */
export function AiLines({ ai, t }: { ai: ExplainedAi; t: Translator }) {
  return (
    <>
      <ul class="ai-chips">
        {AI_USES.map(([use, label]) => {
          const answer = ai.answers[use].answer;
          return (
            <li key={use} class={`ai-chip ${answer}`} data-ai-chip={use}>
              {t('aiChip', t(label), t(AI_ANSWER_WORDS[answer]))}
            </li>
          );
        })}
      </ul>
      <details class="ai-details">
        <summary>{t('aiDetails')}</summary>
        <div class="note ai-signals" data-ai-signals="">
          {ai.sentence}
        </div>
        {ai.reading.map((r) => (
          <div class="note" data-ai-reading="" key={r}>
            {r}
          </div>
        ))}
        <div class="note" data-ai-mapping="">
          {ai.mapping.text}{' '}
          {ai.mapping.links.map((link, i) => (
            <span key={link.id}>
              {i > 0 && ', '}
              <a href={link.url} target="_blank" rel="noopener noreferrer" data-ai-source={link.id}>
                {link.label}
              </a>
            </span>
          ))}
        </div>
      </details>
      {ai.conflicts.map((c) => (
        <div class="conflict" data-ai-conflict="" key={c}>
          {c}
        </div>
      ))}
    </>
  );
}

export function VerdictTable({
  rows,
  t,
  caption,
  onJump,
  onSelect,
  variant,
  onCopy,
  robotsUrl = null,
}: VerdictTableProps) {
  // The aipref drafts Content-Usage was read by, said once under the rows that read it; so are
  // the robots whose operators document no reading of page tags.
  const draft = rows.find((r) => r.ai?.draft != null)?.ai?.draft ?? undefined;
  const undocumented = undocumentedText(rows, t);
  return (
    <table class="verdicts">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('colRobot')}</th>
          <th scope="col">{t('colVerdict')}</th>
          <th scope="col">{t('colWhy')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const rule = row.rule;
          return (
            <tr
              key={row.robot}
              class={`row ${row.verdict}`}
              {...(variant === 'page'
                ? {
                    'data-robot': row.robot,
                    'data-verdict': row.verdict,
                    'data-verdict-rfc9309': row.verdictRfc9309,
                    'data-verdict-1994': row.verdict1994,
                    ...(rule === null ? {} : { 'data-rule-line': String(rule.line) }),
                    ...(row.page === undefined
                      ? {}
                      : { 'data-page-index': row.page.index, 'data-page-follow': row.page.follow }),
                    ...(row.combined === undefined
                      ? {}
                      : { 'data-indexable': indexableAnswer(row.combined.state) }),
                    ...(row.aiAnswers == null
                      ? {}
                      : {
                          'data-ai-train': row.aiAnswers.train.answer,
                          'data-ai-answers': row.aiAnswers.answers.answer,
                          'data-ai-search': row.aiAnswers.search.answer,
                        }),
                  }
                : { 'data-tester-robot': row.robot, 'data-tester-verdict': row.verdict })}
            >
              <th scope="row">
                {onSelect ? (
                  <button
                    type="button"
                    class="link"
                    title={t('selectRobot', row.robot)}
                    onClick={() => onSelect(row.robot)}
                  >
                    {row.robot}
                  </button>
                ) : (
                  row.robot
                )}
              </th>
              <td>
                <Verdict verdict={row.verdict} t={t} />
                {row.page !== undefined && <PagePills page={row.page} t={t} />}
              </td>
              <td class="why">
                {rule !== null && (
                  // Named by what it shows, the rule and its line; what it does is its title.
                  <button
                    type="button"
                    class="rule"
                    title={t('jumpToLine', rule.line)}
                    onClick={() => onJump?.(rule.line)}
                  >
                    <code>
                      {rule.written !== undefined ? printableText(rule.written) : ruleText(rule)}
                    </code>{' '}
                    <span class="muted">{t('ruleAtLine', rule.line)}</span>
                  </button>
                )}
                {rule?.misspelled && (
                  <div class="other" data-misspelled={rule.line}>
                    {t('misspelled')} ({ruleText(rule)})
                  </div>
                )}
                {rule !== null && onCopy !== undefined && (
                  <CopyRule rule={rule} robotsUrl={robotsUrl} t={t} onCopy={onCopy} />
                )}
                <div class="muted">{row.why}</div>
                {row.others.map((o) => (
                  <div class="other" key={o}>
                    {o}
                  </div>
                ))}
                {row.nameCut !== null && (
                  <div class="note name-cut" data-name-cut={row.nameCut.read}>
                    {row.nameCut.text}
                  </div>
                )}
                {row.note !== null && <div class="note">{row.note}</div>}
                {row.page?.conflicts.map((c) => (
                  <div class="conflict" key={c}>
                    {c}
                  </div>
                ))}
                {row.page?.lines.map((line) => (
                  <div class="page-line" key={line}>
                    {line}
                  </div>
                ))}
                {row.ai != null && <AiLines ai={row.ai} t={t} />}
              </td>
            </tr>
          );
        })}
      </tbody>
      {(draft !== undefined || undocumented !== null) && (
        <tfoot>
          {undocumented !== null && (
            <tr>
              <td colSpan={3} class="muted" data-page-undocumented="">
                {undocumented}
              </td>
            </tr>
          )}
          {draft !== undefined && (
            <tr>
              <td colSpan={3} class="muted" data-ai-draft="">
                {draft}
              </td>
            </tr>
          )}
        </tfoot>
      )}
    </table>
  );
}
