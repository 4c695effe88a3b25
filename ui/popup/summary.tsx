// "What this file says": a plain account of each group, for site owners who are not experts.
import { summarySentences, type Translator } from '../../src/explain/index.ts';
import type { RobotsTxt } from '../../src/robots/index.ts';

export function Summary({ parsed, t }: { parsed: RobotsTxt; t: Translator }) {
  const sentences = summarySentences(parsed, t);
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
