// The History view's words (src/explain/history.ts): each severity and each reason code of
// src/extension/history/severity.ts in words, in English and checked for completeness in the other three
// languages; the import problems; the export file's name.
import { describe, expect, test } from 'vitest';
import en from '../../../_locales/en/messages.json';
import es from '../../../_locales/es/messages.json';
import ru from '../../../_locales/ru/messages.json';
import th from '../../../_locales/th/messages.json';
import { lookupIn, type Messages, translator } from '../../../src/explain/index.ts';
import {
  historyFileName,
  historyFileOrigin,
  historyImportProblemText,
  historySeverityText,
  SEVERITY_MARKS,
  severityReasonText,
  versionText,
} from '../../../src/extension/explain/history.ts';
import { changeSeverity, type SeverityReason } from '../../../src/extension/history/severity.ts';
import type { HistoryImportProblem } from '../../../src/extension/protocol.ts';

const t = translator(lookupIn(en), 'en');
const OTHERS = [
  ['es', es],
  ['ru', ru],
  ['th', th],
] as const;

describe('severity words', () => {
  // source: issue 16 item 3, "a severity for each change, in words"; the brief's three words.
  test.each([
    ['critical', 'Critical', '‼'],
    ['warning', 'Warning', '⚠'],
    ['info', 'Information', 'ℹ'],
  ] as const)('%s: %s with the mark %s', (level, word, mark) => {
    expect(historySeverityText(level, t)).toBe(word);
    expect(SEVERITY_MARKS[level]).toBe(mark);
  });
});

// Each reason code of src/extension/history/severity.ts (SeverityReason) with the sentence it gives.
const REASONS: [string, SeverityReason, string][] = [
  [
    'issue 16 item 3: a new block for every robot on /',
    { code: 'blocks-all-root', robots: ['Googlebot', 'Bingbot'] },
    'Blocks / for every robot in your list.',
  ],
  [
    'brief: "Googlebot\'s verdict on / changes"',
    { code: 'root-verdict-changed', robot: 'Googlebot', allowed: false },
    "Googlebot's verdict on / changes: now disallowed.",
  ],
  [
    'root verdict, the other way',
    { code: 'root-verdict-changed', robot: 'GPTBot', allowed: true },
    "GPTBot's verdict on / changes: now allowed.",
  ],
  [
    'one URL changes for one robot (plural one)',
    { code: 'robot-verdict-changed', robot: 'Bingbot', url: 'https://a.test/x', count: 1 },
    '1 of your pages changes verdict for Bingbot: https://a.test/x.',
  ],
  [
    'many URLs, the first named (plural other, locale digits)',
    { code: 'robot-verdict-changed', robot: 'Bingbot', url: 'https://a.test/x', count: 1200 },
    '1,200 of your pages change verdict for Bingbot, https://a.test/x first.',
  ],
  [
    'rules of groups change: * and a product token, as a list',
    { code: 'rules-changed', agents: ['*', 'googlebot'] },
    'The rules for * and googlebot change.',
  ],
  [
    'sitemaps added only',
    { code: 'sitemaps-changed', added: ['https://a.test/s.xml'], removed: [] },
    'Sitemap lines added: https://a.test/s.xml.',
  ],
  [
    'sitemaps removed only, more than three: the rest counted',
    { code: 'sitemaps-changed', added: [], removed: ['a', 'b', 'c', 'd', 'e'] },
    'Sitemap lines removed: a, b, c, and 2 more.',
  ],
  [
    'sitemaps added and removed',
    { code: 'sitemaps-changed', added: ['n'], removed: ['o'] },
    'Sitemap lines added: n; removed: o.',
  ],
  [
    'other lines (crawl-delay, content-signal)',
    { code: 'directives-changed', keys: ['content-signal', 'crawl-delay'] },
    'Other lines change: content-signal and crawl-delay.',
  ],
  [
    'brief: "comments and whitespace only"',
    { code: 'comments-only' },
    'Comments and whitespace only.',
  ],
  ['identical texts', { code: 'unchanged' }, 'Same text.'],
  [
    'a robot name with a control character is shown escaped, never as is',
    { code: 'root-verdict-changed', robot: 'Bad\u202ebot', allowed: false },
    "Bad\\u202ebot's verdict on / changes: now disallowed.",
  ],
];

describe('severityReasonText', () => {
  test.each(REASONS)('%s', (_source, reason, words) => {
    expect(severityReasonText(reason, t)).toBe(words);
  });
  test.each(OTHERS)('%s: every reason in words, no key left, every value in place', (lang, m) => {
    const tx = translator(lookupIn(m as Messages), lang);
    for (const [, reason] of REASONS) {
      const text = severityReasonText(reason, tx);
      expect(text).not.toMatch(/^history[A-Z]/);
      expect(text).not.toMatch(/\$[A-Z]+\$|\{[a-z]+\}/);
      if ('robot' in reason) expect(text).toContain(reason.robot.replace('\u202e', '\\u202e'));
    }
    for (const level of ['critical', 'warning', 'info'] as const)
      expect(historySeverityText(level, tx)).not.toMatch(/^history/);
  });
  test('Thai keeps spaces around a robot name and a count', () => {
    const tx = translator(lookupIn(th as Messages), 'th');
    const text = severityReasonText(
      { code: 'robot-verdict-changed', robot: 'Bingbot', url: 'https://a.test/x', count: 3 },
      tx,
    );
    expect(text).toContain(' Bingbot ');
    expect(text).toContain(' 3 ');
  });
});

describe('reasons from real changes', () => {
  // source: issue 16 item 3; the reasons changeSeverity gives, said in words end to end.
  const robots = ['Googlebot', 'Bingbot'];
  test.each([
    [
      'Disallow: / for everyone',
      'User-agent: *\nDisallow: /private/\n',
      'User-agent: *\nDisallow: /\n',
      'critical',
      'Blocks / for every robot in your list.',
    ],
    [
      'a comment added',
      'User-agent: *\nDisallow: /private/\n',
      '# hello\nUser-agent: *\nDisallow:   /private/\n',
      'info',
      'Comments and whitespace only.',
    ],
    [
      'Googlebot only blocked on /',
      'User-agent: *\nDisallow: /private/\n',
      'User-agent: *\nDisallow: /private/\n\nUser-agent: Googlebot\nDisallow: /\n',
      'warning',
      "Googlebot's verdict on / changes: now disallowed.",
    ],
  ])('%s', (_name, before, after, severity, first) => {
    const change = changeSeverity({ before, after, robots, urls: [] });
    expect(change.severity).toBe(severity);
    expect(severityReasonText(change.reasons[0] as SeverityReason, t)).toBe(first);
  });
});

describe('versionText', () => {
  const day = Date.UTC(2026, 10, 20, 9, 30);
  test('seen once: one date and the size', () => {
    expect(versionText({ text: 'User-agent: *\n', firstSeen: day, lastSeen: day }, t)).toBe(
      'Seen Nov 20, 2026, 9:30 AM · 14 bytes',
    );
  });
  test('seen over days: both dates; the size in bytes of UTF-8', () => {
    const text = `# ${'é'.repeat(600)}\n`;
    expect(versionText({ text, firstSeen: day, lastSeen: day + 86_400_000 }, t)).toBe(
      'First seen Nov 20, 2026, 9:30 AM, last seen Nov 21, 2026, 9:30 AM · 1.2 KiB (1,203 bytes)',
    );
  });
});

describe('historyImportProblemText', () => {
  const problems: [HistoryImportProblem, string][] = [
    ['not-json', 'Not imported, nothing changed: the file is not JSON.'],
    [
      'wrong-format',
      'Not imported, nothing changed: the file is not a Robots Lens history export.',
    ],
    [
      'not-an-object',
      'Not imported, nothing changed: the file is not a Robots Lens history export.',
    ],
    [
      'unsupported-version',
      'Not imported, nothing changed: the file comes from a newer version of Robots Lens.',
    ],
    ['storage-refused', 'Not imported, nothing changed: the browser refused to store it.'],
  ];
  test.each(problems)('%s', (problem, words) => {
    expect(historyImportProblemText(problem, t)).toBe(words);
  });
  test('a file of another site: both sites named, escaped (issue 28, item 8)', () => {
    const origins = { file: 'https://evil.test\u202e', site: 'https://shop.test' };
    expect(historyImportProblemText('other-origin', t, origins)).toBe(
      'Not imported, nothing changed: the file is the history of https://evil.test\\u202e, not of this site (https://shop.test). Open the popup on a page of that site to import it.',
    );
  });
  test('historyFileOrigin: the origin a file names, or null', () => {
    expect(historyFileOrigin('{"origin":"https://a.test"}')).toBe('https://a.test');
    expect(historyFileOrigin('{"origin":42}')).toBeNull();
    expect(historyFileOrigin('null')).toBeNull();
    expect(historyFileOrigin('{not json')).toBeNull();
    expect(historyFileOrigin(JSON.stringify({ origin: 'x'.repeat(1000) }))).toHaveLength(300);
  });
  test('another error of the protocol: by its code, never the English message (issue 31)', () => {
    expect(historyImportProblemText('internal', t)).toBe(
      'Not imported, nothing changed: an error inside Robots Lens',
    );
  });
});

describe('historyFileName', () => {
  test.each([
    ['https://shop.test', 'robots-history-shop.test.json'],
    ['http://localhost:8080', 'robots-history-localhost_8080.json'],
    ['https://xn--bcher-kva.example', 'robots-history-xn--bcher-kva.example.json'],
  ])('%s → %s', (origin, name) => {
    expect(historyFileName(origin)).toBe(name);
  });
});
