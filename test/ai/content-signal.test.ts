import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  findManagedBlock,
  parseContentSignals,
  parseContentSignalValue,
} from '../../src/ai/content-signal.ts';
import { numRuns } from '../property-runs.ts';

// Sources named per row:
const CF_DOC = 'developers.cloudflare.com/bots/additional-configurations/managed-robots-txt/';
const CS_ORG = 'contentsignals.org (Content Signals Policy, 2025-09-24)';
const CF_USE = 'developers.cloudflare.com/changelog/post/2026-08-31-crawl-content-use/';
const OURS = 'src/ai/content-signal.ts header: decision where the sources are silent';

describe('Content-Signal values', () => {
  const rows: [string, string, object, string[]][] = [
    [CF_DOC, 'search=yes, ai-train=no', { search: 'yes', 'ai-train': 'no' }, []],
    [CF_DOC, 'search=yes,ai-train=no', { search: 'yes', 'ai-train': 'no' }, []],
    [
      CS_ORG,
      'ai-train=no, search=yes, ai-input=yes',
      { search: 'yes', 'ai-input': 'yes', 'ai-train': 'no' },
      [],
    ],
    [
      CF_USE,
      'search=yes,ai-train=no,use=reference',
      { search: 'yes', 'ai-train': 'no', use: 'reference' },
      [],
    ],
    [CF_USE, 'use=immediate', { use: 'immediate' }, []],
    [OURS, 'SEARCH=YES', { search: 'yes' }, []],
    [OURS, '  search \t=\t no  ', { search: 'no' }, []],
    [CS_ORG, 'search=maybe', {}, ['bad-value']],
    [CS_ORG, 'search=', {}, ['bad-value']],
    [CF_USE, 'use=yes', {}, ['bad-value']],
    [OURS, 'ai-foo=yes', {}, ['unknown-key']],
    [OURS, 'search=yes, search=no', { search: 'no' }, ['duplicate-key']],
    [OURS, 'search=no, Search=yes', { search: 'no' }, ['duplicate-key']],
    [OURS, 'use=full, use=reference', { use: 'reference' }, ['duplicate-key']],
    [OURS, '=yes', {}, ['missing-key']],
    [OURS, 'search', {}, ['missing-value']],
    [
      OURS,
      'search=yes,,ai-train=no,',
      { search: 'yes', 'ai-train': 'no' },
      ['empty-item', 'empty-item'],
    ],
    [OURS, '', {}, ['empty-item']],
    [OURS, 'séarch=yes', {}, ['unknown-key']],
    [OURS, 'search=yés', {}, ['bad-value']],
    [OURS, 'search=yes\u0001', {}, ['bad-value']],
  ];
  test.each(rows)('%s: %j', (_source, value, signals, codes) => {
    const parsed = parseContentSignalValue(value);
    expect(parsed.signals).toEqual(signals);
    expect(parsed.problems.map((p) => p.code)).toEqual(codes);
  });

  test(`${OURS}: unknown keys are kept with their values as written`, () => {
    const parsed = parseContentSignalValue('search=yes, Foo=Bar');
    expect(parsed.entries).toEqual([
      { key: 'search', value: 'yes', isKnown: true },
      { key: 'Foo', value: 'Bar', isKnown: false },
    ]);
    expect(parsed.problems).toEqual([{ code: 'unknown-key', key: 'Foo', value: 'Bar' }]);
  });
});

const MANAGED = [
  '# As a condition of accessing this website, you agree to abide by the',
  '# following content signals:',
  '',
  '# BEGIN Cloudflare Managed content',
  '',
  'User-Agent: *',
  'Content-signal: search=yes, ai-train=no',
  'Allow: /',
  '',
  'User-agent: GPTBot',
  'Disallow: /',
  '',
  '# END Cloudflare Managed Content',
  'User-agent: *',
  'Disallow: /lp',
].join('\n');

describe('Content-Signal lines and groups', () => {
  test(`${CF_DOC}: the managed file's line, its group and the block`, () => {
    const result = parseContentSignals(MANAGED);
    expect(result.managedBlock).toEqual({ begin: 4, end: 13 });
    expect(result.lines).toEqual([
      {
        line: 7,
        written: 'Content-signal: search=yes, ai-train=no',
        value: 'search=yes, ai-train=no',
        signals: { search: 'yes', 'ai-train': 'no' },
        entries: [
          { key: 'search', value: 'yes', isKnown: true },
          { key: 'ai-train', value: 'no', isKnown: true },
        ],
        problems: [],
        groupLine: 6,
        agents: ['*'],
      },
    ]);
  });

  const rows: [
    string,
    string,
    { line: number; groupLine: number | null; agents: string[]; outside: boolean }[],
  ][] = [
    [
      'RFC 9309 §2.1: consecutive user-agent lines form one group',
      'User-agent: a\nUser-agent: b\nContent-Signal: ai-train=no\nDisallow: /x',
      [{ line: 3, groupLine: 1, agents: ['a', 'b'], outside: false }],
    ],
    [
      'RFC 9309 §2.1 + engine: a non-rule line between user-agent lines does not end the group',
      'User-agent: a\nContent-Signal: ai-train=no\nUser-agent: b\nDisallow: /x',
      [{ line: 2, groupLine: 1, agents: ['a', 'b'], outside: false }],
    ],
    [
      `${OURS}: after rules and blank lines, still the previous group (RFC 9309 §2.1)`,
      'User-agent: a\nDisallow: /x\n\nContent-Signal: search=yes\n\nUser-agent: b\nDisallow: /',
      [{ line: 4, groupLine: 1, agents: ['a'], outside: false }],
    ],
    [
      `${OURS}: before any user-agent line: outside every group`,
      'Content-Signal: ai-train=no\nUser-agent: *\nAllow: /',
      [{ line: 1, groupLine: null, agents: [], outside: true }],
    ],
    [
      'RFC 9309 §2.2: keys are case-insensitive',
      'user-agent: *\nCONTENT-SIGNAL: search=no',
      [{ line: 2, groupLine: 1, agents: ['*'], outside: false }],
    ],
    [
      'RFC 9309 §2.2: a comment ends the value',
      'User-agent: *\r\nContent-Signal: search=no # not for AI\r\n',
      [{ line: 2, groupLine: 1, agents: ['*'], outside: false }],
    ],
  ];
  test.each(rows)('%s', (_source, text, expected) => {
    const lines = parseContentSignals(text).lines;
    expect(
      lines.map((l) => ({
        line: l.line,
        groupLine: l.groupLine,
        agents: l.agents,
        outside: l.problems.some((p) => p.code === 'outside-group'),
      })),
    ).toEqual(expected);
  });

  test('RFC 9309 §2.2: the comment is not part of the value; the written line keeps it', () => {
    const [line] = parseContentSignals('User-agent: *\nContent-Signal: search=no # x').lines;
    expect(line?.value).toBe('search=no');
    expect(line?.written).toBe('Content-Signal: search=no # x');
    expect(line?.signals).toEqual({ search: 'no' });
  });
});

describe('managed block markers', () => {
  const rows: [string, string, object | null][] = [
    [CF_DOC, MANAGED, { begin: 4, end: 13 }],
    [
      `${OURS}: case and spacing ignored`,
      '#begin  cloudflare managed CONTENT\n# end Cloudflare Managed Content',
      { begin: 1, end: 2 },
    ],
    [
      `${OURS}: no END`,
      '# BEGIN Cloudflare Managed content\nUser-agent: *',
      { begin: 1, end: null },
    ],
    [
      `${OURS}: END only`,
      'User-agent: *\n# END Cloudflare Managed Content',
      { begin: null, end: 2 },
    ],
    [
      `${OURS}: other text on the line is not a marker`,
      '# BEGIN Cloudflare Managed content here',
      null,
    ],
    [`${OURS}: not a comment`, 'BEGIN Cloudflare Managed content', null],
    ['none', 'User-agent: *\nDisallow:', null],
    [
      `${OURS}: CR line ends (Google counts CR)`,
      'x\r# BEGIN Cloudflare Managed content\r# END Cloudflare Managed Content',
      { begin: 2, end: 3 },
    ],
    [
      `${OURS}: a BOM does not shift lines`,
      '\uFEFF# BEGIN Cloudflare Managed content',
      { begin: 1, end: null },
    ],
  ];
  test.each(rows)('%s', (_source, text, expected) => {
    expect(findManagedBlock(text)).toEqual(expected);
  });
});

describe('hostile input', () => {
  test('a 1 MB line, control characters, unicode, `=` without key: no throw, bounded', () => {
    const huge = `User-agent: *\nContent-Signal: ${'search=yes,'.repeat(100_000)}\n`;
    const result = parseContentSignals(huge);
    expect(result.lines).toHaveLength(1);
    // The engine reads at most MAX_LINE_BYTES of a line; the written text is cut the same way.
    expect(result.lines[0]?.written.length).toBeLessThanOrEqual(2083 * 8);
    const weird = 'User-agent: *\nContent-Signal: \u0000=\u0007, =, ==, 💥=✓, search=yes=no\n';
    const lines = parseContentSignals(weird).lines;
    expect(lines).toHaveLength(1);
  });

  test('many lines: each one found, in order', () => {
    const text = `User-agent: *\n${'Content-Signal: ai-train=no\n'.repeat(15_000)}`;
    const lines = parseContentSignals(text).lines;
    expect(lines).toHaveLength(15_000);
    expect(lines.at(-1)?.line).toBe(15_001);
  });

  test('RFC 9309 §2.5: lines past 500 KiB are not read', () => {
    // 28 bytes a line: 512,000 bytes end inside line 18,286 (14 bytes for `User-agent: *\n`).
    const text = `User-agent: *\n${'Content-Signal: ai-train=no\n'.repeat(20_000)}`;
    expect(parseContentSignals(text).lines.length).toBe(18_285);
  });

  test('never throws (fast-check)', () => {
    const token = fc.constantFrom(
      'search',
      'ai-train',
      'ai-input',
      'use',
      'yes',
      'no',
      'full',
      '=',
      ',',
      ' ',
      '\t',
      '#',
      '\n',
      '\r',
      'User-agent: *',
      'Content-Signal:',
      '# BEGIN Cloudflare Managed content',
      '\u0000',
      'é',
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.array(token).map((t) => t.join('')),
        ),
        (text) => {
          parseContentSignalValue(text);
          parseContentSignals(text);
          findManagedBlock(text);
        },
      ),
      { numRuns: numRuns(500) },
    );
    // Not a string at all (untyped callers).
    expect(() => parseContentSignals(undefined as unknown as string)).not.toThrow();
    expect(() => parseContentSignalValue(null as unknown as string)).not.toThrow();
  });
});
