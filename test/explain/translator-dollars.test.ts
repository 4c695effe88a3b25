// Site text put into a translated message comes out exactly as given, whatever `$` it holds
// (issue 15, item 11: `$$` in site text was shown as `$`).
import { describe, expect, test } from 'vitest';
import en from '../../_locales/en/messages.json';
import {
  exactLookup,
  type Lookup,
  lookupIn,
  type Messages,
  translator,
} from '../../src/explain/translator.ts';

/** Values as a site may write them: robots.txt rules end with `$`, URLs and names hold any. */
const VALUES: { value: string; source: string }[] = [
  { value: '$', source: 'RFC 9309 §2.2.3: a rule ending in $' },
  { value: '/*.php$', source: 'RFC 9309 §2.2.3 example' },
  { value: '$$', source: 'issue 15 item 11' },
  { value: '/a$$b', source: 'issue 15 item 11, inside a path' },
  { value: '$$$', source: 'three in a row' },
  { value: '$1', source: "the browser's positional syntax" },
  { value: '$2 and $9', source: "the browser's positional syntax, others" },
  { value: '$WHO$', source: "the browser's named syntax, a placeholder of the message" },
  { value: '$NAME$', source: "the browser's named syntax, no such placeholder" },
  { value: "$& $' $`", source: 'String.prototype.replace patterns' },
  { value: '\uE0000\uE001', source: "exactLookup's own marker" },
  { value: '', source: 'empty' },
];

/** Two values, named in the catalogue's form (scripts/messages.mjs compiles `{who}` so). */
const MESSAGES: Messages = {
  two: {
    message: 'Hello $WHO$, $$5 for $WHAT$',
    placeholders: { who: { content: '$1' }, what: { content: '$2' } },
  },
};

/** A browser that reads `$` in a value again (a second pass, String.replace patterns). */
const rescanning = (key: string, subs: string[]): string => {
  const entry = MESSAGES[key];
  if (entry === undefined) return '';
  let text = entry.message.replace(/\$WHO\$/g, '$1').replace(/\$WHAT\$/g, '$2');
  for (const i of [1, 2]) text = text.replace(`$${i}`, subs[i - 1] ?? '');
  return text.replace(/\$\$/g, '$');
};

const lookups: { name: string; lookup: Lookup }[] = [
  {
    name: 'lookupIn (a catalogue chosen in the settings, the command line)',
    lookup: lookupIn(MESSAGES),
  },
  {
    name: 'exactLookup over a one-pass browser (Chromium and Firefox as documented)',
    lookup: exactLookup(lookupIn(MESSAGES)),
  },
  { name: 'exactLookup over a browser that reads values again', lookup: exactLookup(rescanning) },
];

describe.each(lookups)('$name', ({ lookup }) => {
  test.each(VALUES)('$value ($source)', ({ value }) => {
    expect(lookup('two', [value, 'tea'])).toBe(`Hello ${value}, $5 for tea`);
    expect(lookup('two', ['tea', value])).toBe(`Hello tea, $5 for ${value}`);
  });

  test('the message itself: `$$` is one `$`, a missing value is empty, no key is empty', () => {
    expect(lookup('two', ['Ada'])).toBe('Hello Ada, $5 for ');
    expect(lookup('missing', ['x'])).toBe('');
  });
});

test.each(VALUES)('the translator over the real catalogue keeps $value ($source)', ({ value }) => {
  const t = translator(lookupIn(en as Messages), 'en');
  const message = (en as Messages)['requestFailed']?.message ?? '';
  expect(message).toContain('$');
  expect(t('requestFailed', value)).toBe(t('requestFailed', 'VALUE').replace('VALUE', () => value));
});
