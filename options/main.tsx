// The options page's entry: the settings and the translator, then the page.
import { render } from 'preact';
import { errorMessage } from '../src/extension/protocol.ts';
import { connector } from '../ui/connector.ts';
import { extensionTranslator } from '../webext/translator.ts';
import { Options } from './options.tsx';

const root = document.getElementById('root');
if (root !== null) {
  const fail = (message: string) => {
    document.body.dataset['state'] = 'error';
    root.textContent = message;
  };
  connector.getSettings({}).then(
    async (reply) => {
      if (!reply.ok) return fail(reply.message);
      const t = await extensionTranslator(reply.value.language);
      document.documentElement.lang = t.locale;
      document.title = t('optionsTitle');
      render(<Options actions={connector} t={t} initial={reply.value} />, root);
    },
    (error: unknown) => fail(errorMessage(error)),
  );
}
