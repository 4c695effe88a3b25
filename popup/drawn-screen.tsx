// The popup's screen of a tab, drawn by the background as it judges the tab's page, before the
// popup was ever opened on it: the app rendered to HTML for the tab's snapshot (no DOM, no effect:
// preact-render-to-string), taken as the nodes the popup would keep of its own drawing
// (screen.ts screenFromHtml), and carried by the tab's popup URL. So a first opening shows the
// verdicts in its first frame, as a reopening does.
import { renderToString } from 'preact-render-to-string';
import type { Translator } from '../src/explain/index.ts';
import {
  accept,
  snapshotBasis,
  type TabScreen,
  type TabSnapshot,
} from '../src/extension/protocol.ts';
import type { Actions } from '../ui/connector.ts';
import { App } from './app.tsx';
import type { PopupMemory } from './memory.ts';
import { screenFromHtml } from './screen.ts';

/**
 * The app's actions while it is rendered to HTML, where no effect and no event runs: each one
 * refuses, should that ever change.
 */
const NOT_IN_A_PAGE = new Proxy(
  {},
  { get: () => () => Promise.reject(new Error('not-in-a-page')) },
) as Actions;

/**
 * The screen the popup would draw first for `snapshot` on tab `tabId`, with what it kept for the
 * site (`memory`); null when it would open on another view than the verdicts, when the screen is
 * too large to keep, and should the render fail.
 */
export function drawScreen(
  tabId: number,
  snapshot: TabSnapshot,
  t: Translator,
  memory: PopupMemory | null,
): TabScreen | null {
  if (memory !== null && memory.view !== 'verdicts') return null;
  try {
    const html = renderToString(
      <App
        tabId={tabId}
        actions={NOT_IN_A_PAGE}
        t={t}
        initial={{
          report: accept<'tabReport'>(snapshot.reply),
          settings: accept<'getSettings'>(snapshot.settings),
          memory,
        }}
      />,
    );
    const nodes = screenFromHtml(html);
    return nodes === null
      ? null
      : {
          url: snapshot.reply.url,
          basis: snapshotBasis(snapshot),
          scroll: memory?.scroll.verdicts ?? 0,
          nodes,
        };
  } catch {
    return null;
  }
}
