// A button that shows a line of the robots.txt in the File view ("line 12"), as Records and the
// plain words put one after what they say.
import type { Translator } from '../src/explain/index.ts';

export function LineButton({
  line,
  t,
  onJump,
}: {
  line: number;
  t: Translator;
  onJump: (line: number) => void;
}) {
  return (
    <button
      type="button"
      class="link line-link"
      title={t('jumpToLine', line)}
      onClick={() => onJump(line)}
    >
      {t('atLine', line)}
    </button>
  );
}
