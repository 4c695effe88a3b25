// "In plain words" says what the file says about AI use (issue 16, item 5): for each set of robots
// whose groups hold Content-Signal or Content-Usage lines, one sentence naming them as the access
// sentences do, and the Cloudflare-managed block. Nothing at all for a file without such a line.
import { describe, expect, test } from 'vitest';
import en from '../../_locales/en/messages.json';
import es from '../../_locales/es/messages.json';
import ru from '../../_locales/ru/messages.json';
import th from '../../_locales/th/messages.json';
import { lookupIn, type Messages, translator } from '../../src/explain/index.ts';
import { summaryAi } from '../../src/explain/summaries.ts';
import { parseRobotsTxt } from '../../src/robots/index.ts';

const t = translator(lookupIn(en), 'en');
const CF_POLICY =
  "Cloudflare's Content Signals Policy (developers.cloudflare.com/bots/additional-configurations/managed-robots-txt/)";
const ATTACH = 'draft-ietf-aipref-attach-05 §3';
const ISSUE = 'issue 16, item 5';
const SUMMARY = 'the summary names robots as its access sentences do (summaries.ts whoText)';

const ai = (text: string) => summaryAi(parseRobotsTxt(text), t, text);
const sentences = (text: string) => ai(text)?.sentences.map((s) => s.text) ?? null;

// Cloudflare's managed robots.txt, as its documentation shows it, before the site's own lines.
const MANAGED = [
  '# BEGIN Cloudflare Managed content',
  '',
  'User-Agent: *',
  'Content-signal: search=yes, ai-train=no',
  'Allow: /',
  '',
  'User-agent: GPTBot',
  'Disallow: /',
  '# END Cloudflare Managed Content',
  'User-agent: *',
  'Disallow: /lp',
].join('\n');

describe('summaryAi: one sentence per set of robots', () => {
  const CASES: [source: string, text: string, expected: string[] | null][] = [
    [`${ISSUE}: nothing at all without such a line`, 'User-agent: *\nDisallow: /tmp/\n', null],
    [
      `${CF_POLICY}: the * group alone is "All robots"`,
      'User-agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /\n',
      [
        'All robots: the site says no to AI training and yes to search results (Content-Signal, line 2).',
      ],
    ],
    [
      `${CF_POLICY}; ${SUMMARY}: * beside named groups is "All other robots"`,
      MANAGED,
      [
        'All other robots: the site says no to AI training and yes to search results (Content-Signal, line 4).',
      ],
    ],
    [
      `${ATTACH} "rule =/ content-usage" (issue 31): the rule ends ClaudeBot's group, CCBot's is its own`,
      'User-agent: ClaudeBot\nContent-Usage: search=n\nUser-agent: CCBot\nDisallow: /\n',
      ['ClaudeBot: the site says no to search results (Content-Usage, line 2).'],
    ],
    [
      `${ATTACH} (issue 31): the AI lines' groups are the same for a robot Google's parser reads`,
      'User-agent: Bingbot\nContent-Usage: search=n\nUser-agent: Googlebot\nDisallow: /\n',
      ['Bingbot: the site says no to search results (Content-Usage, line 2).'],
    ],
    [
      `${CF_POLICY}: every signal (ai-input is AI answers)`,
      'User-agent: GPTBot\nUser-agent: CCBot\nContent-Signal: ai-input=no, ai-train=no, search=yes\n',
      [
        'GPTBot and CCBot: the site says no to AI training and AI answers and yes to search results (Content-Signal, line 3).',
      ],
    ],
    [
      `${ATTACH}: a rule without a path, and one with a path (§3.2)`,
      'User-agent: GPTBot\nContent-Usage: train-ai=n\nContent-Usage: /blog/ ai-use=y\nAllow: /\n',
      [
        'GPTBot: the site says no to AI training (Content-Usage, line 2) and yes to AI answers on the folder /blog/ (Content-Usage, line 3).',
      ],
    ],
    [
      `${ATTACH}: a path of the whole site is said as no path`,
      'User-agent: *\nContent-Usage: / search=y\n',
      ['All robots: the site says yes to search results (Content-Usage, line 2).'],
    ],
    [
      `${ATTACH} and ${CF_POLICY}: both kinds in one group`,
      'User-agent: ClaudeBot\nContent-Signal: ai-train=no\nContent-Usage: /*.pdf$ search=n\n',
      [
        'ClaudeBot: the site says no to AI training (Content-Signal, line 2) and no to search results on files ending in .pdf (Content-Usage, line 3).',
      ],
    ],
    [
      `${CF_POLICY}: an unknown signal says nothing (it "neither grants nor restricts")`,
      'User-agent: *\nContent-Signal: ai-everything=no\n',
      [
        'All robots: the site says nothing about AI training, AI answers, or search results (Content-Signal, line 2).',
      ],
    ],
    [
      `${SUMMARY}: groups naming the same robot are read as one (RFC 9309 §2.2.1)`,
      'User-agent: GPTBot\nContent-Signal: ai-train=no\nDisallow: /a\n\nUser-agent: GPTBot\nContent-Signal: search=yes\nDisallow: /b\n\nUser-agent: *\nAllow: /\n',
      [
        'GPTBot: the site says no to AI training (Content-Signal, line 2) and yes to search results (Content-Signal, line 6).',
      ],
    ],
    [
      `${SUMMARY}: a name the readings cut is shown as read`,
      'User-agent: MJ12bot\nContent-Signal: ai-train=no\n',
      ['MJ (written “MJ12bot”): the site says no to AI training (Content-Signal, line 2).'],
    ],
    [
      `${SUMMARY}: a group naming no robot applies to none`,
      'User-agent:\nContent-Signal: ai-train=no\n',
      [],
    ],
    [
      `${CF_POLICY}; RFC 9309 §2.1: a line before any User-agent line applies to no robot`,
      'Content-Signal: ai-train=no\nUser-agent: *\nAllow: /\n',
      [
        'The Content-Signal line at line 1 stands before any User-agent line: it applies to no robot.',
      ],
    ],
    [
      `${CF_POLICY}; RFC 9309 §2.1: a Content-Signal line is no rule, so the user-agent lines around it start one group`,
      'User-agent: GPTBot\nContent-Signal: ai-train=no\n\nUser-agent: *\nAllow: /\n',
      ['All robots: the site says no to AI training (Content-Signal, line 2).'],
    ],
    [
      `${ISSUE}: only the groups with such lines get a sentence`,
      'User-agent: Googlebot\nDisallow: /x\n\nUser-agent: *\nContent-Usage: train-ai=n\n',
      ['All other robots: the site says no to AI training (Content-Usage, line 5).'],
    ],
  ];
  test.each(CASES)('%s', (_, text, expected) => {
    expect(sentences(text)).toEqual(expected);
  });

  test('each sentence names its first group line and the AI lines it reads', () => {
    expect(ai(MANAGED)?.sentences).toEqual([expect.objectContaining({ line: 3, lines: [4] })]);
  });
});

describe('summaryAi: the Cloudflare-managed block', () => {
  test.each([
    [
      `${CF_POLICY}: both markers`,
      MANAGED,
      "Lines 1 to 9 are managed by Cloudflare, which adds them to the site's robots.txt (a setting of the site's Cloudflare account).",
    ],
    [
      'src/ai/content-signal.ts: no END marker',
      '# BEGIN Cloudflare Managed content\nUser-agent: *\nContent-Signal: ai-train=no\n',
      "The lines from line 1 on are managed by Cloudflare, which adds them to the site's robots.txt (a setting of the site's Cloudflare account); the block has no end marker.",
    ],
    [
      'src/explain/ai.ts managedBlockText: an END marker alone is no block',
      'User-agent: *\nContent-Signal: ai-train=no\n# END Cloudflare Managed Content\n',
      null,
    ],
    ['no markers', 'User-agent: *\nContent-Signal: ai-train=no\n', null],
  ])('%s', (_, text, expected) => {
    expect(ai(text)?.managed).toBe(expected);
  });

  test(`${ISSUE}: without the file's text, no block (its markers are comments)`, () => {
    expect(summaryAi(parseRobotsTxt(MANAGED), t)?.managed).toBeNull();
  });
});

describe('summaryAi in the three other catalogues', () => {
  test.each([
    ['es', es, 'Para todos los demás robots, el sitio indica: '],
    ['ru', ru, 'Все остальные роботы — сайт указывает: '],
    ['th', th, 'สำหรับ บอตอื่นทุกตัว เว็บไซต์ระบุว่า '],
  ] as const)('%s', (locale, messages, start) => {
    const tl = translator(lookupIn(messages as Messages), locale);
    const out = summaryAi(parseRobotsTxt(MANAGED), tl, MANAGED);
    expect(out?.sentences[0]?.text.startsWith(start)).toBe(true);
    expect(out?.managed).toContain('Cloudflare');
    expect(out?.managed).toContain('9');
    // Every placeholder filled.
    for (const s of [...(out?.sentences ?? []).map((x) => x.text), out?.managed ?? ''])
      expect(s).not.toMatch(/[{}$]/);
  });
});
