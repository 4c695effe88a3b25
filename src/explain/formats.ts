// Small pieces every sentence is built from: sizes, ages, rules as written, lists.
import type { Rule } from '../robots/index.ts';
import type { Translator } from './translator.ts';

/** A byte count in bytes below 1 KiB, else in KB with one decimal ("4.2 KB"). */
export function sizeText(bytes: number, t: Translator): string {
  return bytes < 1024
    ? t('sizeBytes', t.number(bytes))
    : t('sizeKilobytes', t.number(bytes / 1024, 1));
}

/** How long ago, rounded to minutes then hours ("3 minutes ago"). */
export function ageText(ms: number, t: Translator): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 1) return t('ageJustNow');
  if (minutes < 60) return t.plural('ageMinutes', minutes);
  return t.plural('ageHours', Math.round(minutes / 60));
}

/** A rule as a robots.txt line shows it: `Disallow: /private/`. The keys are not translated. */
export function ruleText(rule: Pick<Rule, 'type' | 'value'>): string {
  return `${rule.type === 'allow' ? 'Allow' : 'Disallow'}: ${rule.value}`;
}

/** "a, b and c" ('and') or "a, b or c" ('or') in the translator's language. */
export function listText(
  items: readonly string[],
  t: Translator,
  kind: 'and' | 'or' = 'and',
): string {
  const type = kind === 'and' ? 'conjunction' : 'disjunction';
  return new Intl.ListFormat(t.locale, { type }).format(items);
}
