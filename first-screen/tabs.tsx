// The popup's views as WAI-ARIA tabs: arrow keys, Home and End move between them.
import { useRef } from 'preact/hooks';
import type { MessageKey, Translator } from '../src/explain/index.ts';
import type { View } from '../src/extension/popup-memory.ts';

const LABELS: Record<View, MessageKey> = {
  verdicts: 'tabVerdicts',
  page: 'tabPage',
  records: 'tabRecords',
  file: 'tabFile',
  summary: 'tabSummary',
  tester: 'tabTester',
  history: 'tabHistory',
  robots: 'tabRobots',
};

/** A tab list that moves with the arrow keys (WAI-ARIA tabs pattern). */
export function Tabs({
  current,
  available,
  onChange,
  t,
}: {
  current: View;
  available: readonly View[];
  onChange: (view: View) => void;
  t: Translator;
}) {
  const refs = useRef(new Map<View, HTMLButtonElement>());
  const move = (delta: number) => {
    const i = available.indexOf(current);
    const next = available[(i + delta + available.length) % available.length] ?? current;
    onChange(next);
    refs.current.get(next)?.focus();
  };
  return (
    <div
      class="tabs"
      role="tablist"
      aria-label={t('tabsLabel')}
      onKeyDown={(e) => {
        if (e.key === 'ArrowRight') move(1);
        else if (e.key === 'ArrowLeft') move(-1);
        else if (e.key === 'Home') move(-available.indexOf(current));
        else if (e.key === 'End') move(available.length - 1 - available.indexOf(current));
      }}
    >
      {available.map((tab) => (
        <button
          key={tab}
          type="button"
          role="tab"
          id={`tab-${tab}`}
          data-view={tab}
          aria-selected={tab === current}
          aria-controls={`panel-${tab}`}
          tabIndex={tab === current ? 0 : -1}
          ref={(el) => {
            if (el) refs.current.set(tab, el);
            // The row scrolls sideways in a long language: the view shown stays in sight.
            if (el && tab === current) el.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
          }}
          onClick={() => onChange(tab)}
        >
          {t(LABELS[tab])}
        </button>
      ))}
    </div>
  );
}
