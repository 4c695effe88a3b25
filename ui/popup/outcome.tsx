// The page and the fetch outcome in words, with refresh, permission and "changed" controls.
import { useState } from 'preact/hooks';
import type { Translator } from '../../src/explain/index.ts';
import { DiffView } from './diff-view.tsx';
import type { PopupModel } from './model.ts';

export interface OutcomeProps {
  model: PopupModel;
  t: Translator;
  onRefresh: () => void;
  onGrant: () => void;
}

export function Outcome({ model, t, onRefresh, onGrant }: OutcomeProps) {
  const [showDiff, setShowDiff] = useState(false);
  const changed =
    model.previousText !== null && model.text !== null && model.previousText !== model.text;
  return (
    <section class="outcome" data-fetch-outcome={model.status} aria-live="polite">
      <p class="summary">{model.summary}</p>
      {model.warnings.map((w) => (
        <p class="warning" key={w}>
          ⚠ {w}
        </p>
      ))}
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
      {changed && showDiff && (
        <DiffView
          before={model.previousText ?? ''}
          after={model.text ?? ''}
          t={t}
          label={t('changed')}
        />
      )}
    </section>
  );
}
