// The command line (npm run check) gives the answer the popup gives: the same verdicts, the same
// words for each row, the same sentences and notes about the file. Issue 13, item 3: names with
// digits and spaces, which Google's parser and RFC 9309 cut (robots.cc ExtractUserAgent;
// GoogleOnly_AcceptUserAgentUpToFirstSpace; RFC 9309 §2.2.1) and the 1994 reading does not.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import en from '../../_locales/en/messages.json';
import {
  explainVerdicts,
  lookupIn,
  summaryNotes,
  summarySentences,
  translator,
} from '../../src/explain/index.ts';
import { parseRobotsTxt } from '../../src/robots/index.ts';

const t = translator(lookupIn(en), 'en');
const TEXT =
  'User-agent: *\nDisallow: /private/\n\nUser-agent: MJ12bot\nDisallow: /\n\n' +
  'User-agent: Screaming Frog SEO Spider\nDisallow: /\n\nUser-agent: SemrushBot-SA\nDisallow: /\n';
const ROBOTS = ['MJ12bot', 'Screaming Frog SEO Spider', 'SemrushBot-SA'];

let dir = '';
let cli = '';
beforeAll(async () => {
  // Bundled apart from `npm run check`'s out/, which another run may be writing.
  dir = mkdtempSync(join(tmpdir(), 'robots-lens-cli-'));
  cli = join(dir, 'check.mjs');
  await build({
    entryPoints: [join(import.meta.dirname, '../../cli/check.ts')],
    outfile: cli,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
  });
  writeFileSync(join(dir, 'robots.txt'), TEXT);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (...args: string[]) =>
  execFileSync(process.execPath, [cli, join(dir, 'robots.txt'), ...args], { encoding: 'utf8' });

describe("npm run check: the popup's answer", () => {
  // [robot, the verdict line, source]
  test.each([
    [
      'MJ12bot',
      'Allowed    MJ12bot',
      'robots.cc ExtractUserAgent: the line is read `MJ`; the * group applies',
    ],
    [
      'Screaming Frog SEO Spider',
      'Allowed    Screaming Frog SEO Spider',
      'GoogleOnly_AcceptUserAgentUpToFirstSpace: the line is read `Screaming`',
    ],
    ['SemrushBot-SA', 'DISALLOWED SemrushBot-SA', 'RFC 9309 §2.2.1: a whole token, its own group'],
  ])('%s: %s (%s)', (robot, verdict) => {
    const out = run('/page', robot);
    const [row] = explainVerdicts(parseRobotsTxt(TEXT), 'allow', '/page', [robot], t);
    if (row === undefined) throw new Error('no row');
    expect(out).toContain(`  ${verdict}`);
    expect(out).toContain(row.why);
    // The row's words, each on a line of its own under the verdict: the cut, the other readings.
    for (const words of [...(row.nameCut === null ? [] : [row.nameCut.text]), ...row.others])
      expect(out).toContain(`\n      ${words}\n`);
    expect(row.nameCut === null).toBe(robot === 'SemrushBot-SA');
  });

  test('the summary says the lines as read, and what each robot given follows', () => {
    const out = run('/page', ...ROBOTS);
    const parsed = parseRobotsTxt(TEXT);
    for (const s of summarySentences(parsed, t))
      expect(out).toContain(`Line ${s.line}: ${s.text}\n`);
    for (const n of summaryNotes(parsed, t, ROBOTS))
      expect(out).toContain(`Line ${n.line}: ${n.text}\n`);
    expect(out).toContain('Line 4: MJ (written “MJ12bot”) may not visit anything.\n');
    expect(out).toContain(
      "Line 4: The line “MJ12bot” does not name MJ12bot: Google's parser and RFC 9309 read it as “MJ” (only letters, - and _ count). MJ12bot follows the rules for all other robots.\n",
    );
    expect(out).not.toContain('MJ12bot may not visit anything');
    expect(out).not.toContain('Screaming Frog SEO Spider may not visit anything');
  });
});
