// What a site says about AI use of a page, in words (issue 16, item 5): the three questions from
// Content-Signal and Content-Usage combined, one sentence per AI crawler, the warnings where
// robots.txt lets a crawler in whose use the site says no to, in four languages.
import { describe, expect, test } from 'vitest';
import en from '../../_locales/en/messages.json';
import es from '../../_locales/es/messages.json';
import ru from '../../_locales/ru/messages.json';
import th from '../../_locales/th/messages.json';
import { AIPREF_ATTACH_DRAFT, AIPREF_VOCAB_DRAFT } from '../../src/ai/content-usage.ts';
import { reportAiSignals } from '../../src/ai/report.ts';
import type { AiSignals } from '../../src/ai/signals.ts';
import { findCrawler, verdictsFor } from '../../src/crawlers.ts';
import {
  type AiAnswer,
  aiAnswers,
  aiKindOf,
  aiLineGlossText,
  aiSaysText,
  aiSourceText,
  contentSignalPreferences,
  contentUsagePreferences,
  explainAi,
  managedBlockText,
} from '../../src/explain/ai.ts';
import { lookupIn, type Messages, translator } from '../../src/explain/index.ts';
import { parseRobotsTxt } from '../../src/robots/index.ts';

const t = translator(lookupIn(en), 'en');
const URL_ = 'https://a.test/articles/1';
const KEYS = new Set(Object.keys(en));

/** Each robot's signals for URL_, as a tab report carries them. */
function signalsOf(text: string, robot: string, header: string[] | null = null): AiSignals {
  const parsed = parseRobotsTxt(text);
  const got = reportAiSignals(text, parsed, verdictsFor(parsed, [robot], URL_), header);
  const found = got?.[0]?.signals;
  if (found === undefined) throw new Error('no signals');
  return found;
}

type Answers = [train: AiAnswer, answers: AiAnswer, search: AiAnswer];

describe('the three questions, both systems combined (any no wins)', () => {
  const cases: {
    source: string;
    text: string;
    header?: string[];
    robot?: string;
    want: Answers;
    sources?: string[];
  }[] = [
    {
      source: "Cloudflare, Content Signals Policy (managed robots.txt's default line)",
      text: 'User-agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /\n',
      want: ['no', 'unset', 'yes'],
      sources: ['Content-Signal, line 2', '', 'Content-Signal, line 2'],
    },
    {
      source: 'Cloudflare: ai-input is the AI answers question (RAG, grounding)',
      text: 'User-agent: *\nContent-Signal: ai-input=no\nAllow: /\n',
      want: ['unset', 'no', 'unset'],
    },
    {
      source: 'draft-ietf-aipref-vocab-08 §4: train-ai, ai-use, search; attach-05 §3 rule',
      text: 'User-agent: *\nContent-Usage: train-ai=n, ai-use=y, search=y\nAllow: /\n',
      want: ['no', 'yes', 'yes'],
      sources: ['Content-Usage, line 2', 'Content-Usage, line 2', 'Content-Usage, line 2'],
    },
    {
      source: 'attach-05 §2: the Content-Usage header of the page',
      text: 'User-agent: *\nAllow: /\n',
      header: ['train-ai=n'],
      want: ['no', 'unset', 'unset'],
      sources: ["the page's Content-Usage header", '', ''],
    },
    {
      source: 'issue 16: any no wins across systems (Content-Signal yes, header n)',
      text: 'User-agent: *\nContent-Signal: ai-train=yes\nAllow: /\n',
      header: ['train-ai=n'],
      want: ['no', 'unset', 'unset'],
      sources: ["the page's Content-Usage header", '', ''],
    },
    {
      source: 'vocab combining: both say no, both are named',
      text: 'User-agent: *\nContent-Signal: ai-train=no\nContent-Usage: train-ai=n\nAllow: /\n',
      want: ['no', 'unset', 'unset'],
      sources: ['Content-Signal, line 2 and Content-Usage, line 3', '', ''],
    },
    {
      source: 'vocab combining: y from one system, nothing from the other: yes',
      text: 'User-agent: *\nContent-Signal: search=yes\nAllow: /\n',
      header: ['ai-use=y'],
      want: ['unset', 'yes', 'yes'],
    },
    {
      source: 'attach-05 §3.1: no preference for a path the robot may not crawl',
      text: 'User-agent: *\nContent-Usage: train-ai=n\nDisallow: /articles/\n',
      want: ['unset', 'unset', 'unset'],
    },
    {
      source: 'RFC 9309 §2.2.1: GPTBot obeys its own group, not the * group signals',
      text: 'User-agent: *\nContent-Signal: ai-train=no\nAllow: /\n\nUser-agent: GPTBot\nAllow: /\n',
      robot: 'GPTBot',
      want: ['unset', 'unset', 'unset'],
    },
  ];
  test.each(cases)('$source', ({ text, header, robot, want, sources }) => {
    const got = aiAnswers(signalsOf(text, robot ?? 'GPTBot', header ?? null));
    expect([got.train.answer, got.answers.answer, got.search.answer]).toEqual(want);
    if (sources !== undefined)
      expect(
        (['train', 'answers', 'search'] as const).map((q) =>
          got[q].sources.map((s) => aiSourceText(s, t)).join(' and '),
        ),
      ).toEqual(sources);
  });
});

describe('what kind of AI robot (src/crawlers.ts profiles from the reviewed list)', () => {
  test.each([
    ['GPTBot', 'ai-training'],
    ['OAI-SearchBot', 'ai-search'],
    ['ChatGPT-User', 'ai-user-fetch'],
    ['Google-Extended', 'control-token'],
    ['Applebot-Extended', 'control-token'],
    ['Googlebot', null],
    ['AhrefsBot', null],
  ])('%s: %s', (robot, kind) => {
    expect(aiKindOf(findCrawler(robot))).toBe(kind);
  });
});

describe('one sentence per AI crawler row', () => {
  const CF = 'User-agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /\n';
  const cases: { source: string; text: string; robot: string; header?: string[]; want: string }[] =
    [
      {
        source: 'issue 16: a training crawler allowed, the site says no to training',
        text: CF,
        robot: 'GPTBot',
        want: "OpenAI's AI training crawler may crawl this page. The site says no to AI training (Content-Signal, line 2), yes to search results (Content-Signal, line 2), and nothing about AI answers.",
      },
      {
        source: 'the same statement for two questions is said once',
        text: 'User-agent: *\nContent-Signal: ai-train=no, ai-input=no\nAllow: /\n',
        robot: 'OAI-SearchBot',
        want: "OpenAI's AI search crawler may crawl this page. The site says no to AI training and AI answers (Content-Signal, line 2) and nothing about search results.",
      },
      {
        source: 'a disallowed training crawler',
        text: 'User-agent: GPTBot\nDisallow: /\nContent-Signal: ai-train=no\n',
        robot: 'GPTBot',
        want: "OpenAI's AI training crawler may not crawl this page. The site says no to AI training (Content-Signal, line 3) and nothing about AI answers or search results.",
      },
      {
        source: 'an AI crawler the site says nothing to (others are told something)',
        text: 'User-agent: Googlebot\nContent-Signal: search=yes\nAllow: /\n',
        robot: 'ClaudeBot',
        want: "Anthropic's AI training crawler may crawl this page. The site says nothing to this robot about AI training, AI answers or search results.",
      },
      {
        source: 'a control token (Google-Extended): what robots.txt lets Google do',
        text: CF,
        robot: 'Google-Extended',
        want: 'robots.txt lets Google use this page for AI training. The site says no to AI training (Content-Signal, line 2), yes to search results (Content-Signal, line 2), and nothing about AI answers.',
      },
      {
        source: 'a search engine the site states something for: no crawler sentence',
        text: CF,
        robot: 'Googlebot',
        want: 'The site says no to AI training (Content-Signal, line 2), yes to search results (Content-Signal, line 2), and nothing about AI answers.',
      },
      {
        source: 'attach-05 §2: the header named as a source',
        text: 'User-agent: *\nAllow: /\n',
        header: ['ai-use=n'],
        robot: 'PerplexityBot',
        want: "Perplexity's AI search crawler may crawl this page. The site says no to AI answers (the page's Content-Usage header) and nothing about AI training or search results.",
      },
    ];
  test.each(cases)('$source', ({ text, robot, header, want }) => {
    expect(explainAi(robot, signalsOf(text, robot, header ?? null), t)?.sentence).toBe(want);
  });

  test('a robot that is no AI crawler and is told nothing: nothing to say', () => {
    const text = 'User-agent: GPTBot\nContent-Signal: ai-train=no\nAllow: /\n';
    expect(explainAi('Googlebot', signalsOf(text, 'Googlebot'), t)).toBeNull();
  });
});

describe('warnings where robots.txt and the signals contradict', () => {
  const cases: { source: string; text: string; robot: string; want: string[] }[] = [
    {
      source: 'issue 16: ai-train=no while GPTBot may crawl it',
      text: 'User-agent: *\nContent-Signal: ai-train=no\nAllow: /\n',
      robot: 'GPTBot',
      want: ['aiConflictTraining'],
    },
    {
      source: 'aipref: train-ai=n while CCBot (training) may crawl it',
      text: 'User-agent: *\nContent-Usage: train-ai=n\nAllow: /\n',
      robot: 'CCBot',
      want: ['aiConflictTraining'],
    },
    {
      source: 'GPTBot disallowed: no contradiction',
      text: 'User-agent: *\nContent-Signal: ai-train=no\nDisallow: /\n',
      robot: 'GPTBot',
      want: [],
    },
    {
      source: 'ai-input=no while an AI search crawler may crawl it',
      text: 'User-agent: *\nContent-Signal: ai-input=no\nAllow: /\n',
      robot: 'OAI-SearchBot',
      want: ['aiConflictAnswers'],
    },
    {
      source: 'ai-use=n while a user-triggered AI fetcher may fetch it',
      text: 'User-agent: *\nContent-Usage: ai-use=n\nAllow: /\n',
      robot: 'ChatGPT-User',
      want: ['aiConflictAnswers'],
    },
    {
      source: 'ai-train=no is no conflict for an AI search crawler',
      text: 'User-agent: *\nContent-Signal: ai-train=no\nAllow: /\n',
      robot: 'OAI-SearchBot',
      want: [],
    },
    {
      source: 'Google-Extended not disallowed while the site says no to training',
      text: 'User-agent: *\nContent-Signal: ai-train=no\nAllow: /\n',
      robot: 'Google-Extended',
      want: ['aiConflictControl'],
    },
    {
      source: 'Google-Extended disallowed: robots.txt and signal agree',
      text: 'User-agent: *\nContent-Signal: ai-train=no\nAllow: /\n\nUser-agent: Google-Extended\nDisallow: /\n',
      robot: 'Google-Extended',
      want: [],
    },
  ];
  test.each(cases)('$source', ({ text, robot, want }) => {
    const got = explainAi(robot, signalsOf(text, robot), t)?.conflicts ?? [];
    const name = findCrawler(robot)?.token ?? robot;
    const vendor = findCrawler(robot)?.vendor ?? '';
    expect(got).toEqual(
      want.map((key) =>
        key === 'aiConflictControl'
          ? t(key, name, vendor)
          : t(key as 'aiConflictTraining' | 'aiConflictAnswers', name),
      ),
    );
  });

  test('the warning names the robot and says the signal is a request', () => {
    const text = 'User-agent: *\nContent-Signal: ai-train=no\nAllow: /\n';
    expect(explainAi('GPTBot', signalsOf(text, 'GPTBot'), t)?.conflicts).toEqual([
      'GPTBot may crawl this page although the site says no to AI training: that is a request, not a block. Only a Disallow for GPTBot in robots.txt keeps it out.',
    ]);
  });
});

describe('the aipref drafts are named where Content-Usage was read', () => {
  test.each([
    ['a Content-Usage header', 'User-agent: *\nAllow: /\n', ['train-ai=n'], true],
    ['a Content-Usage rule', 'User-agent: *\nContent-Usage: train-ai=n\n', null, true],
    ['Content-Signal only', 'User-agent: *\nContent-Signal: ai-train=no\n', null, false],
  ])('%s', (_, text, header, named) => {
    const draft = explainAi('GPTBot', signalsOf(text, 'GPTBot', header), t)?.draft ?? null;
    if (!named) return expect(draft).toBeNull();
    expect(draft).toContain(AIPREF_VOCAB_DRAFT);
    expect(draft).toContain(AIPREF_ATTACH_DRAFT);
  });
});

describe('four languages: every sentence found and filled', () => {
  const CASES: [string, string[] | null][] = [
    ['User-agent: *\nContent-Signal: search=yes, ai-train=no, ai-input=no\nAllow: /\n', null],
    ['User-agent: *\nContent-Usage: train-ai=y\nAllow: /\n', ['ai-use=n']],
  ];
  const ROBOTS = ['GPTBot', 'OAI-SearchBot', 'ChatGPT-User', 'Google-Extended', 'YandexBot'];
  test.each([
    ['en', en],
    ['es', es],
    ['ru', ru],
    ['th', th],
  ] as const)('%s', (locale, messages) => {
    const tl = translator(lookupIn(messages as Messages), locale);
    for (const [text, header] of CASES)
      for (const robot of ROBOTS) {
        const ai = explainAi(robot, signalsOf(text, robot, header), tl);
        for (const s of [ai?.sentence ?? '', ...(ai?.conflicts ?? []), ai?.draft ?? '']) {
          if (s === '') continue;
          expect(KEYS.has(s)).toBe(false);
          expect(s).not.toMatch(/\$[A-Z0-9_]+\$|\$\d|\{[a-z]+\}|\bai[A-Z]\w+/);
        }
      }
  });

  test('Russian: the uses after «для» are in the genitive', () => {
    const tr = translator(lookupIn(ru as Messages), 'ru');
    const text = 'User-agent: *\nContent-Signal: ai-train=no\nAllow: /\n';
    expect(aiSaysText(aiAnswers(signalsOf(text, 'GPTBot')), tr)).toContain('«нет» для обучения ИИ');
  });
});

describe('Records: a line in plain words, the managed block named', () => {
  test.each([
    // Cloudflare, Content Signals Policy: the managed line.
    ['search=yes, ai-train=no', 'signal', 'no to AI training and yes to search results'],
    ['ai-input=no, ai-train=no', 'signal', 'no to AI training and AI answers'],
    ['use=full', 'signal', null],
    // draft-ietf-aipref-attach-05 §3: an optional path, then the statement (vocab-08 labels).
    ['/articles/ train-ai=n, search=y', 'usage', 'no to AI training and yes to search results'],
    ['ai-use=y', 'usage', 'yes to AI answers'],
    ['tdm=n', 'usage', null],
  ] as const)('%s (%s)', (value, kind, want) => {
    const prefs =
      kind === 'signal' ? contentSignalPreferences(value) : contentUsagePreferences(value);
    expect(aiLineGlossText(prefs, t)).toBe(want);
  });

  test.each([
    [{ begin: 1, end: 5 }, 'Cloudflare-managed block: lines 1 to 5'],
    [{ begin: 3, end: null }, 'Cloudflare-managed block from line 3 (no end marker)'],
    [{ begin: null, end: 4 }, null],
    [null, null],
  ])('%j', (block, want) => {
    expect(managedBlockText(block, t)).toBe(want);
  });
});
