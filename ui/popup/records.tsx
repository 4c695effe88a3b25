// The parsed file: groups (those of the selected robot highlighted), sitemaps, other lines,
// and problems, each with its line.
import { useState } from 'preact/hooks';
import {
  diagnosticText,
  type ExplainedVerdict,
  ruleText,
  severityText,
  supportText,
  type Translator,
} from '../../src/explain/index.ts';
import type { RobotsTxt } from '../../src/robots/index.ts';

export interface RecordsProps {
  parsed: RobotsTxt;
  rows: ExplainedVerdict[];
  selected: string;
  onSelect: (robot: string) => void;
  onJump: (line: number) => void;
  t: Translator;
}

function LineLink({
  line,
  t,
  onJump,
}: {
  line: number;
  t: Translator;
  onJump: (line: number) => void;
}) {
  if (line <= 0) return <span class="muted">{t('wholeFile')}</span>;
  return (
    <button
      type="button"
      class="link line-link"
      title={t('jumpToLine', line)}
      onClick={() => onJump(line)}
    >
      {t('atLine', line)}
    </button>
  );
}

/** Only http(s) sitemap URLs become links; anything else stays text. */
function safeHref(value: string): string | null {
  return /^https?:\/\//i.test(value) ? value : null;
}

/** Rules shown per group before "show more": a 500 KiB file can hold tens of thousands. */
const RULES_SHOWN = 100;

export function Records({ parsed, rows, selected, onSelect, onJump, t }: RecordsProps) {
  const [expanded, setExpanded] = useState<Set<number>>(new Set());
  const applying = new Set(rows.find((r) => r.robot === selected)?.groupLines ?? []);
  return (
    <div class="records">
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
      <ol class="groups">
        {parsed.groups.map((g) => (
          <li
            key={g.line}
            class={`group${applying.has(g.line) ? ' applies' : ''}`}
            data-group-line={g.line}
          >
            <div class="group-head">
              <LineLink line={g.line} t={t} onJump={onJump} />{' '}
              {applying.has(g.line) && <strong>· {t('appliesTo', selected)}</strong>}
            </div>
            <ul class="agents">
              {g.agents.map((a, i) => (
                <li key={`${a}-${i}`}>
                  <code>User-agent: {a}</code>
                </li>
              ))}
            </ul>
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
                    >
                      <code>{ruleText(r)}</code>
                    </button>{' '}
                    <span class="muted">{t('ruleAtLine', r.line)}</span>
                    {r.misspelled && <span class="other"> · {t('misspelled')}</span>}
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
          <ul class="others">
            {parsed.others.map((o) => (
              <li key={o.line}>
                <LineLink line={o.line} t={t} onJump={onJump} />{' '}
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
        <ul class="diagnostics">
          {parsed.diagnostics.map((d, i) => (
            <li
              key={`${d.line}-${d.code}-${i}`}
              class={`diagnostic ${d.severity}`}
              data-code={d.code}
            >
              <span class="severity">{severityText(d.severity, t)}</span>{' '}
              <LineLink line={d.line} t={t} onJump={onJump} /> — {diagnosticText(d, t)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
