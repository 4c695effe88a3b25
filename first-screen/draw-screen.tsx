// The popup's first screen of a tab, drawn by the background as it judges the tab's page: the
// popup's frame (popup-frame.tsx) rendered to HTML for the tab's snapshot with
// preact-render-to-string (no DOM, no effect), taken as a screen's nodes (screen.ts) and carried by
// the tab's popup URL. So the popup shows the verdicts in its first frame, opened for the first
// time on a page or again.
import { renderToString } from 'preact-render-to-string';
import type { Translator } from '../src/explain/index.ts';
import { openingOn, type PopupMemory, VIEWS } from '../src/extension/popup-memory.ts';
import { snapshotBasis, type TabSnapshot } from '../src/extension/tab-snapshot.ts';
import { popupModel } from './model.ts';
import { availableViews, type FrameHandlers, PopupFrame } from './popup-frame.tsx';
import { screenFromHtml, type TabScreen } from './screen.ts';

/** The frame's handlers where no event runs: each one refuses, should that ever change. */
const NOT_IN_A_PAGE: FrameHandlers = {
  openUrl: () => undefined,
  copy: () => undefined,
  refresh: () => undefined,
  grant: () => undefined,
  show: () => undefined,
  jumpTo: () => undefined,
  selectRobot: () => undefined,
  setChecking: () => Promise.resolve(false),
};

/**
 * The screen the popup draws first for `snapshot`, with what it kept for the site (`memory`); null
 * when it would open on another view than the verdicts, when the screen is too large to carry,
 * and should the render fail.
 */
export function drawScreen(
  snapshot: TabSnapshot,
  t: Translator,
  kept: PopupMemory | null,
): TabScreen | null {
  const memory = kept === null ? null : openingOn(kept, snapshot.reply.url);
  if (memory !== null && memory.view !== 'verdicts') return null;
  try {
    const model = popupModel(snapshot.reply, t, {
      showOtherReadings: snapshot.settings.showOtherReadings,
    });
    const nodes = screenFromHtml(
      renderToString(
        <PopupFrame
          model={model}
          settings={snapshot.settings}
          t={t}
          current="verdicts"
          available={availableViews(model, VIEWS)}
          refreshing={false}
          refreshError={null}
          handlers={NOT_IN_A_PAGE}
        />,
      ),
    );
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
