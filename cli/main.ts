// robots-lens, the command line: `check` judges URLs against robots.txt files, `diff` says which
// verdicts change between two versions of one. A client of the library (src/) and the explain
// layer, with the extension's fetch policy: nothing here decides a verdict or says a sentence of
// its own. Exit status: 0 done; 1 some input lines were not URLs, or a --fail-on condition held;
// 2 a usage error or an unreadable input (one line on stderr, nothing on stdout).
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { Presets, SingleBar } from 'cli-progress';
import pkg from '../package.json';
import { AIPREF_ATTACH_DRAFT, AIPREF_VOCAB_DRAFT } from '../src/ai/content-usage.ts';
import { AI_DEFINITIONS } from '../src/explain/ai.ts';
import { LANGUAGES, translatorFor } from '../src/explain/catalogues.ts';
import { errorCodeOf, errorCodeText } from '../src/explain/failures.ts';
import { DEFAULT_ROBOTS, printableText, type Semantics, type Translator } from '../src/index.ts';
import { AUDIT_STATES } from '../src/page/audit.ts';
import type { AiPicture } from './ai.ts';
import {
  AUDIT_DEFAULTS,
  AuditCounts,
  Auditor,
  type AuditRecord,
  auditWindow,
  defaultUserAgent,
  failOnStates,
  inShard,
  parseShard,
} from './audit.ts';
import { CutTeller, cutOf, cutsFor } from './cut.ts';
import { countUrlLines, type InputBatch, inOrder, urlInputs } from './inputs.ts';
import { type CheckRecord, checkRecord, judgeOne } from './judge.ts';
import { nonemptyInput } from './nonempty-input.ts';
import { NotResumable, ResumeFile } from './resume.ts';
import {
  CLI_USER_AGENT,
  OriginSources,
  readSource,
  robotsFetcher,
  type Source,
  UnreadableInput,
} from './sources.ts';
import {
  auditWriter,
  type CheckItem,
  checkWriter,
  diffWriter,
  FORMATS,
  type Format,
} from './writers.ts';

const READINGS: readonly Semantics[] = ['google', 'rfc9309', 'original1994'];

export interface Io {
  stdin: Readable;
  stdout: Writable & { isTTY?: boolean };
  stderr: Writable & { isTTY?: boolean };
}

/** A usage error: the run stops with exit status 2 and this one line. */
class UsageError extends Error {}

const OPTIONS = {
  robots: { type: 'string' },
  agent: { type: 'string', multiple: true },
  semantics: { type: 'string' },
  urls: { type: 'string' },
  sitemap: { type: 'string', multiple: true },
  format: { type: 'string' },
  lang: { type: 'string' },
  'fail-on-disallowed': { type: 'boolean' },
  'fail-on-change': { type: 'boolean' },
  'fail-on-cut': { type: 'boolean' },
  'fail-on': { type: 'string' },
  'ignore-robots': { type: 'boolean' },
  'user-agent': { type: 'string' },
  timeout: { type: 'string' },
  'max-bytes': { type: 'string' },
  concurrency: { type: 'string' },
  'per-host': { type: 'string' },
  resume: { type: 'string' },
  shard: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const;

/** Output written in chunks, waiting for the stream to drain (memory stays flat on a slow pipe). */
class Output {
  private chunk = '';
  private readonly stream: Writable;

  constructor(stream: Writable) {
    this.stream = stream;
  }

  /** Adds text; written out when a chunk is full (await `full()` between batches). */
  add(text: string): void {
    this.chunk += text;
  }

  async write(text: string): Promise<void> {
    this.chunk += text;
    await this.full();
  }

  async full(): Promise<void> {
    if (this.chunk.length >= 65_536) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.chunk === '') return;
    const text = this.chunk;
    this.chunk = '';
    if (!this.stream.write(text)) await once(this.stream, 'drain');
  }
}

/** `count` in `ms` as a rate per second (a run of under a millisecond counts as one). */
const perSecond = (count: number, ms: number) => count / Math.max(ms / 1000, 0.001);

/** URLs done and their rate, on stderr when it is a terminal; silent otherwise. */
function progress(io: Io, t: Translator) {
  const started = Date.now();
  let count = 0;
  let shown = 0;
  return {
    tick(): void {
      count++;
      if (!io.stderr.isTTY) return;
      const now = Date.now();
      if (now - shown < 200) return;
      shown = now;
      const rate = Math.round(perSecond(count, now - started));
      io.stderr.write(`\r${t.plural('cliProgressCount', count, t.number(rate))}\u001b[K`);
    },
    done(): void {
      if (io.stderr.isTTY && shown !== 0) io.stderr.write('\r\u001b[K');
    },
  };
}

/**
 * The audit's progress on stderr when it is a terminal: a bar (cli-progress) when the number of
 * URLs is known beforehand (arguments, a --urls file), else the count and rate line; silent
 * otherwise.
 */
function auditProgress(io: Io, t: Translator, total: number | null) {
  if (!io.stderr.isTTY || total === null) return progress(io, t);
  const started = Date.now();
  let count = 0;
  const bar = new SingleBar(
    {
      stream: io.stderr,
      format: '{bar} {percentage}% · {text}',
      hideCursor: true,
      clearOnComplete: true,
      fps: 5,
    },
    Presets.shades_classic,
  );
  bar.start(total, 0, { text: t.plural('cliProgressCount', 0, t.number(0)) });
  return {
    tick(): void {
      count++;
      const rate = Math.round(perSecond(count, Date.now() - started));
      bar.update(count, { text: t.plural('cliProgressCount', count, t.number(rate)) });
    },
    done(): void {
      bar.stop();
    },
  };
}

/** An input line as a URL to judge, or why it is not one. */
function urlOrError(
  line: string,
  pathsAllowed: boolean,
  t: Translator,
): string | { error: string } {
  if (line.startsWith('/')) return pathsAllowed ? line : { error: t('cliPathNeedsRobots') };
  try {
    const url = new URL(line);
    if (url.protocol === 'http:' || url.protocol === 'https:') return line;
  } catch {
    // Not a URL at all: said below, as for any other scheme.
  }
  return { error: t('cliNotUrl') };
}

function parse(argv: string[], t: Translator) {
  try {
    return parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(t('cliUsageError', parseArgsErrorText(error, t)));
  }
}

/**
 * parseArgs's error in the user's words: its code says which, its English message only gives the
 * option (the one token quoted in it, as typed).
 */
function parseArgsErrorText(error: unknown, t: Translator): string {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : '';
  // "Unknown option '--x'…", "Option '-h, --help' does not…", "Option '--robots <value>'…"
  const quoted = /'(-[^']*)'/.exec(message)?.[1]?.split(', ').at(-1)?.split(' ')[0];
  if (quoted === undefined) return t('cliBadArguments');
  const option = printableText(quoted, false);
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return t('cliUnknownOption', option);
  if (code !== 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') return t('cliBadArguments');
  const name = quoted.replace(/^-+/, '');
  const type = Object.hasOwn(OPTIONS, name) ? OPTIONS[name as keyof typeof OPTIONS].type : null;
  return t(type === 'boolean' ? 'cliOptionTakesNoValue' : 'cliOptionNeedsValue', option);
}

function choice<T extends string>(
  value: string | undefined,
  allowed: readonly T[],
  option: string,
  t: Translator,
): T | null {
  if (value === undefined) return null;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new UsageError(t('cliBadValue', `--${option}`, value, allowed.join(', ')));
}

/** Runs the command line; returns the exit status. Never throws. */
export async function main(argv: string[], io: Io): Promise<number> {
  // The language first, so even a usage error is said in it.
  const langAt = argv.indexOf('--lang');
  const asked =
    langAt === -1 ? argv.find((a) => a.startsWith('--lang='))?.slice(7) : argv[langAt + 1];
  const lang =
    asked !== undefined && (LANGUAGES as readonly string[]).includes(asked) ? asked : 'en';
  const t = translatorFor(lang);
  try {
    return await run(argv, io, t);
  } catch (error) {
    const message =
      error instanceof UnreadableInput && error.file !== null
        ? t('cliCannotRead', error.file, errorCodeText(error.why, t))
        : error instanceof UsageError || error instanceof UnreadableInput
          ? error.message
          : t('cliFailed', errorCodeText(errorCodeOf(error), t));
    io.stderr.write(`${printableText(message.split('\n')[0] ?? '', false)}\n`);
    return 2;
  }
}

async function run(argv: string[], io: Io, t: Translator): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined) throw new UsageError(t('cliUsageError', 'robots-lens check | diff'));
  if (command === '--help' || command === '-h') {
    io.stdout.write(`${t('cliHelp')}\n`);
    return 0;
  }
  if (command === '--version' || command === '-v') {
    io.stdout.write(`${pkg.version}\n`);
    return 0;
  }
  if (command !== 'check' && command !== 'diff' && command !== 'audit')
    throw new UsageError(t('cliUnknownCommand', command));
  const { values, positionals } = parse(rest, t);
  if (values.help) {
    // Where the AI fields are this tool's reading (the pairing, the grouping), with both sources.
    const aiReading = t(
      'cliHelpAiReading',
      AI_DEFINITIONS.contentSignals,
      AI_DEFINITIONS.aiprefVocab,
      AIPREF_ATTACH_DRAFT,
    );
    const help =
      command === 'audit'
        ? t('cliAuditHelp')
        : command === 'check'
          ? `${t('cliCheckHelp')}\n\n${t('cliCheckHelpAi', AIPREF_VOCAB_DRAFT, AIPREF_ATTACH_DRAFT)}\n\n${aiReading}`
          : `${t('cliDiffHelp')}\n\n${t('cliDiffHelpAi', AIPREF_VOCAB_DRAFT, AIPREF_ATTACH_DRAFT)}\n\n${aiReading}`;
    io.stdout.write(`${help}\n`);
    return 0;
  }
  choice(values.lang, LANGUAGES, 'lang', t);
  const format = choice<Format>(values.format, FORMATS, 'format', t) ?? 'text';
  const semantics = choice<Semantics>(values.semantics, READINGS, 'semantics', t);
  const agents = values.agent ?? [...DEFAULT_ROBOTS];
  if (agents.some((a) => a.trim() === '')) throw new UsageError(t('cliEmptyAgent'));
  const inputs = [values.urls !== undefined, values.sitemap !== undefined].filter(Boolean).length;
  if (inputs > 1) throw new UsageError(t('cliOneInput'));
  if (command === 'audit') return audit(positionals, values, { format, semantics, agents }, io, t);
  for (const option of AUDIT_ONLY)
    if (values[option] !== undefined)
      throw new UsageError(t('cliWrongCommandOption', `--${option}`, 'audit'));
  return command === 'check'
    ? check(positionals, values, { format, semantics, agents }, io, t)
    : diff(positionals, values, { format, semantics, agents }, io, t);
}

/** The options only `audit` takes. */
const AUDIT_ONLY = [
  'fail-on',
  'ignore-robots',
  'user-agent',
  'timeout',
  'max-bytes',
  'concurrency',
  'per-host',
  'resume',
  'shard',
] as const;

interface Common {
  format: Format;
  semantics: Semantics | null;
  agents: readonly string[];
}

type Values = ReturnType<typeof parse>['values'];

/** Writes one line on stderr, escaped for a terminal. */
const warner = (io: Io) => (message: string) => {
  io.stderr.write(`${printableText(message, false)}\n`);
};

/**
 * A command's URL lines: its arguments, else --urls, else --sitemap, else stdin. `onLineSkipped`
 * counts the lines too long to be URLs. An input with no line at all is a usage error, thrown
 * before anything is written (issue 41): a CI gate must not pass on an empty stdin, a forgotten
 * argument, an empty file or a sitemap without a <loc>. Lines that are there but are not URLs
 * (too long ones included) are not that: they exit 1 as before.
 */
async function inputsOf(
  args: readonly string[],
  values: Values,
  io: Io,
  t: Translator,
  onLineSkipped: () => void,
): Promise<AsyncIterable<InputBatch>> {
  let skipped = 0;
  const lines = await urlInputs({
    args,
    urls: values.urls,
    sitemap: values.sitemap,
    stdin: io.stdin,
    onProblem: warner(io),
    t,
    userAgent: values['user-agent'] ?? CLI_USER_AGENT,
    onLineSkipped: () => {
      skipped++;
      onLineSkipped();
    },
  });
  const read = await nonemptyInput(lines);
  if (read !== null) return read;
  if (skipped > 0) return (async function* () {})();
  throw new UsageError(noUrlsText(args, values, t));
}

/** Why there is nothing to judge, naming the file or sitemap read, and how to give URLs. */
function noUrlsText(args: readonly string[], values: Values, t: Translator): string {
  const place =
    args.length > 0 ? null : values.urls !== undefined ? values.urls : values.sitemap?.join(', ');
  return place === undefined || place === null || place === '-'
    ? t('cliNoUrls')
    : t('cliNoUrlsIn', printableText(place, false));
}

async function check(
  positionals: string[],
  values: Values,
  { format, semantics, agents }: Common,
  io: Io,
  t: Translator,
): Promise<number> {
  if (values['fail-on-change'])
    throw new UsageError(t('cliWrongCommandOption', '--fail-on-change', 'diff'));
  const warn = warner(io);
  const single = values.robots === undefined ? null : await readSource(values.robots);
  const origins = new OriginSources();
  let errors = 0;
  const lines = await inputsOf(positionals, values, io, t, () => errors++);
  const out = new Output(io.stdout);
  const writer = checkWriter(format, t, semantics);
  // A file cut at 500 KiB: told once, carried in each of its records (issue 41).
  const cuts = cutsFor(agents);
  const cutTeller = new CutTeller(warn, t);
  const shown = progress(io, t);
  await out.write(writer.header());
  let allowed = 0;
  let disallowed = 0;
  // An item is written out (to a string) as soon as it is judged, so a batch waiting for its
  // turn holds output, not the robots.txt files it was judged with: a batch of URLs of a
  // thousand origins held every parsed file until it was written (issue 28, item 3).
  const written = (item: CheckItem): string => {
    if ('error' in item) errors++;
    else for (const r of item.records) r.allowed ? allowed++ : disallowed++;
    return writer.item(item);
  };
  const judge = (url: string, source: Source): string => {
    const records: CheckRecord[] = [];
    const ai: (AiPicture | null)[] = [];
    for (const agent of agents) {
      const judged = judgeOne(source, agent, url, semantics);
      records.push(judged.record);
      ai.push(judged.ai);
    }
    const cut = cuts(source);
    if (cut !== null) cutTeller.tell(values.robots ?? source.url ?? url, cut);
    return written({ url, records, source, ai, cut });
  };
  // A robots.txt not requested (a public sitemap led into a private network), said once.
  const refused = new Set<string>();
  const tellRefused = (source: Source, ledFrom: string | null) => {
    if (source.kind !== 'unreachable' || source.outcome.kind !== 'unreachable') return;
    if (source.outcome.reason !== 'private-address' || refused.has(source.url)) return;
    refused.add(source.url);
    warn(t('cliRobotsNotRequested', source.url, ledFrom ?? ''));
  };
  const judgeLine = (line: string, ledFrom: string | null): string | Promise<string> => {
    const url = urlOrError(line, single !== null, t);
    if (typeof url !== 'string')
      return written({ url: line, error: { url: line, error: url.error } });
    if (single !== null) return judge(url, single);
    const source = origins.forUrl(url, ledFrom);
    if (source === null) return written({ url: line, error: { url: line, error: t('cliNotUrl') } });
    if (!(source instanceof Promise)) return judge(url, source);
    return source.then((s) => {
      tellRefused(s, ledFrom);
      return judge(url, s);
    });
  };
  // A batch of lines is judged at once; it waits only when an origin's robots.txt is on its way.
  const batches = inOrder(lines, (batch): string[] | Promise<string[]> => {
    const { listedBy } = batch;
    const items = batch.lines.map((line, i) => judgeLine(line, listedBy?.[i] ?? null));
    return items.some((i) => i instanceof Promise) ? Promise.all(items) : (items as string[]);
  });
  for await (const items of batches) {
    for (const item of items) {
      shown.tick();
      out.add(item);
    }
    await out.full();
  }
  await out.write(writer.footer());
  if (format === 'text')
    await out.write(
      `\n${t.plural('cliTotals', allowed + disallowed, t.number(allowed), t.number(disallowed))}\n`,
    );
  await out.flush();
  shown.done();
  if (errors > 0) warn(t.plural('cliNotUrls', errors));
  return errors > 0 ||
    (values['fail-on-disallowed'] === true && disallowed > 0) ||
    (values['fail-on-cut'] === true && cutTeller.any)
    ? 1
    : 0;
}

async function diff(
  positionals: string[],
  values: Values,
  { format, semantics, agents }: Common,
  io: Io,
  t: Translator,
): Promise<number> {
  if (values['fail-on-disallowed'])
    throw new UsageError(t('cliWrongCommandOption', '--fail-on-disallowed', 'check'));
  if (values.robots !== undefined)
    throw new UsageError(t('cliWrongCommandOption', '--robots', 'check'));
  const [oldPlace, newPlace, ...urls] = positionals;
  if (oldPlace === undefined || newPlace === undefined)
    throw new UsageError(t('cliDiffNeedsFiles'));
  const [before, after] = await Promise.all([readSource(oldPlace), readSource(newPlace)]);
  const warn = warner(io);
  let errors = 0;
  const lines = await inputsOf(urls, values, io, t, () => errors++);
  // Each file's cut at 500 KiB, told once now that there are URLs, and carried in every record.
  const cutTeller = new CutTeller(warn, t);
  const cutBefore = cutOf(before, agents);
  const cutAfter = cutOf(after, agents);
  cutTeller.tell(oldPlace, cutBefore);
  cutTeller.tell(newPlace, cutAfter);
  const cuts = {
    ...(cutBefore === null ? {} : { cutBefore }),
    ...(cutAfter === null ? {} : { cutAfter }),
  };
  const out = new Output(io.stdout);
  const writer = diffWriter(format, t);
  const shown = progress(io, t);
  await out.write(writer.header());
  let total = 0;
  let changed = 0;
  // AI use is compared only when a file says something about it: otherwise the records stay as
  // they were, and the Content-Signal and Content-Usage lines are never looked for per URL.
  const hasAi =
    (before.kind === 'ok' && before.ai !== null) || (after.kind === 'ok' && after.ai !== null);
  for await (const batch of lines) {
    for (const line of batch.lines) {
      shown.tick();
      const url = urlOrError(line, true, t);
      if (typeof url !== 'string') {
        errors++;
        warn(`${line}: ${url.error}`);
        continue;
      }
      for (const agent of agents) {
        total++;
        // With AI-usage lines in either file, a change in what the site says about AI use is a
        // change too, with the same verdicts.
        const [a, b] = hasAi
          ? [
              judgeOne(before, agent, url, semantics).record,
              judgeOne(after, agent, url, semantics).record,
            ]
          : [checkRecord(before, agent, url, semantics), checkRecord(after, agent, url, semantics)];
        const ai = hasAi
          ? ({
              aiTrainBefore: a.aiTrain ?? 'unset',
              aiTrainAfter: b.aiTrain ?? 'unset',
              aiAnswersBefore: a.aiAnswers ?? 'unset',
              aiAnswersAfter: b.aiAnswers ?? 'unset',
              aiSearchBefore: a.aiSearch ?? 'unset',
              aiSearchAfter: b.aiSearch ?? 'unset',
            } as const)
          : null;
        if (
          a.allowed === b.allowed &&
          (ai === null ||
            (ai.aiTrainBefore === ai.aiTrainAfter &&
              ai.aiAnswersBefore === ai.aiAnswersAfter &&
              ai.aiSearchBefore === ai.aiSearchAfter))
        )
          continue;
        changed++;
        out.add(
          writer.record({
            url,
            agent,
            before: a.allowed,
            after: b.allowed,
            lineBefore: a.line,
            lineAfter: b.line,
            ...ai,
            ...cuts,
          }),
        );
      }
    }
    await out.full();
  }
  await out.flush();
  shown.done();
  if (errors > 0) warn(t.plural('cliNotUrls', errors));
  warn(t.plural('cliDiffChanges', changed, t.number(total)));
  return errors > 0 ||
    (values['fail-on-change'] === true && changed > 0) ||
    (values['fail-on-cut'] === true && cutTeller.any)
    ? 1
    : 0;
}

/** A whole number from 1 given to `option`, or its default. */
function count(value: string | undefined, option: string, fallback: number, t: Translator): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(t('cliBadNumber', `--${option}`, value));
  return n;
}

async function audit(
  positionals: string[],
  values: Values,
  { format, semantics, agents }: Common,
  io: Io,
  t: Translator,
): Promise<number> {
  for (const option of ['robots', 'semantics', 'fail-on-disallowed', 'fail-on-change'] as const)
    if (values[option] !== undefined && (option !== 'semantics' || semantics !== null))
      throw new UsageError(t('cliWrongCommandOption', `--${option}`, 'check'));
  const failOn = failOnStates(values['fail-on']);
  if ('bad' in failOn)
    throw new UsageError(t('cliBadValue', '--fail-on', failOn.bad, AUDIT_STATES.join(', ')));
  const userAgent = values['user-agent'] ?? defaultUserAgent(pkg.version);
  if (userAgent.trim() === '' || /[\r\n\0]/.test(userAgent))
    throw new UsageError(t('cliBadValue', '--user-agent', userAgent, 'text'));
  const concurrency = count(values.concurrency, 'concurrency', AUDIT_DEFAULTS.concurrency, t);
  const auditor = new Auditor(
    {
      agents,
      userAgent,
      timeoutMs: count(values.timeout, 'timeout', AUDIT_DEFAULTS.timeoutSeconds, t) * 1000,
      maxBytes: count(values['max-bytes'], 'max-bytes', AUDIT_DEFAULTS.maxBytes, t),
      concurrency,
      perHost: count(values['per-host'], 'per-host', AUDIT_DEFAULTS.perHost, t),
      ignoreRobots: values['ignore-robots'] === true,
    },
    t,
  );
  const shard = values.shard === undefined ? null : parseShard(values.shard);
  if (shard === null && values.shard !== undefined)
    throw new UsageError(t('cliBadValue', '--shard', values.shard, 'K/N, 0 ≤ K < N'));
  // --resume appends jsonl records to its file; stdout then carries nothing.
  if (values.resume !== undefined && values.format !== undefined && format !== 'jsonl')
    throw new UsageError(t('cliResumeJsonl'));
  const written = values.resume === undefined ? format : 'jsonl';
  const resume =
    values.resume === undefined
      ? null
      : await openResume(values.resume, agents, positionals, values, io, t);
  const warn = warner(io);
  const origins = new OriginSources(undefined, robotsFetcher(userAgent));
  let errors = 0;
  const lines = await inputsOf(positionals, values, io, t, () => errors++);
  const inSitemap = values.sitemap !== undefined;
  const target = resume === null ? io.stdout : createWriteStream(resume.path, { flags: 'a' });
  const out = new Output(target);
  const writer = auditWriter(written, t);
  // A URL's records, each with its robots.txt's cut at 500 KiB, told once on stderr (issue 41).
  const cuts = cutsFor(agents);
  const cutTeller = new CutTeller(warn, t);
  const withCut = (records: AuditRecord[], source: Source): AuditRecord[] => {
    const cut = cuts(source);
    if (cut === null) return records;
    cutTeller.tell(source.url ?? '', cut);
    for (const r of records) r.cut = cut;
    return records;
  };
  if (resume !== null && resume.done > 0)
    warn(t.plural('auditResumedCount', resume.done, printableText(resume.path, false)));
  const counts = new AuditCounts();
  const total =
    positionals.length > 0
      ? positionals.length
      : values.urls !== undefined && values.urls !== '-'
        ? await countUrlLines(values.urls)
        : null;
  const shown = auditProgress(io, t, shard === null ? total : null);
  const started = Date.now();
  await out.write(writer.header());
  const auditLine = async (line: string, ledFrom: string | null): Promise<AuditRecord[] | null> => {
    const url = urlOrError(line, false, t);
    const source = typeof url === 'string' ? origins.forUrl(url, ledFrom) : null;
    if (typeof url !== 'string' || source === null) {
      errors++;
      warn(`${line}: ${typeof url === 'string' ? t('cliNotUrl') : url.error}`);
      return null;
    }
    const judged = await source;
    return withCut(await auditor.judge(url, judged, inSitemap, ledFrom), judged);
  };
  // Lines one by one through a window of pages under way: the output keeps the input's order,
  // and memory holds the window, not the list.
  const urls = (async function* () {
    for await (const batch of lines)
      for (const [i, line] of batch.lines.entries()) {
        if (shard !== null && !inShard(line, shard)) continue;
        // The URLs the file has already: the same, in the same order, or the input changed.
        if (resume?.pending && typeof urlOrError(line, false, t) === 'string') {
          const done = await resume.next();
          if (done === line) continue;
          throw new UnreadableInput(
            t('cliResumeMismatch', printableText(resume.path, false), printableText(line, false)),
          );
        }
        yield [line, batch.listedBy?.[i] ?? null] as const;
      }
  })();
  for await (const records of inOrder(
    urls,
    ([line, led]) => auditLine(line, led),
    auditWindow(auditor, concurrency),
  )) {
    shown.tick();
    if (records === null) continue;
    counts.add(records);
    out.add(writer.records(records));
    await out.full();
  }
  await out.flush();
  if (target !== io.stdout) await new Promise((r) => target.end(r));
  shown.done();
  if (errors > 0) warn(t.plural('cliNotUrls', errors));
  const seconds = (Date.now() - started) / 1000;
  warn(
    t.plural(
      'auditDone',
      counts.urls,
      t.number(seconds, 1),
      t.number(perSecond(counts.urls, seconds * 1000), 1),
    ),
  );
  if (counts.urls > 0) for (const row of counts.table().split('\n')) warn(row);
  for (const row of counts.sitemapLines(t)) warn(row);
  const slowest = auditor.slowest();
  if (slowest !== null) warn(t('auditSlowest', slowest[0], t.number(slowest[1])));
  return errors > 0 || counts.any(failOn) || (values['fail-on-cut'] === true && cutTeller.any)
    ? 1
    : 0;
}

/**
 * The resume file, or exit 2 with the file unchanged: when it cannot be opened, is not an audit
 * of these robots, or is one of the run's inputs (issue 41).
 */
async function openResume(
  path: string,
  agents: readonly string[],
  positionals: readonly string[],
  values: Values,
  io: Io,
  t: Translator,
): Promise<ResumeFile> {
  const files = [
    ...(values.urls !== undefined && values.urls !== '-' ? [values.urls] : []),
    ...(values.sitemap ?? []).filter((place) => !/^https?:\/\//i.test(place)),
  ];
  const readsStdin =
    positionals.length === 0 &&
    (values.urls === '-' || (values.urls === undefined && (values.sitemap ?? []).length === 0));
  const fd = (io.stdin as { fd?: unknown }).fd;
  try {
    return await ResumeFile.open(path, agents, {
      files,
      stdin: readsStdin && typeof fd === 'number' ? fd : null,
    });
  } catch (error) {
    const file = printableText(path, false);
    if (error instanceof NotResumable)
      throw new UnreadableInput(
        error.why === 'input'
          ? t('cliResumeIsInput', file)
          : error.why === 'robots'
            ? t('cliResumeOtherRobots', file, printableText(error.robots.join(', '), false))
            : t('cliResumeNotOurs', file),
      );
    const code = (error as { code?: unknown }).code;
    throw new UnreadableInput('', path, typeof code === 'string' ? code : null);
  }
}
