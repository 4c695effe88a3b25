// Problems found in a robots.txt, and who honours its non-standard lines, in words.
import { AIPREF_ATTACH_DRAFT } from '../ai/content-usage.ts';
import { DIRECTIVE_SUPPORT, type Diagnostic, type Severity } from '../robots/index.ts';
import { listText, vendorText } from './formats.ts';
import type { Translator } from './translator.ts';

/** A diagnostic explained in a sentence. */
export function diagnosticText(d: Diagnostic, t: Translator): string {
  switch (d.code) {
    case 'bom':
      return t('diagBom');
    case 'nul-character':
      return t('diagNulCharacter', String(d.params.column));
    case 'control-character':
      return t('diagControlCharacter');
    case 'content-past-limit':
      return t('diagContentPastLimit');
    case 'line-too-long':
      return t.plural('diagLineBytes', d.params.bytes, t.number(d.params.limit));
    case 'unparseable-line':
      return t('diagUnparseableLine');
    case 'misspelled-key':
      return t('diagMisspelledKey', d.params.key, d.params.canonical);
    case 'missing-colon':
      return t('diagMissingColon', d.params.key, d.params.canonical);
    case 'rule-outside-group':
      return t('diagRuleOutsideGroup');
    case 'rule-value-not-a-path':
      return t('diagRuleValueNotAPath', d.params.value);
    case 'empty-user-agent':
      return t('diagEmptyUserAgent');
    case 'user-agent-value-cut':
      return t('diagUserAgentValueCut', d.params.value, d.params.token);
    case 'blank-line-in-record':
      return t('diagBlankLineInRecord', String(d.params.groupLine));
    case 'multiple-star-records':
      return t('diagMultipleStarRecords', String(d.params.firstLine));
    case 'empty-sitemap':
      return t('diagEmptySitemap');
    case 'sitemap-not-absolute':
      return t('diagSitemapNotAbsolute', d.params.value);
    case 'noindex':
      return t('diagNoindex');
    case 'crawl-delay':
      return t('diagCrawlDelay', d.params.value);
    case 'host':
      return t('diagHost');
    case 'clean-param':
      return t('diagCleanParam');
    case 'content-signal':
      return t('diagContentSignal');
    case 'content-usage':
      return t('diagContentUsage', AIPREF_ATTACH_DRAFT);
    case 'non-standard-directive':
      return t('diagNonStandardDirective', d.params.key);
    case 'unknown-key':
      return t('diagUnknownKey', d.params.key);
  }
}

/** A severity's name ("Error", "Warning", "Note"). */
export function severityText(severity: Severity, t: Translator): string {
  return severity === 'error'
    ? t('severityError')
    : severity === 'warning'
      ? t('severityWarning')
      : t('severityInfo');
}

/** Who honours a non-standard line (crawl-delay, host…), in words. */
export function supportText(key: string, t: Translator): string {
  const support = Object.hasOwn(DIRECTIVE_SUPPORT, key) ? DIRECTIVE_SUPPORT[key] : undefined;
  if (support === undefined || support.honouredBy.length === 0) return t('honouredByNobody');
  const honoured = t(
    'honouredBy',
    listText(
      support.honouredBy.map((v) => vendorText(v, t)),
      t,
    ),
  );
  return support.ignoredBy.length > 0
    ? `${honoured}; ${t(
        'ignoredBy',
        listText(
          support.ignoredBy.map((v) => vendorText(v, t)),
          t,
        ),
      )}`
    : honoured;
}
