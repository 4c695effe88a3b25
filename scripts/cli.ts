// npm start [-- <robots.txt file> [url] [robot…]]: the engine on the command line. Without a file
// it reads the 1994 standard's second example. Prints verdicts with the deciding line and why,
// what the file says, and what is wrong with it.
import { readFileSync } from 'node:fs';
import { checkCrawler } from '../src/crawlers.ts';
import { parseRobotsTxt, summarizeRobotsTxt, type Verdict } from '../src/robots/index.ts';
import { DEFAULT_ROBOTS } from '../src/settings.ts';

const DEMO =
  '# robots.txt for http://www.example.com/\n\nUser-agent: *\n' +
  'Disallow: /cyberworld/map/ # This is an infinite virtual URL space\n\n' +
  '# Cybermapper knows where to go.\nUser-agent: cybermapper\nDisallow:\n';

const [file, url = '/cyberworld/map/index.html', ...robots] = process.argv.slice(2);
const text = file ? new TextDecoder().decode(readFileSync(file)) : DEMO;
const parsed = parseRobotsTxt(text);
const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);

function why(v: Verdict): string {
  const g = v.reason.groups;
  const d = v.reason.decision;
  const group = {
    'exact-token': `group at line ${g.lines.join(', ')} names ${g.agent}`,
    'merged-groups': `groups at lines ${g.lines.join(', ')} name ${g.agent} (combined)`,
    'fallback-token': `no group names it; follows the ${g.agent} group (line ${g.lines.join(', ')})`,
    'star-group': `no group names it; the * group applies (line ${g.lines.join(', ')})`,
    'no-group': g.starIgnored ? 'no group names it; it ignores the * group' : 'no group applies',
    'substring-record': `record at line ${g.lines[0]} (substring ${g.agent})`,
    'default-record': `default * record at line ${g.lines[0]}`,
  }[g.code];
  const rule = {
    'longest-match': 'longest match',
    'allow-wins-tie': 'equal length: allow wins',
    'no-match': 'no rule matches',
    'robots-txt-always-allowed': '/robots.txt is always allowed',
    'first-match': 'first matching Disallow',
  }[d.code];
  return `${group}; ${rule}${d.indexHtml ? ' (index.html covers its directory)' : ''}`;
}

console.log(
  `${file ?? '1994 standard, example 2'}: ${parsed.lineCount} lines, ${parsed.groups.length} groups, ${parsed.bytesRead} bytes${parsed.truncated ? ' (cut at 500 KiB)' : ''}`,
);
console.log(`\nVerdicts for ${url}`);
for (const name of robots.length > 0 ? robots : DEFAULT_ROBOTS) {
  const v = checkCrawler(parsed, name, url);
  const line = v.rule ? `line ${v.rule.line}: ${lines[v.rule.line - 1]?.trim()}` : '(no rule)';
  const others = (['google', 'rfc9309', 'original1994'] as const)
    .filter((s) => s !== v.reason.semantics)
    .filter((s) => checkCrawler(parsed, name, url, s).allowed !== v.allowed)
    .map((s) => ` [${s} would ${v.allowed ? 'disallow' : 'allow'}]`)
    .join('');
  console.log(
    `  ${v.allowed ? 'allowed   ' : 'DISALLOWED'} ${name.padEnd(16)} ${line}  — ${why(v)} (${v.reason.semantics})${others}`,
  );
}

console.log('\nWhat the file says');
for (const s of summarizeRobotsTxt(parsed)) {
  const who = s.everyone ? 'All robots' : s.agents.join(', ');
  const list = (ps: typeof s.disallowed) => ps.map((p) => p.value).join(', ');
  const what = {
    all: 'may visit everything',
    none: 'may not visit anything',
    'none-except': `may visit only ${list(s.allowed)}`,
    'all-except': `may visit everything except ${list(s.disallowed)}${s.allowed.length ? ` (but may visit ${list(s.allowed)})` : ''}`,
  }[s.access];
  console.log(`  ${who} (line ${s.line}): ${what}`);
}
if (parsed.sitemaps.length) console.log(`  Sitemaps: ${parsed.sitemaps.join(', ')}`);

console.log(`\nDiagnostics: ${parsed.diagnostics.length}`);
for (const d of parsed.diagnostics.slice(0, 40)) {
  console.log(
    `  ${d.severity.padEnd(7)} line ${String(d.line).padEnd(5)} ${d.code} ${JSON.stringify(d.params)}`,
  );
}
