// The Page view's sitemap check (issue 29, item 6): on a click, the background reads the site's
// sitemaps and the answer is said here: is the page listed (and its canonical), what contradicts
// the listing, what was read and what could not be. Every URL and text in it came from a server,
// and is shown as text.
import { useState } from 'preact/hooks';
import { printableText, type Translator } from '../src/explain/index.ts';
import {
  sitemapCanonicalText,
  sitemapContradictionText,
  sitemapListedText,
  sitemapListingText,
  sitemapNearText,
  sitemapProblemText,
} from '../src/explain/sitemaps.ts';
import { sitemapFileText, sitemapReadText } from '../src/extension/explain/sitemaps.ts';
import type { SitemapReport } from '../src/extension/protocol.ts';
import { listedValue, type SitemapAnswer } from '../src/page/sitemap-check.ts';

/** The check's result: the report and the answer for the page, or why there is none (a sentence). */
export type SitemapResult =
  | { ok: true; report: SitemapReport; answer: SitemapAnswer }
  | { ok: false; message: string };

type State = { status: 'idle' } | { status: 'loading' } | SitemapResult;

export interface SitemapCheckProps {
  t: Translator;
  /** Asks the background to read the sitemaps and answers for the page (a rejection is said). */
  check: () => Promise<SitemapResult>;
}

export function SitemapCheck({ t, check }: SitemapCheckProps) {
  const [state, setState] = useState<State>({ status: 'idle' });
  const isLoading = 'status' in state && state.status === 'loading';
  return (
    <section class="sitemap-check" aria-busy={isLoading}>
      <h2>{t('sitemapsHeading')}</h2>
      <p class="muted">{t('sitemapCheckHint')}</p>
      <p>
        <button
          type="button"
          data-action="check-sitemaps"
          disabled={isLoading}
          onClick={() => {
            setState({ status: 'loading' });
            // Whatever fails, the button comes back with a message.
            void check()
              .catch((error: unknown) => ({
                ok: false as const,
                message: t('sitemapCheckFailed', String(error)),
              }))
              .then(setState);
          }}
        >
          {t('sitemapCheckButton')}
        </button>
      </p>
      {/* One live region, there from the start: "reading…", then the answer's first sentence. */}
      <div role="status">
        {isLoading && <p class="muted">{t('sitemapChecking')}</p>}
        {'ok' in state && state.ok && (
          <ListedLine report={state.report} answer={state.answer} t={t} />
        )}
      </div>
      {'ok' in state && !state.ok && (
        <p class="warning" role="alert" data-sitemap-error="">
          ⚠ {printableText(state.message)}
        </p>
      )}
      {'ok' in state && state.ok && (
        <SitemapAnswerView report={state.report} answer={state.answer} t={t} />
      )}
    </section>
  );
}

/** Whether the page is listed, in one sentence; `data-sitemap-listed` is yes, no or unknown. */
function ListedLine({
  report,
  answer,
  t,
}: {
  report: SitemapReport;
  answer: SitemapAnswer;
  t: Translator;
}) {
  const isPartial = report.stoppedBy !== null || report.problemCount > 0;
  const [first, ...rest] = sitemapListedText(answer, isPartial, t);
  return (
    <p data-sitemap-listed={answer.listed} data-sitemap-count={answer.page.sitemaps}>
      <strong>{first}</strong>
      {rest.map((line) => ` ${line}`)}
    </p>
  );
}

function SitemapAnswerView({
  report,
  answer,
  t,
}: {
  report: SitemapReport;
  answer: SitemapAnswer;
  t: Translator;
}) {
  const { page, canonical } = answer;
  const moreListings = page.count - page.listings.length;
  return (
    <div data-sitemap="">
      {page.listings.length > 0 && (
        <ul class="sitemap-listings">
          {page.listings.map((listing, i) => (
            <li key={i} data-sitemap-listing={listing.sitemap ?? ''}>
              <code>{printableText(sitemapListingText(listing, page.url, t))}</code>
            </li>
          ))}
          {moreListings > 0 && (
            <li class="muted">{t.plural('sitemapMoreListings', moreListings)}</li>
          )}
        </ul>
      )}
      {page.count === 0 &&
        page.near.map((listing, i) => (
          <p key={i} class="warning" data-sitemap-near={listing.loc}>
            ⚠ {printableText(sitemapNearText(listing, t))}
          </p>
        ))}
      {canonical !== null && (
        <p data-sitemap-canonical={listedValue(canonical)}>
          {printableText(sitemapCanonicalText(canonical, t))}
        </p>
      )}
      {answer.problems.length > 0 && (
        <ul class="diagnostics">
          {answer.problems.map((problem, i) => (
            <li key={i} class="diagnostic warning" data-sitemap-problem={problem.code}>
              ⚠ {printableText(sitemapContradictionText(problem, t))}
            </li>
          ))}
        </ul>
      )}
      {report.stoppedBy !== null && (
        <p class="warning" data-sitemap-stopped={report.stoppedBy}>
          ⚠ {t('sitemapStopped')}
        </p>
      )}
      {sitemapReadText(report, t).map((line) => (
        <p key={line} class="muted">
          {printableText(line)}
        </p>
      ))}
      {report.files.length > 0 && (
        <details>
          <summary>{t('sitemapFilesHeading')}</summary>
          <ul data-sitemap-files={report.files.length}>
            {report.files.map((file, i) => (
              <li key={i} data-sitemap-file={file.kind ?? 'unread'}>
                <code>{printableText(sitemapFileText(file, t))}</code>
              </li>
            ))}
          </ul>
        </details>
      )}
      {report.problems.length > 0 && (
        <>
          <h3>{t('sitemapProblemsHeading')}</h3>
          <ul class="diagnostics">
            {report.problems.map((problem, i) => (
              <li key={i} class="diagnostic" data-sitemap-read-problem={problem.code}>
                {printableText(sitemapProblemText(problem, t))}
              </li>
            ))}
            {report.problemCount > report.problems.length && (
              <li class="muted">
                {t.plural('sitemapMoreProblems', report.problemCount - report.problems.length)}
              </li>
            )}
          </ul>
        </>
      )}
      <p class="muted small">{t('sitemapMatchNote')}</p>
    </div>
  );
}
