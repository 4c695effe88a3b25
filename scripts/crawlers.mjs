// Writes src/ai-crawlers.generated.ts from the reviewed list data/crawlers/ai-crawlers.json: for
// each AI crawler, its operator, purpose, what its vendor says about robots.txt, the vendor's
// page and the date that page was last read (issue 16, item 6).
//   node scripts/crawlers.mjs           validate the source and write the module
//   node scripts/crawlers.mjs --check   validate, and fail when the module is not what it would write
// It reads only the local file: the list is refreshed by people reading the vendors' pages, and
// nothing is downloaded by this script or by the extension.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SOURCE = 'data/crawlers/ai-crawlers.json';
export const TARGET = 'src/ai-crawlers.generated.ts';
const ROOT = fileURLToPath(new URL('..', import.meta.url));

export const PURPOSES = ['ai-training', 'ai-search', 'ai-user-fetch', 'control-token'];
/** What a control token governs: the explain layer's sentence for one says training. */
export const CONTROLS = ['ai-training'];
export const STANCES = ['yes', 'no', 'user-triggered-may-ignore', 'not-a-crawler'];
const REQUIRED = ['token', 'operator', 'purpose', 'robotsTxt', 'docsUrl', 'checked', 'note'];
const KNOWN = new Set([...REQUIRED, 'controls']);
/** RFC 9309 section 2.2.1: a product token is letters, underscores and hyphens. */
const PRODUCT_TOKEN = /^[A-Za-z_-]+$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MAX_OPERATOR = 60;
const MAX_NOTE = 400;

const isText = (value) =>
  typeof value === 'string' && value.trim() !== '' && value === value.trim();
const list = (values) => values.map((v) => `'${v}'`).join(', ');

/** A real calendar date written YYYY-MM-DD. */
function isIsoDate(value) {
  const m = typeof value === 'string' ? ISO_DATE.exec(value) : null;
  if (m === null) return false;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.toISOString().slice(0, 10) === value;
}

function isHttpsUrl(value) {
  if (typeof value !== 'string' || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (
      url.protocol === 'https:' && url.username === '' && url.password === '' && url.host !== ''
    );
  } catch {
    return false;
  }
}

/** The problems of one entry, each naming its field. */
function entryErrors(entry) {
  if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) return ['not an object'];
  const errors = [];
  for (const key of Object.keys(entry))
    if (!KNOWN.has(key)) errors.push(`${key}: unknown field (known: ${[...KNOWN].join(', ')})`);
  for (const key of REQUIRED) if (!(key in entry)) errors.push(`${key}: missing`);
  const { token, operator, purpose, controls, robotsTxt, docsUrl, checked, note } = entry;
  if ('token' in entry && (typeof token !== 'string' || !PRODUCT_TOKEN.test(token)))
    errors.push('token: not a product token (letters, "_" and "-" only, RFC 9309 section 2.2.1)');
  if ('operator' in entry && (!isText(operator) || operator.length > MAX_OPERATOR))
    errors.push(
      `operator: not a company name (non-empty, no outer spaces, ${MAX_OPERATOR} characters at most)`,
    );
  if ('purpose' in entry && !PURPOSES.includes(purpose))
    errors.push(`purpose: ${JSON.stringify(purpose)} is not one of ${list(PURPOSES)}`);
  if (purpose === 'control-token' && !CONTROLS.includes(controls))
    errors.push(`controls: a control token says which use it governs: ${list(CONTROLS)}`);
  if (purpose !== 'control-token' && 'controls' in entry)
    errors.push('controls: only a control token governs a use');
  if ('robotsTxt' in entry && !STANCES.includes(robotsTxt))
    errors.push(`robotsTxt: ${JSON.stringify(robotsTxt)} is not one of ${list(STANCES)}`);
  // The profile's obeysRobotsTxt is 'yes' | 'may-ignore', and 'may-ignore' is worded as a
  // user-started fetch: a crawler that says it ignores robots.txt needs that field widened first.
  if (robotsTxt === 'no')
    errors.push(
      "robotsTxt: 'no' cannot be carried by CrawlerProfile.obeysRobotsTxt yet; widen it before using it",
    );
  if (
    (robotsTxt === 'not-a-crawler') !== (purpose === 'control-token') &&
    PURPOSES.includes(purpose)
  )
    errors.push("robotsTxt: 'not-a-crawler' goes with purpose 'control-token', and only with it");
  if (robotsTxt === 'user-triggered-may-ignore' && purpose !== 'ai-user-fetch')
    errors.push("robotsTxt: 'user-triggered-may-ignore' is for purpose 'ai-user-fetch' only");
  if ('docsUrl' in entry && !isHttpsUrl(docsUrl))
    errors.push('docsUrl: not an https URL without credentials or spaces');
  if ('checked' in entry && !isIsoDate(checked))
    errors.push(`checked: ${JSON.stringify(checked)} is not a calendar date written YYYY-MM-DD`);
  if ('note' in entry && (!isText(note) || note.length > MAX_NOTE || /[\r\n]/.test(note)))
    errors.push(`note: not one line of text (${MAX_NOTE} characters at most)`);
  return errors;
}

/**
 * Every problem of a parsed source, as lines naming the entry and field ("crawlers[2] (GPTBot):
 * docsUrl: …"); empty when it is valid.
 */
export function validate(data) {
  if (data === null || typeof data !== 'object' || Array.isArray(data))
    return ['the file is not a JSON object with a "crawlers" list'];
  const errors = Object.keys(data)
    .filter((key) => key !== 'crawlers' && key !== '$comment')
    .map((key) => `${key}: unknown top-level field (known: $comment, crawlers)`);
  if (!Array.isArray(data.crawlers) || data.crawlers.length === 0)
    return [...errors, 'crawlers: missing or empty list'];
  const seen = new Map();
  data.crawlers.forEach((entry, i) => {
    const name = typeof entry?.token === 'string' ? ` (${entry.token})` : '';
    for (const error of entryErrors(entry)) errors.push(`crawlers[${i}]${name}: ${error}`);
    if (typeof entry?.token !== 'string') return;
    const key = entry.token.toLowerCase();
    if (seen.has(key))
      errors.push(
        `crawlers[${i}]${name}: token: repeats crawlers[${seen.get(key)}] (tokens are case-insensitive)`,
      );
    else seen.set(key, i);
  });
  return errors;
}

/** A string literal as Biome writes it: single quotes unless that needs more escapes. */
function quote(value) {
  const json = JSON.stringify(value);
  if (value.includes("'") && !value.includes('"')) return json;
  return `'${json.slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`;
}

/** The generated module for a valid source, formatted the way Biome formats it. */
export function render(data) {
  const entries = data.crawlers.map((c) =>
    [
      '  {',
      `    token: ${quote(c.token)},`,
      `    operator: ${quote(c.operator)},`,
      `    purpose: ${quote(c.purpose)},`,
      `    controls: ${c.controls === undefined ? 'null' : quote(c.controls)},`,
      `    robotsTxt: ${quote(c.robotsTxt)},`,
      `    docsUrl: ${quote(c.docsUrl)},`,
      `    checked: ${quote(c.checked)},`,
      '  },',
    ].join('\n'),
  );
  return `// Generated by scripts/crawlers.mjs from ${SOURCE}: do not edit.
// Edit the reviewed source (its notes say what each vendor's page says), then run
// \`npm run crawlers\`; \`npm run crawlers -- --check\` fails when this file is out of date.

/** What an AI crawler is for, as its vendor describes it; a control token fetches nothing. */
export type AiCrawlerPurpose = ${PURPOSES.map(quote).join(' | ')};

/** What its vendor says about robots.txt. */
export type AiRobotsTxtStance = ${STANCES.map(quote).join(' | ')};

/** One reviewed entry (the reviewers' note stays in the source file). */
export interface AiCrawlerSource {
  /** Product token, as written in user-agent lines. */
  token: string;
  /** The company that runs it. */
  operator: string;
  purpose: AiCrawlerPurpose;
  /** For a control token, the use it governs; null for a crawler. */
  controls: ${CONTROLS.map(quote).join(' | ')} | null;
  robotsTxt: AiRobotsTxtStance;
  /** The vendor's page. */
  docsUrl: string;
  /** When the vendor's page was last read against this entry (ISO date). */
  checked: string;
}

/** The reviewed AI crawlers, in the source's order. */
export const AI_CRAWLERS: readonly AiCrawlerSource[] = [
${entries.join('\n')}
];
`;
}

/** The source text's problems and, when it has none, the module it makes. */
export function build(text) {
  let data;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return {
      errors: [`not valid JSON: ${error instanceof Error ? error.message : error}`],
      output: null,
    };
  }
  const errors = validate(data);
  return { errors, output: errors.length === 0 ? render(data) : null };
}

/**
 * Validates the source under `root` and compares the module with what it would write: `stale`
 * when the file differs or is missing.
 */
export function check(root = ROOT) {
  const { errors, output } = build(readFileSync(join(root, SOURCE), 'utf8'));
  if (output === null) return { errors, stale: false };
  let current = null;
  try {
    current = readFileSync(join(root, TARGET), 'utf8');
  } catch {
    // A missing module is out of date.
  }
  return { errors, stale: current !== output };
}

function main(args) {
  const unknown = args.filter((a) => a !== '--check');
  if (unknown.length > 0) {
    console.error(
      `crawlers: unknown argument ${unknown.join(' ')} (usage: crawlers.mjs [--check])`,
    );
    return 2;
  }
  const text = readFileSync(join(ROOT, SOURCE), 'utf8');
  const { errors, output } = build(text);
  if (output === null) {
    console.error(`crawlers: ${SOURCE} is not valid:\n${errors.map((e) => `  ${e}`).join('\n')}`);
    return 1;
  }
  if (args.includes('--check')) {
    if (check().stale) {
      console.error(`crawlers: ${TARGET} is out of date with ${SOURCE}; run \`npm run crawlers\``);
      return 1;
    }
    console.log(`crawlers: ${TARGET} is up to date`);
    return 0;
  }
  writeFileSync(join(ROOT, TARGET), output);
  console.log(
    `crawlers: wrote ${TARGET}: ${JSON.parse(text).crawlers.length} crawlers from ${SOURCE}`,
  );
  return 0;
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1])
  process.exitCode = main(process.argv.slice(2));
