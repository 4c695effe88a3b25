// The robot list: reorder, remove, add by name or User-Agent, presets by purpose, reset.
import { useState } from 'preact/hooks';
import { CRAWLERS, type CrawlerPurpose } from '../../src/crawlers.ts';
import { type MessageKey, type Translator, vendorText } from '../../src/explain/index.ts';
import { problemText } from '../../src/extension/explain/settings.ts';
import type { Reply } from '../../src/extension/protocol.ts';
import {
  checkRobotName,
  DEFAULT_ROBOTS,
  MAX_ROBOT_NAME,
  MAX_ROBOTS,
} from '../../src/robot-names.ts';
import { TextField } from './text-field.tsx';

const PURPOSES: [CrawlerPurpose, MessageKey, MessageKey][] = [
  ['search', 'purposeSearch', 'whatSearch'],
  ['ai-training', 'purposeAiTraining', 'whatAiTraining'],
  ['ai-search', 'purposeAiSearch', 'whatAiSearch'],
  ['ai-user-fetch', 'purposeAiUserFetch', 'whatAiUserFetch'],
  ['ads', 'purposeAds', 'whatAds'],
  ['seo-tool', 'purposeSeoTool', 'whatSeoTool'],
  ['social-preview', 'purposeSocialPreview', 'whatSocialPreview'],
  ['archive', 'purposeArchive', 'whatArchive'],
];

export interface RobotEditorProps {
  robots: string[];
  t: Translator;
  /** Saves a new list; the reply says why when it was refused (nothing changed then). */
  save: (robots: string[]) => Promise<Reply<'setSettings'>>;
}

export function RobotEditor({ robots, t, save }: RobotEditorProps) {
  const [input, setInput] = useState('');
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const has = (token: string) => robots.some((r) => r.toLowerCase() === token.toLowerCase());

  const apply = (next: string[], done?: string) => {
    if (next.length === 0) return setMessage({ text: t('robotsEmptyList'), error: true });
    if (next.length > MAX_ROBOTS)
      return setMessage({ text: t.plural('robotsMax', MAX_ROBOTS), error: true });
    // A note stays until dismissed, or replaced by the next one: an action without a note of
    // its own (a reorder) leaves it, and so does the list arriving again from the settings.
    void save(next).then((reply) =>
      setMessage((before) =>
        reply.ok
          ? done === undefined
            ? before
            : { text: done, error: false }
          : { text: t('saveFailed', problemText(reply, t, 'save')), error: true },
      ),
    );
  };
  const move = (i: number, by: number) => {
    const next = [...robots];
    const [item] = next.splice(i, 1);
    if (item !== undefined) next.splice(i + by, 0, item);
    apply(next);
  };
  /** Adds what was submitted (read from the form: state may not have caught up with fast input). */
  const add = (value: string) => {
    const name = checkRobotName(value);
    if (!name.ok) {
      const text = {
        empty: () => t('robotEmpty'),
        'too-long': () => t.plural('robotNameMax', MAX_ROBOT_NAME),
        'control-character': () => t('robotControlCharacter'),
      }[name.error]();
      setMessage({ text, error: true });
      return;
    }
    // Named as the list spells it: `screaming frog seo spider` is the Screaming Frog SEO Spider listed.
    const listed = robots.find((r) => r.toLowerCase() === name.token.toLowerCase());
    if (listed !== undefined) {
      setMessage({ text: t('robotDuplicate', listed), error: true });
      return;
    }
    setInput('');
    apply(
      [...robots, name.token],
      name.reducedFrom === null ? t('robotAdded', name.token) : t('robotReduced', name.token),
    );
  };

  return (
    <div class="robot-editor">
      <h2>{t('robotsHeading')}</h2>
      <p class="muted">{t('robotsHint')}</p>
      <ol class="robot-list">
        {robots.map((robot, i) => (
          <li key={robot} data-list-robot={robot}>
            <span class="name">{robot}</span>
            <span class="buttons">
              <button
                type="button"
                aria-label={t('moveUp', robot)}
                title={t('moveUp', robot)}
                disabled={i === 0}
                onClick={() => move(i, -1)}
              >
                ↑
              </button>
              <button
                type="button"
                aria-label={t('moveDown', robot)}
                title={t('moveDown', robot)}
                disabled={i === robots.length - 1}
                onClick={() => move(i, 1)}
              >
                ↓
              </button>
              <button
                type="button"
                aria-label={t('removeRobot', robot)}
                title={t('removeRobot', robot)}
                onClick={() => apply(robots.filter((r) => r !== robot))}
              >
                ✕
              </button>
            </span>
          </li>
        ))}
      </ol>
      <form
        class="add-robot"
        onSubmit={(e) => {
          e.preventDefault();
          add(String(new FormData(e.currentTarget).get('robot-name') ?? ''));
        }}
      >
        <TextField label={t('addRobotLabel')} name="robot-name" value={input} onInput={setInput} />
        <button type="submit">{t('addRobot')}</button>
      </form>
      {message !== null && (
        <p
          class={`note-line ${message.error ? 'warning' : 'muted'}`}
          role={message.error ? 'alert' : 'status'}
          data-robot-note=""
        >
          {message.text}
          <button
            type="button"
            class="link dismiss"
            aria-label={t('dismissNote')}
            title={t('dismissNote')}
            onClick={() => setMessage(null)}
          />
        </p>
      )}
      <button type="button" onClick={() => apply([...DEFAULT_ROBOTS])}>
        {t('resetRobots')}
      </button>
      <h2>{t('presetsHeading')}</h2>
      {PURPOSES.map(([purpose, label, what]) => (
        <fieldset key={purpose} class="presets">
          <legend>{t(label)}</legend>
          {CRAWLERS.filter((c) => c.purpose === purpose).map((c) => (
            <label key={c.token} class="preset">
              <input
                type="checkbox"
                name={`preset-${c.token}`}
                checked={has(c.token)}
                onChange={(e) =>
                  apply(
                    e.currentTarget.checked
                      ? [...robots, c.token]
                      : robots.filter((r) => r.toLowerCase() !== c.token.toLowerCase()),
                  )
                }
              />{' '}
              <strong>{c.token}</strong>{' '}
              <span class="muted">
                {t(
                  'crawlerBy',
                  vendorText(c.vendor, t),
                  c.page.rules === 'control-token' ? t('whatControlToken') : t(what),
                )}
              </span>
            </label>
          ))}
        </fieldset>
      ))}
    </div>
  );
}
