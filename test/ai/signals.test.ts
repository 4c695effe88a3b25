import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { parseContentSignals } from '../../src/ai/content-signal.ts';
import { parseContentUsageHeader, parseContentUsageRules } from '../../src/ai/content-usage.ts';
import { aiSignals } from '../../src/ai/signals.ts';
import { aiSignalsFor } from '../../src/index.ts';
import { checkUrl, parseRobotsTxt } from '../../src/robots/index.ts';
import { numRuns } from '../property-runs.ts';

const CF_DOC = 'developers.cloudflare.com/bots/additional-configurations/managed-robots-txt/';
const ATTACH = 'draft-ietf-aipref-attach-05';

const FILE = [
  '# BEGIN Cloudflare Managed content',
  'User-Agent: *',
  'Content-signal: search=yes, ai-train=no',
  'Allow: /',
  'Content-Usage: train-ai=n',
  'Content-Usage: /ai-ok/ train-ai=y',
  '',
  'User-agent: GPTBot',
  'Disallow: /private/',
  'Content-Signal: ai-train=no, ai-input=yes',
  'Content-Signal: ai-input=no, use=reference',
  '# END Cloudflare Managed Content',
  '',
  'User-agent: GPTBot',
  'Content-Usage: search=y',
].join('\n');

describe('aiSignals', () => {
  test(`${CF_DOC}: the * group's signal applies to a robot without a group of its own`, () => {
    const s = aiSignalsFor(FILE, 'Googlebot', 'https://example.com/page', 'ai-use=n');
    expect(s.vocabDraft).toBe('draft-ietf-aipref-vocab-08');
    expect(s.attachDraft).toBe(ATTACH);
    expect(s.groupLines).toEqual([2]);
    expect(s.isCrawlable).toBe(true);
    expect(s.contentSignalLines.map((l) => l.line)).toEqual([3]);
    expect(s.contentSignals).toEqual({
      search: { value: 'yes', lines: [3] },
      'ai-train': { value: 'no', lines: [3] },
    });
    expect(s.managedBlock).toEqual({ begin: 1, end: 12 });
    expect(s.usageRules.rules.map((r) => r.line)).toEqual([5]);
    expect(s.usage['train-ai']).toEqual({
      preference: 'n',
      sources: [{ kind: 'robots-txt', line: 5 }],
    });
    expect(s.usage['ai-use']).toEqual({ preference: 'n', sources: [{ kind: 'header' }] });
    expect(s.usage.search).toEqual({ preference: 'unset', sources: [] });
  });

  test('RFC 9309 §2.2.1: merged GPTBot groups; most restrictive of disagreeing lines', () => {
    const s = aiSignalsFor(FILE, 'GPTBot', '/page');
    expect(s.groupLines).toEqual([8, 14]);
    expect(s.contentSignalLines.map((l) => l.line)).toEqual([10, 11]);
    expect(s.contentSignals).toEqual({
      'ai-train': { value: 'no', lines: [10] },
      'ai-input': { value: 'no', lines: [11] },
      use: { value: 'reference', lines: [11] },
    });
    expect(s.usageRules.rules.map((r) => r.line)).toEqual([15]);
    expect(s.usage.search.preference).toBe('y');
    expect(s.header).toBeNull();
  });

  test(`${ATTACH} §3.1: a path the robot may not crawl has no robots.txt preferences`, () => {
    const s = aiSignalsFor(FILE, 'GPTBot', '/private/x', 'train-ai=y');
    expect(s.isCrawlable).toBe(false);
    expect(s.usageRules).toEqual({ code: 'not-crawlable', rules: [] });
    expect(s.usage['train-ai']).toEqual({ preference: 'y', sources: [{ kind: 'header' }] });
  });

  test(`${ATTACH} §3.1 + vocab combining: header n beats robots.txt y`, () => {
    const s = aiSignalsFor(FILE, 'Googlebot', '/ai-ok/x', 'train-ai=n');
    expect(s.usage['train-ai']).toEqual({ preference: 'n', sources: [{ kind: 'header' }] });
  });

  test('takes the engine verdict as is (its groups, path and crawlability)', () => {
    const robots = parseRobotsTxt(FILE);
    const verdict = checkUrl(robots, 'GPTBot', '/ai-ok/x');
    expect(aiSignals(FILE, verdict, null, robots)).toEqual(
      aiSignalsFor(FILE, 'GPTBot', '/ai-ok/x'),
    );
  });

  test('never throws (fast-check), even on a malformed verdict', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.option(fc.string()), (text, path, header) => {
        aiSignalsFor(text, 'GPTBot', path, header);
      }),
      { numRuns: numRuns(300) },
    );
    expect(() => aiSignals('x', {} as never)).not.toThrow();
    expect(() => aiSignals(null as never, null as never, 5 as never)).not.toThrow();
  });
});

// 51 robots.txt files of large sites, crawled in 2019 (test/fixtures/corpus/SOURCES.md).
const DIR = join(import.meta.dirname, '../fixtures/corpus');
const FILES = readdirSync(DIR).filter((f) => f.endsWith('.txt'));

describe('real robots.txt files', () => {
  test('the three parsers never throw on the 51 files; none carries AI-usage lines', () => {
    expect(FILES).toHaveLength(51);
    let withSignals = 0;
    let withUsage = 0;
    let withBlock = 0;
    for (const file of FILES) {
      const text = new TextDecoder().decode(readFileSync(join(DIR, file)));
      const robots = parseRobotsTxt(text);
      const signals = parseContentSignals(text, robots);
      if (signals.lines.length > 0) withSignals++;
      if (signals.managedBlock !== null) withBlock++;
      if (parseContentUsageRules(text, robots).length > 0) withUsage++;
      parseContentUsageHeader(text.slice(0, 2000));
      for (const agent of ['GPTBot', 'Googlebot', '*']) aiSignalsFor(text, agent, '/');
    }
    // Observed: 0 of 51. The files date from 2019, six years before Cloudflare's Content Signals
    // Policy (2025) and the aipref drafts; a count above 0 means the fixtures changed.
    expect(withSignals).toBe(0);
    expect(withUsage).toBe(0);
    expect(withBlock).toBe(0);
  });
});
