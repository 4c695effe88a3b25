// The Page view: every robots meta tag and X-Robots-Tag header of the page with its directives,
// what each means and who honours it; the page's problems; its links and their qualifiers (with
// an outline on the page on request); and, on request, the page as served against the page as
// rendered; and, on request, whether the page is in the site's sitemaps. All of it is text from the
// page or its site, shown as text.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { PageModel } from '../first-screen/model.ts';
import {
  honouredByText,
  meaningText,
  messageParts,
  pageProblemSeverity,
  pageProblemText,
  pageReadingText,
  pageReadText,
  printableText,
  servedFindingText,
  severityText,
  sizeText,
  sourceText,
  type Translator,
} from '../src/explain/index.ts';
import type { ServedPage } from '../src/extension/protocol.ts';
import type { ServedFinding } from '../src/page/compare.ts';
import { LINK_OUTLINES, type LinkCounts } from '../src/page/facts.ts';
import type { PageSource, RobotPage } from '../src/page/judge.ts';
import { SitemapCheck, type SitemapResult } from './sitemap-check.tsx';

export interface PageViewProps {
  page: PageModel;
  t: Translator;
  /** Counts the page's links (read when this view opens); null when the browser refused. */
  countLinks: () => Promise<LinkCounts | null>;
  /** Outlines the page's qualified links, or removes the outline; resolves to the state, or null. */
  highlight: (on: boolean) => Promise<boolean | null>;
  /**
   * Fetches the page as served and compares it; resolves to the findings or a message (a whole
   * sentence). A rejection is shown as the HTML that could not be read.
   */
  compare: () => Promise<
    { ok: true; served: ServedPage; findings: ServedFinding[] } | { ok: false; message: string }
  >;
  /** Reads the site's sitemaps and answers for this page (issue 29, item 6), on the user's click. */
  checkSitemaps: () => Promise<SitemapResult>;
}

function Source({ source, t }: { source: PageSource; t: Translator }) {
  return (
    <li class="page-source" data-page-source={source.kind}>
      <div>
        <strong>{sourceText(source, t)}</strong>
        {/* A named tag or scope says its name already ("X-Robots-Tag header for googlebot"). */}
        {(source.audience === null || source.audience === 'robots') && (
          <>
            {' '}
            <span class="muted">{t('pageSourceForAll')}</span>
          </>
        )}
      </div>
      <code class="source-text">{printableText(source.text.slice(0, 300))}</code>
      {source.directives.length > 0 && (
        <ul>
          {source.directives.map((d, i) => (
            <li key={i}>
              {messageParts(t, 'pageDirectiveMeaning', 3).map((part, j) =>
                typeof part === 'string' ? (
                  part
                ) : part === 0 ? (
                  <code key={j}>{printableText(d.text.trim())}</code>
                ) : part === 1 ? (
                  meaningText(d.name, t)
                ) : (
                  <span key={j} class="muted">
                    {honouredByText(d.name, t)}
                  </span>
                ),
              )}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * Which tag names each robot reads and how its directives combine, each with whose documentation
 * says so (issue 31, items 2 and 3); a control token reads no page and is left out.
 */
function Readings({ robots, t }: { robots: RobotPage[]; t: Translator }) {
  const readers = robots.filter((r) => r.rules !== 'control-token');
  if (readers.length === 0) return null;
  return (
    <details class="page-readings" data-page-readings="">
      <summary>{t('pageNamesHeading')}</summary>
      <ul>
        {readers.map((r) => {
          const [names, combining] = pageReadingText(r, t);
          return (
            <li
              key={r.robot}
              data-page-reads={r.robot}
              data-names={r.names.join(' ')}
              data-names-documented={String(r.namesDocumented)}
              data-combining={r.combining}
              data-combining-documented={String(r.combiningDocumented)}
            >
              {printableText(names)} <span class="muted">{printableText(combining)}</span>
            </li>
          );
        })}
      </ul>
    </details>
  );
}

type Comparison =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'done'; served: ServedPage; findings: ServedFinding[] }
  | { status: 'error'; message: string };

export function PageView({
  page,
  t,
  countLinks,
  highlight,
  compare,
  checkSitemaps,
}: PageViewProps) {
  const { judgement } = page;
  const [highlighted, setHighlighted] = useState(page.linksHighlighted);
  const [refused, setRefused] = useState(false);
  const [comparison, setComparison] = useState<Comparison>({ status: 'idle' });
  const [links, setLinks] = useState<LinkCounts | null>(null);
  // Counted once per report shown, not on every render of the popup (each would run a script in
  // the page).
  const count = useRef(countLinks);
  count.current = countLinks;
  useEffect(() => {
    if (page.judgement.dom === 'html') void count.current().then(setLinks);
  }, [page]);
  return (
    <div class="page-view">
      <h2>{t('pageSourcesHeading')}</h2>
      {judgement.sources.length === 0 ? (
        (judgement.headers === 'seen' ? [t('pageAllSay')] : pageReadText(judgement, t)).map(
          (line) => <p key={line}>{line}</p>,
        )
      ) : (
        <ul class="page-sources">
          {judgement.sources.map((source, i) => (
            <Source key={i} source={source} t={t} />
          ))}
        </ul>
      )}

      <Readings robots={judgement.robots} t={t} />

      {judgement.problems.length > 0 && (
        <>
          <h2>{t('pageProblemsHeading')}</h2>
          <ul class="diagnostics">
            {judgement.problems.map((problem, i) => {
              const severity = pageProblemSeverity(problem);
              return (
                <li key={i} class={`diagnostic ${severity}`} data-page-problem={problem.code}>
                  <span class="severity">{severityText(severity, t)}</span>{' '}
                  {printableText(pageProblemText(problem, t))}
                </li>
              );
            })}
          </ul>
        </>
      )}

      {links !== null && (
        <>
          <h2>{t('linksHeading')}</h2>
          <p
            data-links=""
            data-total={links.total}
            data-nofollow={links.nofollow}
            data-ugc={links.ugc}
            data-sponsored={links.sponsored}
            data-read-ms={links.readMs.toFixed(2)}
          >
            {t.plural(
              'linksCounts',
              links.total,
              t.number(links.nofollow),
              t.number(links.ugc),
              t.number(links.sponsored),
            )}
          </p>
          <label class="setting">
            <input
              type="checkbox"
              data-highlight-links=""
              checked={highlighted}
              onChange={(event) => {
                const on = event.currentTarget.checked;
                setHighlighted(on);
                void highlight(on).then((state) => {
                  setRefused(state === null);
                  setHighlighted(state ?? !on);
                });
              }}
            />{' '}
            {t('highlightLinks')}
          </label>
          <ul class="link-legend" data-link-legend="" aria-label={t('linkLegend')}>
            {Object.entries(LINK_OUTLINES).map(([rel, color]) => (
              <li key={rel}>
                <span class="swatch" style={{ outlineColor: color }} aria-hidden="true" /> {rel}
              </li>
            ))}
          </ul>
          {refused && <p class="warning">⚠ {t('highlightRefused')}</p>}
        </>
      )}

      <h2>{t('compareServed')}</h2>
      <p class="muted">{t('compareServedHint')}</p>
      <p>
        <button
          type="button"
          data-action="compare-served"
          disabled={comparison.status === 'loading'}
          onClick={() => {
            setComparison({ status: 'loading' });
            // Whatever fails (a page the reader chokes on), the button comes back with a message.
            void compare()
              .catch(() => ({ ok: false as const, message: t('servedUnreadable') }))
              .then((result) =>
                setComparison(
                  result.ok
                    ? { status: 'done', served: result.served, findings: result.findings }
                    : { status: 'error', message: result.message },
                ),
              );
          }}
        >
          {t('compareServed')}
        </button>
      </p>
      {comparison.status === 'loading' && <p class="muted">{t('comparing')}</p>}
      {comparison.status === 'error' && (
        <p class="warning" role="alert" data-served-error="">
          ⚠ {printableText(comparison.message)}
        </p>
      )}
      {comparison.status === 'done' && (
        <div data-served="">
          <p class="muted">
            {t(
              'servedStatus',
              comparison.served.status,
              sizeText(new TextEncoder().encode(comparison.served.html).length, t),
            )}
          </p>
          {/* The page's URL redirected (at most 5 times): the HTML compared is the final URL's. */}
          {comparison.served.url !== page.facts.url.split('#')[0] && (
            <p class="muted" data-served-url={comparison.served.url}>
              {t('finalUrlLabel')} <code>{printableText(comparison.served.url)}</code>
            </p>
          )}
          <ul>
            {comparison.findings.map((finding) => (
              <li
                key={`${finding.kind}:${'robot' in finding ? finding.robot : ''}`}
                data-served-finding={finding.kind}
                class={finding.kind === 'same' ? '' : 'warning'}
              >
                {printableText(servedFindingText(finding, t))}
              </li>
            ))}
          </ul>
        </div>
      )}
      <SitemapCheck t={t} check={checkSitemaps} />
    </div>
  );
}
