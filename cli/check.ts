// npm run check [-- <robots.txt file> [url] [robot…]]: the engine on the command line. Without a
// file it reads the 1994 standard's second example. Prints verdicts with the deciding line and
// why, what the file says, and what is wrong with it, in the words the extension uses.
import { readFileSync } from 'node:fs';
import en from '../_locales/en/messages.json';
import { verdictsFor } from '../src/crawlers.ts';
import {
  diagnosticText,
  explainVerdict,
  lookupIn,
  printableText,
  ruleText,
  severityText,
  sizeText,
  summaryNotes,
  summarySentences,
  translator,
} from '../src/explain/index.ts';
import { errorMessage } from '../src/protocol.ts';
import { parseRobotsTxt } from '../src/robots/index.ts';
import { DEFAULT_ROBOTS } from '../src/settings.ts';

const DEMO =
  '# robots.txt for http://www.example.com/\n\nUser-agent: *\n' +
  'Disallow: /cyberworld/map/ # This is an infinite virtual URL space\n\n' +
  '# Cybermapper knows where to go.\nUser-agent: cybermapper\nDisallow:\n';

/** Text from a file or server, made safe for a terminal. */
const printable = (text: string) => printableText(text, true);

const t = translator(lookupIn(en), 'en');
const [file, url = '/cyberworld/map/index.html', ...robots] = process.argv.slice(2);
let text = DEMO;
if (file !== undefined) {
  try {
    text = new TextDecoder().decode(readFileSync(file));
  } catch (error) {
    console.error(printable(t('cliCannotRead', file, errorMessage(error))));
    process.exit(2);
  }
}
const parsed = parseRobotsTxt(text);
const names = robots.length > 0 ? robots : DEFAULT_ROBOTS;

const counts = [t.plural('fileLines', parsed.lineCount), sizeText(parsed.bytesRead, t)];
if (parsed.truncated) counts.push(t('warnTruncated'));
console.log(printable(`${file ?? t('cliDemoFile')}: ${counts.join(' · ')}`));
console.log(`\n${t('verdictsCaption')}: ${printable(url)}`);
for (const verdicts of verdictsFor(parsed, names, url)) {
  const v = explainVerdict(verdicts, t);
  const verdict = v.verdict === 'allowed' ? t('allowed') : t('disallowed').toUpperCase();
  const rule = v.rule === null ? '' : `${t('ruleAtLine', v.rule.line)}: ${ruleText(v.rule)} — `;
  const notes = [
    ...(v.nameCut === null ? [] : [v.nameCut.text]),
    ...v.others,
    ...(v.note === null ? [] : [v.note]),
  ].map((o) => `\n      ${o}`);
  console.log(
    printable(`  ${verdict.padEnd(10)} ${v.robot.padEnd(16)} ${rule}${v.why}${notes.join('')}`),
  );
}

console.log(`\n${t('summaryIntro')}`);
for (const s of summarySentences(parsed, t))
  console.log(printable(`  ${t('atLine', s.line)}: ${s.text}`));
// What the sentences leave unsaid about these robots, as the popup's summary says it.
for (const n of summaryNotes(parsed, t, names))
  console.log(printable(`  ${n.line > 0 ? `${t('atLine', n.line)}: ` : ''}${n.text}`));
if (parsed.sitemaps.length > 0)
  console.log(printable(`  ${t('sitemapsHeading')}: ${parsed.sitemaps.join(', ')}`));

console.log(`\n${t('diagnosticsHeading')}: ${parsed.diagnostics.length}`);
for (const d of parsed.diagnostics.slice(0, 40)) {
  const where = d.line > 0 ? t('atLine', d.line) : t('wholeFile');
  console.log(
    printable(
      `  ${severityText(d.severity, t).padEnd(8)} ${where.padEnd(9)} ${diagnosticText(d, t)}`,
    ),
  );
}
