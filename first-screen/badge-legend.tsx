// What the toolbar badge's symbols and colours mean, one click away in the popup's footer: the
// badge has no room for words, and its tooltip says only the state it is in.
import { useState } from 'preact/hooks';
import type { BADGE_COLORS, MessageKey, Translator } from '../src/explain/index.ts';

/**
 * Each state: its symbol, its colour (a class: a screen carries no style attribute; ui.css holds
 * BADGE_COLORS' values, which test/first-screen/badge-legend.test.ts checks) and its words.
 */
const STATES: [string, keyof typeof BADGE_COLORS, MessageKey][] = [
  ['✓', 'allowed', 'legendIndexable'],
  ['✓', 'indexUnknown', 'legendIndexUnknown'],
  ['⊘', 'noindex', 'legendNotIndexable'],
  ['✕', 'disallowed', 'legendBlocked'],
  ['!', 'unreachable', 'legendUnreachable'],
  ['?', 'indexUnknown', 'legendHopUnreported'],
  ['✕•', 'criticalChange', 'legendChanged'],
];

/** Its list is drawn once opened: the first screen travels in a URL, and this is rarely read. */
export function BadgeLegend({ t }: { t: Translator }) {
  const [open, setOpen] = useState(false);
  return (
    <details
      class="legend"
      data-badge-legend=""
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary>{t('legendBadge')}</summary>
      {open && (
        <ul>
          {STATES.map(([symbol, color, words]) => (
            <li key={words}>
              <span class={`badge-sample ${color}`} aria-hidden="true">
                {symbol}
              </span>{' '}
              {t(words)}
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
