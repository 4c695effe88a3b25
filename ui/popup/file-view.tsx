// The raw robots.txt with line numbers, rendered as text. Only the visible lines are in the DOM,
// so a 500 KiB file scrolls smoothly.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { diagnosticText, type Translator } from '../../src/explain/index.ts';
import type { Diagnostic } from '../../src/robots/index.ts';

const ROW_PX = 18;
const VIEW_PX = 340;
const OVERSCAN = 12;

export interface FileViewProps {
  text: string;
  diagnostics: Diagnostic[];
  /** The deciding line of the selected robot. */
  highlight: number | null;
  highlightLabel: string;
  /** Scroll to this line when it changes. */
  jumpTo: number | null;
  /** The user asked to find (Ctrl/Cmd+F): show and focus the find box when this changes. */
  findRequest?: number;
  t: Translator;
}

export function FileView({
  text,
  diagnostics,
  highlight,
  highlightLabel,
  jumpTo,
  t,
}: FileViewProps) {
  const lines = useMemo(() => text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/), [text]);
  const byLine = useMemo(() => {
    const map = new Map<number, string[]>();
    for (const d of diagnostics)
      if (d.line > 0) map.set(d.line, [...(map.get(d.line) ?? []), diagnosticText(d, t)]);
    return map;
  }, [diagnostics, t]);
  const box = useRef<HTMLElement>(null);
  const [top, setTop] = useState(0);

  useEffect(() => {
    const el = box.current;
    if (el === null || jumpTo === null) return;
    el.scrollTop = Math.max(0, (jumpTo - 1) * ROW_PX - VIEW_PX / 3);
    setTop(el.scrollTop);
  }, [jumpTo]);

  if (text === '') return <p class="muted">{t('fileEmpty')}</p>;
  const first = Math.max(0, Math.floor(top / ROW_PX) - OVERSCAN);
  const last = Math.min(lines.length, Math.ceil((top + VIEW_PX) / ROW_PX) + OVERSCAN);
  const visible = [];
  for (let i = first; i < last; i++) {
    const n = i + 1;
    const notes = byLine.get(n);
    visible.push(
      <div
        key={n}
        class={`file-line${n === highlight ? ' highlight' : ''}${notes ? ' flagged' : ''}`}
        data-line={n}
        style={{ top: `${i * ROW_PX}px` }}
        {...(n === highlight ? { 'aria-current': 'true', title: highlightLabel } : {})}
      >
        <span class="num" aria-hidden="true">
          {n}
        </span>
        <span class="text">{lines[i]}</span>
        {notes && (
          <span class="flag" title={notes.join('\n')}>
            <span aria-hidden="true">⚠</span>
            <span class="sr-only">{notes.join(' ')}</span>
          </span>
        )}
      </div>,
    );
  }
  return (
    <div>
      <p class="muted">{t.plural('fileLines', lines.length)}</p>
      <section
        class="file-box"
        ref={box}
        aria-label={t('fileHeading')}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus so the keyboard can scroll it (WCAG 2.1.1)
        tabIndex={0}
        style={{ height: `${VIEW_PX}px` }}
        onScroll={(e) => setTop(e.currentTarget.scrollTop)}
      >
        <div class="file-inner" style={{ height: `${lines.length * ROW_PX}px` }}>
          {visible}
        </div>
      </section>
    </div>
  );
}
