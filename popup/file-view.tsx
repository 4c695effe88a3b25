// The raw robots.txt with line numbers, rendered as text. Only the visible lines are in the DOM,
// so a 500 KiB file scrolls smoothly; the browser's own Ctrl+F cannot see the rest, so the view
// has its own find box. A line with problems shows their text on rows of its own below it.

import type { JSX } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { diagnosticText, severityText, type Translator } from '../src/explain/index.ts';
import type { Diagnostic, Severity } from '../src/robots/index.ts';
import { FindBox } from './find-box.tsx';

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

interface Problem {
  severity: Severity;
  text: string;
}

/** The last search, kept so that typing one more letter only re-checks the lines that matched. */
interface SearchCache {
  lines: string[];
  lower: string[] | null;
  term: string;
  matches: number[];
}

/** Index of the first element of the ascending `sorted` that is >= `value` (its length if none). */
function lowerBound(sorted: ArrayLike<number>, value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] ?? 0) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The 1-based lines whose lower-cased text contains `term`, narrowing the last search when it can. */
function matchLines(cache: SearchCache, term: string): number[] {
  if (term === cache.term) return cache.matches;
  if (term === '') return [];
  cache.lower ??= cache.lines.map((line) => line.toLowerCase());
  const lower = cache.lower;
  const out: number[] = [];
  // A line containing the new term contains any part of it, so the last matches are enough.
  if (cache.term !== '' && term.includes(cache.term)) {
    for (const n of cache.matches) if (lower[n - 1]?.includes(term)) out.push(n);
  } else {
    for (let i = 0; i < lower.length; i++) if (lower[i]?.includes(term)) out.push(i + 1);
  }
  cache.term = term;
  cache.matches = out;
  return out;
}

/** The line's text with each occurrence of `term` marked (none when lower-casing moved offsets). */
function markedText(line: string, term: string): JSX.Element[] | string {
  const lower = line.toLowerCase();
  if (term === '' || lower.length !== line.length) return line;
  const parts: JSX.Element[] = [];
  let at = 0;
  for (let i = lower.indexOf(term); i !== -1; i = lower.indexOf(term, i + term.length)) {
    if (i > at) parts.push(<span key={`t${at}`}>{line.slice(at, i)}</span>);
    parts.push(<mark key={`m${i}`}>{line.slice(i, i + term.length)}</mark>);
    at = i + term.length;
  }
  if (parts.length === 0) return line;
  if (at < line.length) parts.push(<span key={`t${at}`}>{line.slice(at)}</span>);
  return parts;
}

/** The file, virtualised, with its find box; problems on rows below their line. */
export function FileView({
  text,
  diagnostics,
  highlight,
  highlightLabel,
  jumpTo,
  findRequest = 0,
  t,
}: FileViewProps) {
  const lines = useMemo(() => text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/), [text]);
  const byLine = useMemo(() => {
    const map = new Map<number, Problem[]>();
    for (const d of diagnostics) {
      if (d.line < 1 || d.line > lines.length) continue;
      const problem = { severity: d.severity, text: diagnosticText(d, t) };
      const known = map.get(d.line) ?? [];
      if (!known.some((p) => p.text === problem.text)) map.set(d.line, [...known, problem]);
    }
    return map;
  }, [diagnostics, lines, t]);
  const problemLines = useMemo(() => [...byLine.keys()].sort((a, b) => a - b), [byLine]);
  /** rowStart[i]: the rows above line i + 1 (a line takes one row, plus one per problem). */
  const rowStart = useMemo(() => {
    const starts = new Int32Array(lines.length + 1);
    for (let i = 0; i < lines.length; i++)
      starts[i + 1] = (starts[i] ?? 0) + 1 + (byLine.get(i + 1)?.length ?? 0);
    return starts;
  }, [lines, byLine]);

  const box = useRef<HTMLElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const cache = useRef<SearchCache>({ lines, lower: null, term: '', matches: [] });
  if (cache.current.lines !== lines) cache.current = { lines, lower: null, term: '', matches: [] };
  const [top, setTop] = useState(0);
  const [isOpen, setOpen] = useState(true);
  const [query, setQuery] = useState('');
  /** Where the find is: the current match is the first one at or after this line. */
  const [cursor, setCursor] = useState<number | null>(null);
  /** Bumped by every move, so that moving to the same line scrolls it into view again. */
  const [seek, setSeek] = useState(0);
  const [problemLine, setProblemLine] = useState<number | null>(null);
  const [focusTick, setFocusTick] = useState(0);

  const term = isOpen ? query.toLowerCase() : '';
  const matches = matchLines(cache.current, term);
  let currentIndex = -1;
  if (matches.length > 0) {
    currentIndex = lowerBound(matches, cursor ?? 1);
    if (currentIndex === matches.length) currentIndex = 0;
  }
  const currentLine = matches[currentIndex] ?? null;

  /** The first line at the top of the view. */
  const topLine = () => Math.max(1, lowerBound(rowStart, Math.floor(top / ROW_PX) + 1));
  const isInView = (n: number) => {
    const rowTop = (rowStart[n - 1] ?? 0) * ROW_PX;
    return rowTop >= top && (rowStart[n] ?? 0) * ROW_PX <= top + VIEW_PX;
  };
  const scrollToLine = (n: number, always: boolean) => {
    const el = box.current;
    if (el === null || (!always && isInView(n))) return;
    el.scrollTop = Math.max(0, (rowStart[n - 1] ?? 0) * ROW_PX - VIEW_PX / 3);
    setTop(el.scrollTop);
  };

  // Scroll only when asked to, not when rows shift. The box is positioned at once; once the row
  // is drawn, the view scrolls too if the box itself is out of it (a tall page strip on top).
  useEffect(() => {
    if (jumpTo === null) return;
    scrollToLine(jumpTo, true);
    // The view is shown a moment after the jump is asked for (the popup's memory): the row is
    // brought into sight once it is drawn in a shown view, tried for at most 20 frames.
    let frame = 0;
    let tries = 0;
    const reveal = () => {
      const row = box.current?.querySelector(`[data-line="${jumpTo}"]`);
      if (row instanceof HTMLElement && row.offsetParent !== null) {
        row.scrollIntoView?.({ block: 'nearest' });
        return;
      }
      if (++tries < 20) frame = requestAnimationFrame(reveal);
    };
    frame = requestAnimationFrame(reveal);
    return () => cancelAnimationFrame(frame);
  }, [jumpTo]);
  // Scroll only when the find moves (`seek`: again to the same line), not when the user scrolls.
  useEffect(() => {
    if (currentLine !== null) scrollToLine(currentLine, false);
  }, [currentLine, seek]);
  useEffect(() => {
    if (findRequest === 0) return;
    setOpen(true);
    setFocusTick((n) => n + 1);
  }, [findRequest]);
  useEffect(() => {
    if (focusTick === 0) return;
    input.current?.focus();
    input.current?.select();
  }, [focusTick]);

  const openFind = () => {
    setOpen(true);
    setFocusTick((n) => n + 1);
  };
  const closeFind = () => {
    const hadFocus = box.current?.parentElement?.contains(document.activeElement) ?? false;
    setOpen(false);
    if (hadFocus) box.current?.focus();
  };
  const onQuery = (value: string) => {
    // The first search starts where the user is looking.
    if (cursor === null) setCursor(topLine());
    setQuery(value);
  };
  const step = (delta: 1 | -1) => {
    if (!isOpen) {
      openFind();
      return;
    }
    if (matches.length === 0) return;
    const at = currentIndex === -1 ? 0 : currentIndex;
    setCursor(matches[(at + delta + matches.length) % matches.length] ?? null);
    setSeek((n) => n + 1);
  };
  const nextProblem = () => {
    if (problemLines.length === 0) return;
    // From the last problem shown while it is still in view, else from the top of the view.
    const after = problemLine !== null && isInView(problemLine) ? problemLine : topLine() - 1;
    const next = problemLines[lowerBound(problemLines, after + 1)] ?? problemLines[0] ?? null;
    if (next === null) return;
    setProblemLine(next);
    scrollToLine(next, false);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const isMod = e.ctrlKey || e.metaKey;
    if (isMod && e.key.toLowerCase() === 'f') {
      e.preventDefault();
      openFind();
    } else if (e.key === 'F3' || (isMod && e.key.toLowerCase() === 'g')) {
      e.preventDefault();
      step(e.shiftKey ? -1 : 1);
    } else if (e.key === 'Escape' && isOpen) {
      e.preventDefault();
      closeFind();
    }
  };

  if (text === '') return <p class="muted">{t('fileEmpty')}</p>;
  const firstRow = Math.max(0, Math.floor(top / ROW_PX) - OVERSCAN);
  const lastRow = Math.ceil((top + VIEW_PX) / ROW_PX) + OVERSCAN;
  const first = Math.max(0, lowerBound(rowStart, firstRow + 1) - 1);
  const last = Math.min(lines.length, lowerBound(rowStart, lastRow));
  const visible = [];
  for (let i = first; i < last; i++) {
    const n = i + 1;
    const line = lines[i] ?? '';
    const problems = byLine.get(n);
    const isMatch = term !== '' && (cache.current.lower?.[i]?.includes(term) ?? false);
    const isCurrent = n === currentLine;
    const classes = ['file-line'];
    if (n === highlight) classes.push('highlight');
    if (problems) classes.push('flagged');
    if (isMatch) classes.push('found');
    if (isCurrent) classes.push('found-current');
    if (n === problemLine) classes.push('problem-current');
    visible.push(
      <div
        key={n}
        class={classes.join(' ')}
        data-line={n}
        style={{
          top: `${(rowStart[i] ?? 0) * ROW_PX}px`,
          ...(problems ? { height: `${(1 + problems.length) * ROW_PX}px` } : {}),
        }}
        {...(n === highlight ? { 'aria-current': 'true', title: highlightLabel } : {})}
        {...(isCurrent ? { 'data-find-current-line': '' } : {})}
        {...(n === problemLine ? { 'data-problem-current': '' } : {})}
      >
        <span class="num" aria-hidden="true">
          {n}
        </span>
        <span class="text">{isMatch ? markedText(line, term) : line}</span>
        {problems?.map((p) => (
          <div key={p.text} class={`flag ${p.severity}`}>
            <span aria-hidden="true">{p.severity === 'info' ? 'ℹ' : '⚠'} </span>
            <span class="sr-only">{severityText(p.severity, t)}: </span>
            {p.text}
          </div>
        ))}
      </div>,
    );
  }
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the view's own find keys (Ctrl/Cmd+F, F3, Escape) while focus is anywhere inside it
    <div class="file-view" onKeyDown={onKeyDown}>
      <p class="muted">{t.plural('fileLines', lines.length)}</p>
      <FindBox
        isOpen={isOpen}
        query={query}
        current={currentIndex + 1}
        total={matches.length}
        problemCount={problemLines.length}
        inputRef={input}
        onQuery={onQuery}
        onStep={step}
        onOpen={openFind}
        onClose={closeFind}
        onNextProblem={nextProblem}
        t={t}
      />
      <section
        class="file-box"
        ref={box}
        aria-label={t('fileHeading')}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus so the keyboard can scroll it (WCAG 2.1.1)
        tabIndex={0}
        style={{ height: `${VIEW_PX}px` }}
        onScroll={(e) => setTop(e.currentTarget.scrollTop)}
      >
        <div class="file-inner" style={{ height: `${(rowStart[lines.length] ?? 0) * ROW_PX}px` }}>
          {visible}
        </div>
      </section>
    </div>
  );
}
