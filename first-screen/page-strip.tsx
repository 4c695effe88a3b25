// The page's own signals at a glance, under the robots.txt outcome: whether its headers and tags
// could be read, and its canonical. Every string shown came from the page: text only, and a link
// only for an http(s) URL.
import { pageReadText, printableText, statusText, type Translator } from '../src/explain/index.ts';
import { isPageStatus } from '../src/page/facts.ts';
import type { Canonical } from '../src/page/judge.ts';
import type { PageModel } from './model.ts';

/** The canonical URL as text (a link when it is http(s)), carrying `data-canonical`. */
export function CanonicalUrl({ canonical, t }: { canonical: Canonical; t: Translator }) {
  const text = printableText(canonical.url);
  const how = canonical.self
    ? t('canonicalSelf')
    : canonical.via === 'header'
      ? t('canonicalByHeader')
      : t('canonicalByTag');
  return (
    <span class="canonical-url">
      {canonical.isHttp ? (
        <a href={canonical.url} target="_blank" rel="noreferrer" data-canonical={canonical.url}>
          {text}
        </a>
      ) : (
        <code data-canonical={canonical.url}>{text}</code>
      )}{' '}
      <span class="muted">({how})</span>
    </span>
  );
}

export function PageStrip({ page, t }: { page: PageModel; t: Translator }) {
  const { judgement } = page;
  const notes = pageReadText(judgement, t);
  return (
    <section
      class="page-strip"
      data-headers={judgement.headers === 'seen' ? 'seen' : 'unknown'}
      data-page-status={judgement.status === null ? 'unknown' : String(judgement.status)}
      data-dom={judgement.dom}
      {...(page.facts.dom.ok ? { 'data-read-ms': page.facts.dom.facts.readMs.toFixed(2) } : {})}
    >
      <p class="status">
        <strong>{t('pageStatusLabel')}:</strong>{' '}
        {judgement.status === null ? (
          <span class="muted">{t('pageStatusUnknown')}</span>
        ) : (
          <span class={isPageStatus(judgement.status) ? 'status-ok' : 'status-error'}>
            {statusText(judgement.status)}
          </span>
        )}
      </p>
      {judgement.redirects.length > 0 && (
        <div class="redirects" data-redirects={String(judgement.redirects.length)}>
          <strong>{t('pageRedirectsLabel')}:</strong>
          <ol>
            {judgement.redirects.map((hop, i) => (
              <li key={i} data-redirect-status={String(hop.status)}>
                <code>{printableText(hop.url)}</code> <span class="muted">({hop.status})</span>
              </li>
            ))}
          </ol>
        </div>
      )}
      <p class="canonical">
        <strong>{t('pageCanonicalLabel')}</strong>{' '}
        {judgement.canonical === null ? (
          <span class="muted">{t('canonicalNone')}</span>
        ) : (
          <CanonicalUrl canonical={judgement.canonical} t={t} />
        )}
      </p>
      {notes.map((note) => (
        <p class="note" key={note}>
          ℹ {note}
        </p>
      ))}
    </section>
  );
}
