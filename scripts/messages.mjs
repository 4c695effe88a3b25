// Writes _locales/<lang>/messages.json from _locales/<lang>.source.json: `{name}` placeholders
// become the browser's $NAME$ placeholders bound to $1…$9 in order of first appearance.
// Run `node scripts/messages.mjs` after editing a source file (the build checks they agree).
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';

export function compile(source) {
  const out = {};
  for (const [key, text] of Object.entries(source)) {
    const names = [];
    const message = text.replace(/\$/g, '$$$$').replace(/\{([a-zA-Z]+)\}/g, (_, name) => {
      if (!names.includes(name)) names.push(name);
      return `$${name.toUpperCase()}$`;
    });
    if (names.length > 9) throw new Error(`${key}: more than 9 placeholders`);
    out[key] =
      names.length === 0
        ? { message }
        : {
            message,
            placeholders: Object.fromEntries(
              names.map((n, i) => [n.toLowerCase(), { content: `$${i + 1}` }]),
            ),
          };
  }
  return out;
}

/** Placeholder names of a source message, in order: what every translation must keep. */
export function placeholders(text) {
  return [...new Set([...text.matchAll(/\{([a-zA-Z]+)\}/g)].map((m) => m[1]))];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const check = process.argv.includes('--check');
  let stale = false;
  for (const file of readdirSync('_locales').filter((f) => f.endsWith('.source.json'))) {
    const lang = file.replace('.source.json', '');
    const json = `${JSON.stringify(compile(JSON.parse(readFileSync(`_locales/${file}`, 'utf8'))), null, 2)}\n`;
    const target = `_locales/${lang}/messages.json`;
    let current = '';
    try {
      current = readFileSync(target, 'utf8');
    } catch {}
    if (current === json) continue;
    if (check) {
      console.error(`${target} is out of date: run node scripts/messages.mjs`);
      stale = true;
    } else {
      mkdirSync(`_locales/${lang}`, { recursive: true });
      writeFileSync(target, json);
      console.log(`wrote ${target}`);
    }
  }
  if (stale) process.exit(1);
}
