// What a site says about AI use of a page, in words: the three questions issue 16 names
// (training, AI answers, search), each answered from Cloudflare's Content-Signal lines and the
// IETF aipref Content-Usage rules and header together, one sentence per AI crawler, and a warning
// where robots.txt lets a crawler in whose use the site says no to.
//
// The two systems name the same three uses (Cloudflare, Content Signals Policy; aipref vocab-08
// §4): `ai-train` ↔ `train-ai` (training), `ai-input` ↔ `ai-use` (AI answers: grounding, RAG,
// answers built from the page), `search` ↔ `search`. That pairing is this tool's reading, not a
// standard: neither text refers to the other, and the views say so with links to both
// definitions (AI_DEFINITIONS). They are combined the aipref way ("Combining Preferences"): any
// no wins, else any yes, else nothing said. Content-Signal applies to the robot's groups whatever
// the verdict; Content-Usage rules only where the robot may crawl (attach §3.1, applied in
// src/ai). Groups and crawlability are RFC 9309's as draft-ietf-aipref-attach-05 updates it
// (src/ai/content-usage.ts says why), which the rows say where the file has Content-Usage rules.
import { type ManagedBlock, parseContentSignalValue } from '../ai/content-signal.ts';
import {
  AIPREF_VOCAB_DRAFT,
  parseUsageStatement,
  splitContentUsageValue,
} from '../ai/content-usage.ts';
import type { AiSignals } from '../ai/signals.ts';
import { type CrawlerProfile, findCrawler } from '../crawlers.ts';
import { listText, vendorText } from './formats.ts';
import type { MessageKey, Translator } from './translator.ts';

/** Where each source defines its words: one click away from every AI answer. */
export const AI_DEFINITIONS = {
  /** Cloudflare's Content Signals Policy (`search`, `ai-input`, `ai-train`). */
  contentSignals: 'https://contentsignals.org/',
  /** The aipref vocabulary the categories are read from. */
  aiprefVocab: `https://datatracker.ietf.org/doc/html/${AIPREF_VOCAB_DRAFT}`,
} as const;

/** The three questions: may the page be used to train AI, to build AI answers, for search? */
export type AiQuestion = 'train' | 'answers' | 'search';

const AI_QUESTIONS: readonly AiQuestion[] = ['train', 'answers', 'search'];

/** What the site says to one question; 'unset': nothing (neither grants nor restricts). */
export type AiAnswer = 'yes' | 'no' | 'unset';

/** A statement that decided an answer. */
export type AiSource =
  | { kind: 'content-signal'; line: number }
  | { kind: 'content-usage'; line: number }
  | { kind: 'header' };

export interface AiVerdict {
  answer: AiAnswer;
  /** The statements saying it: every `no` when no, every `yes` when yes; none when unset. */
  sources: AiSource[];
}

export type AiAnswers = Record<AiQuestion, AiVerdict>;

/** The Content-Signal name and the aipref category of each question. */
const NAMES = {
  train: { signal: 'ai-train', usage: 'train-ai' },
  answers: { signal: 'ai-input', usage: 'ai-use' },
  search: { signal: 'search', usage: 'search' },
} as const;

/** Each question answered from both systems: any no wins, else any yes, else unset. */
export function aiAnswers(signals: AiSignals): AiAnswers {
  const out = {} as AiAnswers;
  for (const question of AI_QUESTIONS) {
    const { signal, usage } = NAMES[question];
    const cs = signals.contentSignals[signal];
    const cu = signals.usage[usage];
    const from = (value: 'yes' | 'no'): AiSource[] => [
      ...(cs?.value === value
        ? cs.lines.map((line): AiSource => ({ kind: 'content-signal', line }))
        : []),
      ...(cu.preference === (value === 'yes' ? 'y' : 'n')
        ? cu.sources.map(
            (s): AiSource =>
              s.kind === 'header' ? { kind: 'header' } : { kind: 'content-usage', line: s.line },
          )
        : []),
    ];
    const noes = from('no');
    const yeses = noes.length > 0 ? [] : from('yes');
    out[question] =
      noes.length > 0
        ? { answer: 'no', sources: noes }
        : yeses.length > 0
          ? { answer: 'yes', sources: yeses }
          : { answer: 'unset', sources: [] };
  }
  return out;
}

/** Where a statement is, in words: "Content-Signal, line 2", "the page's Content-Usage header". */
export function aiSourceText(source: AiSource, t: Translator): string {
  if (source.kind === 'header') return t('aiSourceHeader');
  return t(source.kind === 'content-signal' ? 'aiSourceSignal' : 'aiSourceUsage', source.line);
}

const USES: Record<AiQuestion, MessageKey> = {
  train: 'aiUseTrain',
  answers: 'aiUseAnswers',
  search: 'aiUseSearch',
};

/**
 * What the site says, in one sentence: the questions grouped by answer and deciding statements
 * ("The site says: no to AI training (Content-Signal, line 2) and nothing about AI answers or
 * search."), or that it says nothing to this robot.
 */
export function aiSaysText(answers: AiAnswers, t: Translator): string {
  if (AI_QUESTIONS.every((q) => answers[q].answer === 'unset')) return t('aiSaysNothing');
  const parts: string[] = [];
  for (const answer of ['no', 'yes'] as const) {
    const groups = new Map<string, AiQuestion[]>();
    for (const q of AI_QUESTIONS) {
      if (answers[q].answer !== answer) continue;
      const key = listText(
        answers[q].sources.map((s) => aiSourceText(s, t)),
        t,
      );
      groups.set(key, [...(groups.get(key) ?? []), q]);
    }
    for (const [sources, questions] of groups) {
      const uses = listText(
        questions.map((q) => t(USES[q])),
        t,
      );
      parts.push(t(answer === 'no' ? 'aiSaysNo' : 'aiSaysYes', uses, sources));
    }
  }
  const unset = AI_QUESTIONS.filter((q) => answers[q].answer === 'unset');
  if (unset.length > 0)
    parts.push(
      t(
        'aiSaysUnset',
        listText(
          unset.map((q) => t(USES[q])),
          t,
          'or',
        ),
      ),
    );
  return t('aiSays', listText(parts, t));
}

/** What kind of AI robot a profile is; null for the others (search engines, SEO tools…). */
export type AiKind = 'ai-training' | 'ai-search' | 'ai-user-fetch' | 'control-token';

export function aiKindOf(profile: CrawlerProfile | undefined): AiKind | null {
  if (profile === undefined) return null;
  if (profile.page.rules === 'control-token') return 'control-token';
  return profile.purpose === 'ai-training' ||
    profile.purpose === 'ai-search' ||
    profile.purpose === 'ai-user-fetch'
    ? profile.purpose
    : null;
}

const CRAWL: Record<AiKind, [allowed: MessageKey, disallowed: MessageKey]> = {
  'ai-training': ['aiCrawlTrainingAllowed', 'aiCrawlTrainingDisallowed'],
  'ai-search': ['aiCrawlSearchAllowed', 'aiCrawlSearchDisallowed'],
  'ai-user-fetch': ['aiCrawlUserFetchAllowed', 'aiCrawlUserFetchDisallowed'],
  'control-token': ['aiControlAllowed', 'aiControlDisallowed'],
};

/** One robot's AI-usage picture for the page, ready to show. */
export interface ExplainedAi {
  answers: AiAnswers;
  /** Who runs it and what it does, whether it may crawl, and what the site says. */
  sentence: string;
  /** Where robots.txt lets it in while the site says no to the use it crawls for. */
  conflicts: string[];
  /**
   * The aipref drafts the reading implements, in words, when a Content-Usage rule or the page's
   * Content-Usage header was read for this robot (their vocabulary changed between drafts); else null.
   */
  draft: string | null;
  /**
   * How the file's groups were read for the answers, where it has Content-Usage rules (RFC 9309 as
   * attach-05 updates it; for a robot judged by Google's parser, that Google reads it otherwise).
   */
  reading: string[];
  /** That the Content Signals ↔ aipref pairing is this tool's reading, and both definitions. */
  mapping: {
    text: string;
    links: { id: keyof typeof AI_DEFINITIONS; label: string; url: string }[];
  };
}

/** The pairing of the two vocabularies as this tool's reading, with both sources' definitions. */
export function aiMappingNote(t: Translator): ExplainedAi['mapping'] {
  return {
    text: t('aiMapping'),
    links: [
      {
        id: 'contentSignals',
        label: t('aiMappingCloudflare'),
        url: AI_DEFINITIONS.contentSignals,
      },
      {
        id: 'aiprefVocab',
        label: t('aiMappingAipref', AIPREF_VOCAB_DRAFT),
        url: AI_DEFINITIONS.aiprefVocab,
      },
    ],
  };
}

/**
 * A robot's AI-usage picture in words, or null when there is nothing worth saying: a robot that
 * is not an AI crawler and to which the site says nothing. `robot` as the user listed it.
 */
export function explainAi(robot: string, signals: AiSignals, t: Translator): ExplainedAi | null {
  const profile = findCrawler(robot);
  const kind = aiKindOf(profile);
  const answers = aiAnswers(signals);
  const saysSomething = AI_QUESTIONS.some((q) => answers[q].answer !== 'unset');
  if (kind === null && !saysSomething) return null;
  const says = aiSaysText(answers, t);
  const allowed = signals.isCrawlable;
  const name = profile?.token ?? robot;
  const vendor = profile === undefined ? '' : vendorText(profile.vendor, t);
  const crawl = kind === null ? null : t(CRAWL[kind][allowed ? 0 : 1], vendor);
  const conflicts: string[] = [];
  if (allowed && answers.train.answer === 'no') {
    if (kind === 'ai-training') conflicts.push(t('aiConflictTraining', name));
    if (kind === 'control-token') conflicts.push(t('aiConflictControl', name, vendor));
  }
  if (
    allowed &&
    answers.answers.answer === 'no' &&
    (kind === 'ai-search' || kind === 'ai-user-fetch')
  )
    conflicts.push(t('aiConflictAnswers', name));
  return {
    answers,
    sentence: crawl === null ? says : t('aiSentence', crawl, says),
    conflicts,
    draft:
      signals.usageRules.rules.length > 0 || signals.header !== null
        ? aiDraftText(signals, t)
        : null,
    reading: signals.hasUsageRules
      ? [
          t('aiReadingAttach', signals.attachDraft),
          ...(profile?.semantics === 'google' ? [t('aiReadingGoogle')] : []),
        ]
      : [],
    mapping: aiMappingNote(t),
  };
}

/** The aipref drafts this reading implements, once per view where Content-Usage was read. */
function aiDraftText(signals: AiSignals, t: Translator): string {
  return t('aiDraftNote', signals.vocabDraft, signals.attachDraft);
}

/** One line's stated preferences per question (a Content-Signal or Content-Usage line). */
export type AiLinePreferences = Partial<Record<AiQuestion, 'yes' | 'no'>>;

/** A `Content-Signal:` line's value as preferences per question. */
export function contentSignalPreferences(value: string): AiLinePreferences {
  const { signals } = parseContentSignalValue(value);
  const out: AiLinePreferences = {};
  for (const q of AI_QUESTIONS) {
    const v = signals[NAMES[q].signal];
    if (v !== undefined) out[q] = v;
  }
  return out;
}

/** A `Content-Usage:` rule's value (optional path, then the statement) as preferences per question. */
export function contentUsagePreferences(value: string): AiLinePreferences {
  const { preferences } = parseUsageStatement(splitContentUsageValue(value).statement);
  const out: AiLinePreferences = {};
  for (const q of AI_QUESTIONS) {
    const v = preferences[NAMES[q].usage];
    if (v !== 'unset') out[q] = v === 'y' ? 'yes' : 'no';
  }
  return out;
}

/** A line's preferences in plain words ("no to AI training and yes to search results"); null: none. */
export function aiLineGlossText(prefs: AiLinePreferences, t: Translator): string | null {
  const parts: string[] = [];
  for (const answer of ['no', 'yes'] as const) {
    const uses = AI_QUESTIONS.filter((q) => prefs[q] === answer).map((q) => t(USES[q]));
    if (uses.length > 0)
      parts.push(t(answer === 'no' ? 'aiGlossNo' : 'aiGlossYes', listText(uses, t)));
  }
  return parts.length === 0 ? null : listText(parts, t);
}

/** The Cloudflare-managed block's range in words; null when it has no BEGIN marker. */
export function managedBlockText(block: ManagedBlock | null, t: Translator): string | null {
  if (block === null || block.begin === null) return null;
  return block.end === null
    ? t('aiManagedBlockFrom', block.begin)
    : t('aiManagedBlock', block.begin, block.end);
}

/** That a line says nothing readable: "nothing about AI training, AI answers or search results". */
export function aiNothingText(t: Translator): string {
  return t(
    'aiSaysUnset',
    listText(
      AI_QUESTIONS.map((q) => t(USES[q])),
      t,
      'or',
    ),
  );
}
