// What a copy did, said to assistive technology: a copy button's own text or glyph changes ("✓"),
// which a screen reader does not read out while the button keeps the focus. A polite status
// region beside the button says it; the region is there (empty) before the copy, as a live region
// must be for its change to be read.

/** A status region that holds `text` (nothing while it is null): put it next to the button. */
export function CopiedStatus({ text }: { text: string | null }) {
  return (
    <span class="sr-only" role="status" data-copied-status="">
      {text ?? ''}
    </span>
  );
}
