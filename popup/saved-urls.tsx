// The tester's saved test URLs (issue 16, "History", item 2: "the user's saved test URLs"): a Save
// button for the URL in the field, and the site's list under it, each item put back in the field
// with a click or removed. Kept by the background until removed, never for a private window; the
// History view checks them on every robots.txt change. Asked for when the tester is first shown
// (the app builds a view only then), never for the popup's first screen.
import { useEffect, useState } from 'preact/hooks';
import { printableText, type Translator } from '../src/explain/index.ts';
import { savedUrlProblemText } from '../src/extension/explain/saved-urls.ts';
import type { Actions } from '../ui/connector.ts';

export type SavedUrlActions = Pick<Actions, 'savedUrls' | 'saveTestUrl' | 'forgetTestUrl'>;

export interface SavedUrlsProps {
  tabId: number;
  actions: SavedUrlActions;
  /** The URL field as shown (a path or a URL). */
  input: string;
  /** Whether the field holds a URL of this site (resolveTestUrl): Save is offered only then. */
  isValid: boolean;
  /** Puts a saved URL in the field. */
  onPick: (url: string) => void;
  /** The site's list as the background last replied (the History view checks it). */
  onSaved?: (urls: string[]) => void;
  t: Translator;
}

type Loaded =
  | { status: 'loading' }
  | { status: 'private' }
  | { status: 'error'; message: string }
  | { status: 'done'; urls: string[] };

export function SavedUrls({ tabId, actions, input, isValid, onPick, onSaved, t }: SavedUrlsProps) {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [problem, setProblem] = useState<string | null>(null);
  const show = (urls: string[]) => {
    setLoaded({ status: 'done', urls });
    onSaved?.(urls);
  };
  // Every reply, a refusal or a failure, ends in words: nothing is thrown at the user.
  const answer = (
    reply: Awaited<ReturnType<SavedUrlActions['saveTestUrl']>>,
    onRefused: (text: string) => void,
  ) => {
    if (reply.ok) {
      setProblem(null);
      return show(reply.value);
    }
    if (reply.error === 'private-window') return setLoaded({ status: 'private' });
    onRefused(savedUrlProblemText(reply.error, t));
  };
  useEffect(() => {
    let live = true;
    actions.savedUrls({ tabId }).then(
      (reply) => live && answer(reply, (message) => setLoaded({ status: 'error', message })),
      () =>
        live &&
        setLoaded({ status: 'error', message: t('historyActionFailed', t('errorUnknown')) }),
    );
    return () => {
      live = false;
    };
  }, [tabId]);
  const run = (request: () => ReturnType<SavedUrlActions['saveTestUrl']>) =>
    request().then(
      (reply) => answer(reply, setProblem),
      () => setProblem(t('historyActionFailed', t('errorUnknown'))),
    );
  const save = () => run(() => actions.saveTestUrl({ tabId, url: input }));
  const forget = (url: string) => run(() => actions.forgetTestUrl({ tabId, url }));
  const isSaveable = isValid && input.trim() !== '' && loaded.status === 'done';

  return (
    <div class="saved-urls" data-saved-urls={loaded.status}>
      <p class="actions">
        <button
          type="button"
          data-action="save-test-url"
          disabled={!isSaveable}
          title={t('testerSaveHint')}
          onClick={() => void save()}
        >
          {t('testerSave')}
        </button>
      </p>
      {problem !== null && (
        <p class="warning" role="alert" data-saved-problem="">
          {problem}
        </p>
      )}
      {loaded.status === 'private' && (
        <p class="muted" data-saved-private="">
          {t('testerSavedPrivate')}
        </p>
      )}
      {loaded.status === 'error' && (
        <p class="warning" role="alert" data-saved-problem="">
          {loaded.message}
        </p>
      )}
      {loaded.status === 'done' && (
        <section aria-label={t('testerSavedTitle')}>
          <h2>{t('testerSavedTitle')}</h2>
          {loaded.urls.length === 0 ? (
            <p class="muted">{t('testerSavedNone')}</p>
          ) : (
            <ul class="saved-list">
              {loaded.urls.map((url) => (
                <li key={url} data-saved-url={url}>
                  <button
                    type="button"
                    class="link url"
                    data-action="use-saved-url"
                    aria-label={t('testerSavedUse', printableText(url))}
                    onClick={() => onPick(url)}
                  >
                    {printableText(url)}
                  </button>{' '}
                  <button
                    type="button"
                    data-action="forget-test-url"
                    aria-label={t('testerForgetLabel', printableText(url))}
                    onClick={() => void forget(url)}
                  >
                    {t('testerForget')}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
