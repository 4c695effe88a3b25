// The popup's first screen of a tab, drawn as the background keeps the tab's snapshot
// (tab-snapshots.ts), for the tab's popup URL: in the language of the snapshot's settings, with
// what the popup kept for the site (its memory in storage.session, under the same scope the popup
// uses: a private window's apart), which may open another view (then none is drawn).

import { drawScreen } from '../first-screen/draw-screen.tsx';
import { memoryKey, memoryOf, reportScope } from '../src/extension/popup-memory.ts';
import type { TabSnapshot } from '../src/extension/tab-snapshot.ts';
import type { StorageArea } from './storage-area.ts';
import type { ScreenDrawer } from './tab-snapshots.ts';
import type { Translators } from './translators.ts';

export function screenDrawer(session: StorageArea, translators: Translators): ScreenDrawer {
  return async (snapshot: TabSnapshot) => {
    const key = snapshot.reply.kind === 'report' ? memoryKey(reportScope(snapshot.reply)) : null;
    const [t, kept] = await Promise.all([
      translators.for(snapshot.settings.language),
      key === null ? null : session.get(key),
    ]);
    return drawScreen(snapshot, t, key === null ? null : memoryOf(kept?.[key]));
  };
}
