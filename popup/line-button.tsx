// A button that shows a line of the robots.txt in the File view ("line 12"), as Records and the
// plain words put one after what they say.
import type { Translator } from '../src/explain/index.ts';

export function LineButton({
  line,
  t,
  onJump,
  stop,
}: {
  line: number;
  t: Translator;
  onJump: (line: number) => void;
  /**
   * One of a list's lines the arrow keys move between (Records: `data-line-stop`): true for the
   * list's Tab stop, false for the others. Undefined: a button of its own.
   */
  stop?: boolean | undefined;
}) {
  return (
    <button
      type="button"
      class="link line-link"
      title={t('jumpToLine', line)}
      onClick={() => onJump(line)}
      {...(stop === undefined ? {} : { 'data-line-stop': '', tabIndex: stop ? 0 : -1 })}
    >
      {t('atLine', line)}
    </button>
  );
}
