// The parsed file: groups (those of the selected robot highlighted), sitemaps, other lines,
// and problems, each with its line.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { findManagedBlock } from '../src/ai/content-signal.ts';
import {
  aiLineGlossText,
  contentSignalPreferences,
  contentUsagePreferences,
  managedBlockText,
} from '../src/explain/ai.ts';
import {
  diagnosticText,
  type ExplainedVerdict,
  printableText,
  ruleText,
  severityText,
  supportText,
  type Translator,
} from '../src/explain/index.ts';
import type { RobotsTxt } from '../src/robots/index.ts';
import { LineButton } from './line-button.tsx';

export interface RecordsProps {
  parsed: RobotsTxt;
  /** The file as served: misspelled lines are shown as written. */
  text?: string;
  rows: ExplainedVerdict[];
  selected: string;
  /** Scroll to the selected robot's group whenever this changes (a robot was clicked). */
  scrollRequest?: number;
  onSelect: (robot: string) => void;
  onJump: (line: number) => void;
  t: Translator;
}

function LineLink({
  line,
  t,
  onJump,
  stop,
}: {
  line: number;
  t: Translator;
  onJump: (line: number) => void;
  stop?: boolean;
}) {
  if (line <= 0) return <span class="muted">{t('wholeFile')}</span>;
  return <LineButton line={line} t={t} onJump={onJump} stop={stop} />;
}

/**
 * A file's lines are many buttons: each list of them (a group, the other lines, the problems) is
 * one Tab stop, its first line, and the arrow keys, Home and End move between its lines
 * (`data-line-stops` on the list, `data-line-stop` on each line), as in a listbox. Without it,
 * Tab walked through every rule of a 500 KiB file.
 */
function moveBetweenLines(event: KeyboardEvent) {
  const from = event.target as HTMLElement | null;
  if (!from?.matches('[data-line-stop]')) return;
  const lines = [
    ...(from.closest('[data-line-stops]')?.querySelectorAll<HTMLElement>('[data-line-stop]') ?? []),
  ];
  const at = lines.indexOf(from);
  const to = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: lines.length - 1 }[event.key];
  if (to === undefined) return;
  event.preventDefault();
  lines[Math.max(0, Math.min(lines.length - 1, to))]?.focus();
}

/** The index of the first line a list's items show as a button (line 0: the whole file, no button). */
const firstStop = (lines: readonly number[]) => lines.findIndex((line) => line > 0);

/** Only http(s) sitemap URLs become links; anything else stays text. */
function safeHref(value: string): string | null {
  return /^https?:\/\//i.test(value) ? value : null;
}

/** Rules shown per group before "show more": a 500 KiB file can hold tens of thousands. */
const RULES_SHOWN = 100;

export function Records({
  parsed,
  text = '',
  rows,
  selected,
  scrollRequest = 0,
  onSelect,
  onJump,
  t,
}: RecordsProps) {
  const [expanded, setExpanded] = useState<Set<number>>(new Set());
  const groupLines = rows.find((r) => r.robot === selected)?.groupLines ?? [];
  const applying = new Set(groupLines);
  const lines = useMemo(() => text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/), [text]);
  /** A line as written, for lines the readers disagree on (misspelled keys). */
  const asWritten = (line: number) => printableText((lines[line - 1] ?? '').trim());
  // Misspelled user-agent lines (`User agent: x`), by the group they open.
  const misspeltAgents = parsed.diagnostics.filter(
    (d) => d.code === 'misspelled-key' && d.params.canonical === 'user-agent',
  );
  // Content-Signal and Content-Usage lines, shown in their group with what they say in words.
  const aiLines = parsed.others.filter(
    (o) => o.groupLine !== null && (o.key === 'content-signal' || o.key === 'content-usage'),
  );
  const managedBlock = useMemo(
    () => managedBlockText(findManagedBlock(text, parsed.lineCount), t),
    [text, parsed, t],
  );
  const root = useRef<HTMLDivElement>(null);
  const otherStop = firstStop(parsed.others.map((o) => o.line));
  const diagnosticStop = firstStop(parsed.diagnostics.map((d) => d.line));
  // A robot picked: its (first) group scrolled into view, highlighted.
  const first = groupLines[0];
  useEffect(() => {
    if (scrollRequest === 0 || first === undefined) return;
    const frame = requestAnimationFrame(() =>
      root.current
        ?.querySelector(`[data-group-line="${first}"]`)
        ?.scrollIntoView({ block: 'start' }),
    );
    return () => cancelAnimationFrame(frame);
  }, [scrollRequest, selected, first]);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the keys come from the line buttons inside (moveBetweenLines)
    <div class="records" ref={root} onKeyDown={moveBetweenLines}>
      <label class="select">
        {t('recordsFor')}{' '}
        <select value={selected} onChange={(e) => onSelect(e.currentTarget.value)}>
          {rows.map((r) => (
            <option key={r.robot} value={r.robot}>
              {r.robot}
            </option>
          ))}
        </select>
      </label>

      <h2>{t('groupsHeading')}</h2>
      {parsed.groups.length === 0 && <p class="muted">{t('noGroups')}</p>}
      {managedBlock !== null && (
        <p class="muted" data-managed-block="">
          {managedBlock}
        </p>
      )}
      {parsed.groups.length > 0 && <p class="sr-only">{t('recordsKeysHint')}</p>}
      <ol class="groups">
        {parsed.groups.map((g) => (
          <li
            key={g.line}
            class={`group${applying.has(g.line) ? ' applies' : ''}`}
            data-group-line={g.line}
            data-line-stops=""
          >
            <div class="group-head">
              <LineLink line={g.line} t={t} onJump={onJump} stop={true} />{' '}
              {applying.has(g.line) && <strong>· {t('appliesTo', selected)}</strong>}
            </div>
            <ul class="agents">
              {g.agents.map((a, i) => (
                <li key={`${a}-${i}`}>
                  <code>User-agent: {a}</code>
                </li>
              ))}
              {misspeltAgents
                .filter((d) => d.line >= g.line && d.line < (g.rules[0]?.line ?? Infinity))
                .map((d) => (
                  <li key={`m${d.line}`} data-misspelled={d.line}>
                    <code>{asWritten(d.line)}</code>{' '}
                    <span class="muted">{t('ruleAtLine', d.line)}</span>
                    <span class="other"> · {t('misspelled')}</span>
                  </li>
                ))}
            </ul>
            {aiLines.some((o) => o.groupLine === g.line) && (
              <ul class="ai-lines">
                {aiLines
                  .filter((o) => o.groupLine === g.line)
                  .map((o) => {
                    const isSignal = o.key === 'content-signal';
                    const gloss = aiLineGlossText(
                      isSignal
                        ? contentSignalPreferences(o.value)
                        : contentUsagePreferences(o.value),
                      t,
                    );
                    return (
                      <li key={o.line} data-ai-line={o.line}>
                        <button
                          type="button"
                          class="link"
                          title={t('jumpToLine', o.line)}
                          onClick={() => onJump(o.line)}
                          data-line-stop=""
                          tabIndex={-1}
                        >
                          <code>
                            {isSignal ? 'Content-Signal' : 'Content-Usage'}:{' '}
                            {printableText(o.value)}
                          </code>
                        </button>{' '}
                        <span class="muted">{t('ruleAtLine', o.line)}</span>
                        {gloss !== null && <span class="note"> · {gloss}</span>}
                      </li>
                    );
                  })}
              </ul>
            )}
            {g.rules.length === 0 ? (
              <p class="muted">{t('noRules')}</p>
            ) : (
              <ul class="rules">
                {(expanded.has(g.line) ? g.rules : g.rules.slice(0, RULES_SHOWN)).map((r) => (
                  <li key={r.line}>
                    <button
                      type="button"
                      class="link"
                      title={t('jumpToLine', r.line)}
                      onClick={() => onJump(r.line)}
                      data-line-stop=""
                      tabIndex={-1}
                    >
                      <code>
                        {r.written !== undefined ? printableText(r.written) : ruleText(r)}
                      </code>
                    </button>{' '}
                    <span class="muted">{t('ruleAtLine', r.line)}</span>
                    {r.misspelled && (
                      <span class="other" data-misspelled={r.line}>
                        {' '}
                        · {t('misspelled')} ({ruleText(r)})
                      </span>
                    )}
                  </li>
                ))}
                {!expanded.has(g.line) && g.rules.length > RULES_SHOWN && (
                  <li>
                    <button
                      type="button"
                      class="link"
                      onClick={() => setExpanded(new Set([...expanded, g.line]))}
                    >
                      {t.plural('showMoreRules', g.rules.length - RULES_SHOWN)}
                    </button>
                  </li>
                )}
              </ul>
            )}
          </li>
        ))}
      </ol>

      <h2>{t('sitemapsHeading')}</h2>
      {parsed.sitemaps.length === 0 ? (
        <p class="muted">{t('noSitemaps')}</p>
      ) : (
        <ul class="sitemaps">
          {parsed.sitemaps.map((s, i) => {
            const href = safeHref(s);
            return (
              <li key={`${s}-${i}`}>
                {href === null ? (
                  <code>{s}</code>
                ) : (
                  <a href={href} target="_blank" rel="noopener noreferrer">
                    {s}
                  </a>
                )}
              </li>
            );
          })}
        </ul>
      )}

      {parsed.others.length > 0 && (
        <>
          <h2>{t('othersHeading')}</h2>
          <ul class="others" data-line-stops="">
            {parsed.others.map((o, i) => (
              <li key={o.line}>
                <LineLink line={o.line} t={t} onJump={onJump} stop={i === otherStop} />{' '}
                <code>
                  {o.key}: {o.value}
                </code>{' '}
                <span class="muted">{supportText(o.key, t)}</span>
              </li>
            ))}
          </ul>
        </>
      )}

      <h2>{t('diagnosticsHeading')}</h2>
      {parsed.diagnostics.length === 0 ? (
        <p class="muted">{t('noDiagnostics')}</p>
      ) : (
        <ul class="diagnostics" data-line-stops="">
          {parsed.diagnostics.map((d, i) => (
            <li
              key={`${d.line}-${d.code}-${i}`}
              class={`diagnostic ${d.severity}`}
              data-code={d.code}
            >
              <span class="severity">{severityText(d.severity, t)}</span>{' '}
              <LineLink line={d.line} t={t} onJump={onJump} stop={i === diagnosticStop} /> —{' '}
              {diagnosticText(d, t)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
