// Writes _locales/<lang>/messages.json from _locales/<lang>.source.json: `{name}` placeholders
// become the browser's $NAME$ placeholders bound to $1…$9 in the order of their first appearance
// in the English message, the order the code passes the values in, so a translation may put them
// in any order. A key `@name` holds the description of message `name` for translators (the
// convention of ARB files): it becomes that message's `description` field, which Chrome's
// messages.json format defines for this. English carries them; every catalogue may.
// Run `node scripts/messages.mjs` after editing a source file (the build checks they agree).
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';

/** The English message a key is numbered by: its own, or its base's `_other` plural form. */
function referenceOf(key, reference) {
  return reference[key] ?? reference[key.replace(/_(zero|one|two|few|many|other)$/, '_other')];
}

/** Whether a source key is a description (`@name`), not a message. */
export const isDescription = (key) => key.startsWith('@');

/** Compiles a source catalogue; `reference` (the English source) fixes the placeholder numbers. */
export function compile(source, reference = source) {
  const out = {};
  for (const [key, text] of Object.entries(source)) {
    if (isDescription(key)) continue;
    const description = source[`@${key}`];
    const names = placeholders(referenceOf(key, reference) ?? text);
    const message = text.replace(/\$/g, '$$$$').replace(/\{([a-zA-Z]+)\}/g, (_, name) => {
      if (!names.includes(name)) names.push(name);
      return `$${name.toUpperCase()}$`;
    });
    if (names.length > 9) throw new Error(`${key}: more than 9 placeholders`);
    out[key] = {
      message,
      ...(description === undefined ? {} : { description }),
      ...(names.length === 0
        ? {}
        : {
            placeholders: Object.fromEntries(
              names.map((n, i) => [n.toLowerCase(), { content: `$${i + 1}` }]),
            ),
          }),
    };
  }
  for (const key of Object.keys(source))
    if (isDescription(key) && !Object.hasOwn(source, key.slice(1)))
      throw new Error(`${key}: describes no message`);
  return out;
}

/** Placeholder names of a source message, in order: what every translation must keep. */
export function placeholders(text) {
  return [...new Set([...text.matchAll(/\{([a-zA-Z]+)\}/g)].map((m) => m[1]))];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const check = process.argv.includes('--check');
  let stale = false;
  const english = JSON.parse(readFileSync('_locales/en.source.json', 'utf8'));
  for (const file of readdirSync('_locales').filter((f) => f.endsWith('.source.json'))) {
    const lang = file.replace('.source.json', '');
    const source = JSON.parse(readFileSync(`_locales/${file}`, 'utf8'));
    const json = `${JSON.stringify(compile(source, english), null, 2)}\n`;
    const target = `_locales/${lang}/messages.json`;
    let current = '';
    try {
      current = readFileSync(target, 'utf8');
    } catch {
      // No compiled file yet: it is written below (or reported stale with --check).
    }
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
