import { describe, expect, test } from 'vitest';
import { reportAiSignals } from '../../src/ai/report.ts';
import { verdictsFor } from '../../src/crawlers.ts';
import { parseRobotsTxt } from '../../src/robots/index.ts';

const URL_ = 'https://a.test/articles/1';
const ROBOTS = ['Googlebot', 'GPTBot'];

function signals(text: string, header: string[] | null = null) {
  const parsed = parseRobotsTxt(text);
  return reportAiSignals(text, parsed, verdictsFor(parsed, ROBOTS, URL_), header);
}

describe('reportAiSignals: what a tab report carries (issue 16, item 5)', () => {
  test('a file and a response that say nothing about AI use: null (one scan, nothing sent)', () => {
    expect(signals('User-agent: *\nDisallow: /private/\n')).toBeNull();
    expect(signals('User-agent: *\nDisallow: /private/\n', [])).toBeNull();
  });

  test("Cloudflare's Content-Signal line of the * group: every robot that follows * gets it", () => {
    // Cloudflare, "Managed robots.txt": Content-Signal inside the User-agent: * group.
    const text = 'User-agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /\n';
    const got = signals(text);
    expect(got?.map((r) => r.robot)).toEqual(ROBOTS);
    for (const r of got ?? []) {
      expect(r.signals.contentSignals['ai-train']).toEqual({ value: 'no', lines: [2] });
      expect(r.signals.contentSignals.search).toEqual({ value: 'yes', lines: [2] });
      expect(r.signals.isCrawlable).toBe(true);
    }
  });

  test("a robot with its own group does not get the * group's signals (RFC 9309 §2.2.1)", () => {
    // The * group needs a rule of its own: a user-agent line right after its Content-Signal line
    // would join the same group (other records do not end a group).
    const text = [
      'User-agent: *',
      'Content-Signal: ai-train=no',
      'Allow: /',
      '',
      'User-agent: GPTBot',
      'Disallow: /',
    ].join('\n');
    const [google, gpt] = signals(text) ?? [];
    expect(google?.signals.contentSignals['ai-train']?.value).toBe('no');
    expect(gpt?.signals.contentSignals['ai-train']).toBeUndefined();
    expect(gpt?.signals.isCrawlable).toBe(false);
  });

  test('the Content-Usage header alone (draft-ietf-aipref-attach-05 §4): any n wins', () => {
    const got = signals('User-agent: *\nAllow: /\n', ['train-ai=n, search=y']);
    expect(got?.[1]?.signals.usage['train-ai'].preference).toBe('n');
    expect(got?.[1]?.signals.usage.search.preference).toBe('y');
    expect(got?.[1]?.signals.usage['train-ai'].sources).toEqual([{ kind: 'header' }]);
  });

  test('a Content-Usage rule in robots.txt, with its line', () => {
    const text = 'User-agent: *\nAllow: /\nContent-Usage: /articles/ train-ai=n\n';
    const got = signals(text);
    expect(got?.[0]?.signals.usage['train-ai']).toEqual({
      preference: 'n',
      sources: [{ kind: 'robots-txt', line: 3 }],
    });
  });
});
