// A line diff between two versions of a robots.txt, as text (never HTML).
import { diffLines } from 'diff';
import { useMemo } from 'preact/hooks';
import type { Translator } from '../src/explain/index.ts';

/** Beyond this many edits a diff is not worth computing in a popup. */
const MAX_EDITS = 2000;

export function DiffView({
  before,
  after,
  t,
  label,
}: {
  before: string;
  after: string;
  t: Translator;
  label: string;
}) {
  const parts = useMemo(
    () => diffLines(before, after, { maxEditLength: MAX_EDITS }),
    [before, after],
  );
  if (parts === undefined) return <p class="muted">{t('draftDiffTooLarge')}</p>;
  if (parts.every((p) => !p.added && !p.removed)) return <p class="muted">{t('draftNoChanges')}</p>;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must take the focus, or a keyboard cannot scroll it (WCAG 2.1.1; axe scrollable-region-focusable)
    <section class="diff" title={label} aria-label={label} tabIndex={0}>
      <pre>
        {parts
          .filter((p) => p.added || p.removed)
          .flatMap((p, i) =>
            p.value
              .replace(/\n$/, '')
              .split('\n')
              .map((line, j) => (
                <div class={p.added ? 'added' : 'removed'} key={`${i}-${j}`}>
                  {p.added ? '+ ' : '− '}
                  {line}
                </div>
              )),
          )}
      </pre>
    </section>
  );
}
