// The answer first: one line for the first robot of the list, above everything else, coloured by
// the answer (crawlable and indexable, not indexable, blocked, unknown), with a canonical elsewhere
// on a second line. Drawn from the model alone, as the rest of the frame.
import type { Headline } from '../src/explain/index.ts';

const SYMBOLS: Record<Headline['state'], string> = {
  indexable: '✓',
  'not-indexable': '⊘',
  blocked: '✕',
  unknown: '?',
};

export function HeadlineLine({ headline }: { headline: Headline }) {
  return (
    <section
      class={`headline ${headline.state}${headline.indexes ? '' : ' crawl-only'}`}
      data-headline={headline.state}
    >
      <p>
        <span class="symbol" aria-hidden="true">
          {SYMBOLS[headline.state]}
        </span>{' '}
        <strong>{headline.text}</strong>
      </p>
      {headline.detail !== null && <p class="detail">{headline.detail}</p>}
      {headline.redirected !== null && (
        <p class="detail" data-headline-redirected="">
          {headline.redirected}
        </p>
      )}
    </section>
  );
}
