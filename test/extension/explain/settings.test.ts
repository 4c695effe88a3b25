// Why a settings change or an imported file was refused, in words, in both contexts.
import { describe, expect, test } from 'vitest';
import en from '../../../_locales/en/messages.json';
import es from '../../../_locales/es/messages.json';
import { lookupIn, type Messages, translator } from '../../../src/explain/index.ts';
import { problemText } from '../../../src/extension/explain/settings.ts';
import {
  defaultSettings,
  exportSettings,
  type ImportProblem,
  importSettings,
  type SettingsProblem,
  validateSettings,
} from '../../../src/extension/settings.ts';

const t = translator(lookupIn(en), 'en');
type Code = ImportProblem | SettingsProblem | 'internal' | 'no-answer';

// [code, the refusal's message, in an import, in a save]
const CASES: [Code, string, string, string][] = [
  ['not-json', 'not-json', 'the file is not JSON', 'the file is not JSON'],
  [
    'foreign-file',
    'foreign-file',
    'the file is not a Robots Lens settings file',
    'the file is not a Robots Lens settings file',
  ],
  [
    'newer-version',
    'newer-version',
    'the file comes from a newer version of Robots Lens',
    'the file comes from a newer version of Robots Lens',
  ],
  [
    'not-an-object',
    'not-an-object',
    'the file holds invalid settings',
    'that value is not accepted',
  ],
  ['bad-robots', 'bad-robots', 'the file holds invalid settings', 'that value is not accepted'],
  ['bad-checking', 'bad-checking', 'the file holds invalid settings', 'that value is not accepted'],
  [
    'bad-other-readings',
    'bad-other-readings',
    'the file holds invalid settings',
    'that value is not accepted',
  ],
  [
    'bad-cache-lifetime',
    'bad-cache-lifetime',
    'the file holds invalid settings',
    'that value is not accepted',
  ],
  ['bad-language', 'bad-language', 'the file holds invalid settings', 'that value is not accepted'],
  [
    'bad-remember-paths',
    'bad-remember-paths',
    'the file holds invalid settings',
    'that value is not accepted',
  ],
  // Issue 15, item 5: the size cap and an import naming no setting.
  [
    'too-large',
    'too-large',
    'the settings are too large: at most 7,168 bytes, so that they fit in sync storage',
    'the settings are too large: at most 7,168 bytes, so that they fit in sync storage',
  ],
  [
    'no-known-key',
    'no-known-key',
    'the file holds none of the Robots Lens settings',
    'the file holds none of the Robots Lens settings',
  ],
  [
    'internal',
    'storage quota exceeded',
    'Robots Lens could not do this: an error inside Robots Lens',
    'Robots Lens could not do this: an error inside Robots Lens',
  ],
  [
    'no-answer',
    'Could not establish connection. Receiving end does not exist.',
    'Robots Lens could not do this: the extension did not answer: try again',
    'Robots Lens could not do this: the extension did not answer: try again',
  ],
];

describe('problemText', () => {
  test.each(CASES)('%s', (error, message, imported, saved) => {
    expect(problemText({ error, message }, t, 'import')).toBe(imported);
    expect(problemText({ error, message }, t, 'save')).toBe(saved);
  });

  test("'import' is the default context", () => {
    expect(problemText({ error: 'bad-robots', message: '' }, t)).toBe(
      'the file holds invalid settings',
    );
  });

  test('every problem code has a case', () => {
    const all = {
      'not-json': true,
      'foreign-file': true,
      'newer-version': true,
      'not-an-object': true,
      'bad-robots': true,
      'bad-checking': true,
      'bad-other-readings': true,
      'bad-cache-lifetime': true,
      'bad-language': true,
      'bad-remember-paths': true,
      'too-large': true,
      'no-known-key': true,
      internal: true,
      'no-answer': true,
    } satisfies Record<Code, true>;
    expect(CASES.map(([code]) => code).sort()).toEqual(Object.keys(all).sort());
  });

  test('the problems the real checks give, in words', () => {
    const problem = (r: { ok: true } | { ok: false; problem: Code }) =>
      r.ok ? 'accepted' : problemText({ error: r.problem, message: r.problem }, t);
    const file = JSON.parse(exportSettings(defaultSettings()));
    expect(
      [
        importSettings('{'),
        importSettings('{"app":"other"}'),
        importSettings(JSON.stringify({ ...file, schemaVersion: 99 })),
        importSettings(
          JSON.stringify({ ...file, settings: { ...file.settings, robots: 'GPTBot' } }),
        ),
        importSettings(exportSettings(defaultSettings())),
      ].map(problem),
    ).toEqual([
      'the file is not JSON',
      'the file is not a Robots Lens settings file',
      'the file comes from a newer version of Robots Lens',
      'the file holds invalid settings',
      'accepted',
    ]);
    const refused = validateSettings({ language: 'xx' });
    expect(
      refused.ok ? 'accepted' : problemText({ error: refused.problem, message: '' }, t, 'save'),
    ).toBe('that value is not accepted');
  });

  test('in Spanish, all in Spanish: the English message is not shown (issue 31, item 6)', () => {
    const tes = translator(lookupIn(es as Messages), 'es');
    const text = problemText({ error: 'internal', message: 'boom' }, tes, 'save');
    expect(text).not.toContain('boom');
    expect(text).toBe(tes('requestFailed', tes('errorInternal')));
  });
});
