// The page and the fetch outcome in words, with refresh, permission and "changed" controls, and
// where the file came from: its final URL, its size against the 500 KiB limit, open and copy.
import type { ComponentType } from 'preact';
import { useState } from 'preact/hooks';
import type { OutcomeSource, Translator } from '../src/explain/index.ts';
import { CopiedStatus } from './copied-status.tsx';
import type { PopupModel } from './model.ts';

/** What shows the difference between the file fetched before and this one (the popup's diff view). */
export type DiffComponent = ComponentType<{
  before: string;
  after: string;
  t: Translator;
  label: string;
}>;

export interface OutcomeProps {
  model: PopupModel;
  t: Translator;
  onRefresh: () => void;
  onGrant: () => void;
  /** Open a URL in a new tab (the live robots.txt). Without it, no open button. */
  onOpen?: (url: string) => void;
  /** Copy text to the clipboard (a promise, if any, says when it is done). Without it, no copy. */
  onCopy?: (text: string) => unknown;
  /**
   * Shows the difference once the "changed" mark is opened (the popup's lazy diff view); without
   * it, none (a screen drawn where no event runs never opens it).
   */
  Diff?: DiffComponent | undefined;
}

/** The summary with its size wrapped for `data-bytes`, the text unchanged. */
function Summary({ summary, source }: { summary: string; source: OutcomeSource | null }) {
  const size = source?.size ?? null;
  const at = size === null ? -1 : summary.indexOf(size);
  if (source === null || size === null || at < 0) return <p class="summary">{summary}</p>;
  return (
    <p class="summary">
      {summary.slice(0, at)}
      <span data-bytes={String(source.bytes)}>{size}</span>
      {summary.slice(at + size.length)}
    </p>
  );
}

/** The final URL after redirects, a link only when it is http(s). */
function FinalUrl({
  source,
  t,
  onOpen,
}: {
  source: OutcomeSource;
  t: Translator;
  onOpen: ((url: string) => void) | undefined;
}) {
  const url = source.finalUrl;
  if (url === null) return null;
  return (
    <p class="final-url" data-final-url={url}>
      {t('finalUrlLabel')}{' '}
      {source.isFinalUrlHttp ? (
        <a
          href={url}
          target="_blank"
          rel="noreferrer"
          onClick={(event) => {
            if (onOpen === undefined) return;
            event.preventDefault();
            onOpen(url);
          }}
        >
          {url}
        </a>
      ) : (
        <code>{url}</code>
      )}
    </p>
  );
}

export function Outcome({ model, t, onRefresh, onGrant, onOpen, onCopy, Diff }: OutcomeProps) {
  const [showDiff, setShowDiff] = useState(false);
  const [copied, setCopied] = useState(false);
  const source = model.source;
  const changed = model.changed;
  return (
    <section class="outcome" data-fetch-outcome={model.status}>
      {/* Live: what a refresh found is read out; not the buttons, nor the changes once opened. */}
      <div class="outcome-words" aria-live="polite">
        <Summary summary={model.summary} source={source} />
        {source !== null && <FinalUrl source={source} t={t} onOpen={onOpen} />}
        {model.warnings.map((w) => (
          <p class="warning" key={w}>
            ⚠ {w}
          </p>
        ))}
        {source !== null && source.limit !== null && (
          <p class="warning near-limit">⚠ {source.limit}</p>
        )}
      </div>
      <div class="actions">
        {model.needsPermission && (
          <button type="button" onClick={onGrant}>
            {model.origin === null ? t('grantAll') : t('grantOrigin', model.origin)}
          </button>
        )}
        {model.status !== 'not-applicable' && (
          <button
            type="button"
            class="refresh"
            data-action="refresh"
            title={t('refreshLabel')}
            onClick={onRefresh}
          >
            ↻ {t('refresh')}
          </button>
        )}
        {source !== null && onOpen !== undefined && (
          <button
            type="button"
            data-action="open-robots"
            title={t('openRobotsTitle', source.robotsUrl)}
            onClick={() => onOpen(source.robotsUrl)}
          >
            ↗ {t('openRobots')}
          </button>
        )}
        {source !== null && onCopy !== undefined && (
          <button
            type="button"
            data-action="copy-robots-url"
            title={t('copyUrlTitle', source.robotsUrl)}
            onClick={() => {
              setCopied(false);
              Promise.resolve(onCopy(source.robotsUrl)).then(
                () => setCopied(true),
                () => setCopied(false),
              );
            }}
          >
            {copied ? `✓ ${t('copyDone')}` : `❐ ${t('copyUrl')}`}
          </button>
        )}
        {source !== null && onCopy !== undefined && (
          <CopiedStatus text={copied ? t('copyDone') : null} />
        )}
        {changed && (
          <button
            type="button"
            class="changed"
            aria-expanded={showDiff}
            onClick={() => setShowDiff(!showDiff)}
          >
            ● {t('changed')} · {showDiff ? t('hideChanges') : t('showChanges')}
          </button>
        )}
      </div>
      {changed &&
        showDiff &&
        Diff !== undefined &&
        (model.text === null || model.previousText === null ? (
          <p class="status" aria-busy="true">
            {t('loading')}
          </p>
        ) : (
          <Diff before={model.previousText} after={model.text} t={t} label={t('changed')} />
        ))}
    </section>
  );
}
