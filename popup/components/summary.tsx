// "What this file says": a plain account of each group, for site owners who are not experts.
import type { Translator } from '../../src/i18n.ts';
import type { RobotsTxt } from '../../src/robots/index.ts';
import { summarySentences } from '../view-model.ts';

export function Summary({ robots, t }: { robots: RobotsTxt; t: Translator }) {
  const sentences = summarySentences(robots, t);
  if (sentences.length === 0) return <p>{t('summaryNoGroups')}</p>;
  return (
    <div class="summary-view">
      <p class="muted">{t('summaryIntro')}</p>
      <ul>
        {sentences.map((s) => (
          <li key={s.line}>{s.text}</li>
        ))}
      </ul>
    </div>
  );
}
