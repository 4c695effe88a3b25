// Follows settings changed elsewhere (another popup, the options page, sync) in a page.
import { useEffect, useRef } from 'preact/hooks';
import type { Language, Settings } from '../src/extension/settings.ts';
import type { Actions } from './connector.ts';

/**
 * Calls `onChange` with the new settings whenever they change anywhere. A new language needs the
 * page's translator anew, so the page reloads instead when `language` (the one it was rendered
 * in; null before it rendered) no longer holds.
 */
export function useSettingsChanges(
  actions: Actions,
  language: Language | null,
  onChange: (next: Settings) => void,
): void {
  const latest = useRef({ language, onChange });
  latest.current = { language, onChange };
  useEffect(
    () =>
      actions.onSettingsChanged(() => {
        void actions.getSettings({}).then((reply) => {
          if (!reply.ok) return;
          const { language: rendered, onChange: notify } = latest.current;
          if (rendered !== null && reply.value.language !== rendered) location.reload();
          else notify(reply.value);
        });
      }),
    [actions],
  );
}
