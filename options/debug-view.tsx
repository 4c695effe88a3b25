// The background's own errors, counted per place in the code: what a bug report needs.
import { useEffect, useState } from 'preact/hooks';
import type { Translator } from '../src/explain/index.ts';
import { problemText } from '../src/extension/explain/settings.ts';
import type { DebugInfo, Reply } from '../src/extension/protocol.ts';
import type { Actions } from '../ui/connector.ts';

export function DebugView({ actions, t }: { actions: Actions; t: Translator }) {
  const [reply, setReply] = useState<Reply<'debugInfo'> | null>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!open) return;
    void actions.debugInfo({}).then(setReply);
  }, [actions, open]);
  const info: DebugInfo | null = reply?.ok ? reply.value : null;
  return (
    <details class="debug" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{t('debugHeading')}</summary>
      {reply !== null && !reply.ok && (
        <p class="warning" role="alert">
          {problemText(reply, t)}
        </p>
      )}
      {info !== null && info.errors.length === 0 && <p class="muted">{t('debugNoErrors')}</p>}
      {info !== null && info.errors.length > 0 && (
        <ul class="debug-errors">
          {info.errors.map((e) => (
            <li key={e.where} data-error-where={e.where}>
              <code>{e.where}</code> × {t.number(e.count)} —{' '}
              {t('debugLast', new Date(e.lastAt).toLocaleTimeString(t.locale), e.lastMessage)}
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
