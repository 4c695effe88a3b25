// The File view's toolbar: a find field with previous/next and the match count, and "next
// problem". It only renders what FileView tells it and reports the user's moves; the searching,
// the keyboard shortcuts of the whole view and the scrolling are FileView's.
import type { Ref } from 'preact';
import type { Translator } from '../src/explain/index.ts';

export interface FindBoxProps {
  /** False: the field is closed and a button offers to open it. */
  isOpen: boolean;
  query: string;
  /** 1-based position of the current match, 0 when none. */
  current: number;
  total: number;
  /** Lines that carry a diagnostic: what "next problem" cycles through. */
  problemCount: number;
  inputRef: Ref<HTMLInputElement>;
  onQuery: (query: string) => void;
  /** +1: the next match, -1: the previous one (wrapping). */
  onStep: (delta: 1 | -1) => void;
  onOpen: () => void;
  onClose: () => void;
  onNextProblem: () => void;
  t: Translator;
}

/** The find toolbar above the file; the seams are `input[data-find]`, `[data-find-count]` and the `data-action` buttons. */
export function FindBox({
  isOpen,
  query,
  current,
  total,
  problemCount,
  inputRef,
  onQuery,
  onStep,
  onOpen,
  onClose,
  onNextProblem,
  t,
}: FindBoxProps) {
  const count =
    query === ''
      ? ''
      : total === 0
        ? t('findNoMatches')
        : t('findCount', t.number(current), t.number(total));
  return (
    <div class="find-box">
      {isOpen ? (
        <search>
          <input
            type="search"
            data-find=""
            ref={inputRef}
            value={query}
            placeholder={t('findLabel')}
            aria-label={t('findLabel')}
            title={t('findHint')}
            spellcheck={false}
            autocomplete="off"
            onInput={(e) => onQuery(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key !== 'Enter') return;
              e.preventDefault();
              onStep(e.shiftKey ? -1 : 1);
            }}
          />
          <button
            type="button"
            data-action="find-previous"
            aria-label={t('findPrevious')}
            title={t('findPrevious')}
            disabled={total === 0}
            onClick={() => onStep(-1)}
          >
            <span aria-hidden="true">↑</span>
          </button>
          <button
            type="button"
            data-action="find-next"
            aria-label={t('findNext')}
            title={t('findNext')}
            disabled={total === 0}
            onClick={() => onStep(1)}
          >
            <span aria-hidden="true">↓</span>
          </button>
          <span
            class={`find-count${query !== '' && total === 0 ? ' none' : ''}`}
            data-find-count=""
            data-find-current={current}
            data-find-total={total}
            role="status"
          >
            {count}
          </span>
          <button
            type="button"
            class="dismiss"
            data-action="find-close"
            aria-label={t('findClose')}
            title={t('findClose')}
            onClick={onClose}
          />
        </search>
      ) : (
        <button type="button" data-action="find" onClick={onOpen}>
          {t('findOpen')}
        </button>
      )}
      <button
        type="button"
        class="next-problem"
        data-action="next-problem"
        title={t.plural('fileProblemLines', problemCount)}
        disabled={problemCount === 0}
        onClick={onNextProblem}
      >
        <span aria-hidden="true">⚠ </span>
        {t('findNextProblem')}
        <span class="count">{t.number(problemCount)}</span>
      </button>
    </div>
  );
}
