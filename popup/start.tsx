// The popup's app starts: from the tab's snapshot (the background's last report for the page) when
// it comes first, put in place by the popup's own report as soon as that comes; otherwise, once
// the requests main.tsx sent are answered. With the translator and what the popup kept for the site
// (read meanwhile, from the tab's URL), the app renders, in place of the screen the tab's popup URL
// carried if main.tsx showed it.
import { render } from 'preact';
import { clearScreen } from '../first-screen/screen.ts';
import {
  memoryOf,
  openingOn,
  type PopupMemory,
  reportScope,
  type View,
} from '../src/extension/popup-memory.ts';
import { accept, type RobotsFile } from '../src/extension/protocol.ts';
import type { TabSnapshot } from '../src/extension/tab-snapshot.ts';
import { type Actions, connector } from '../ui/connector.ts';
import type { TargetTab } from '../ui/requests.ts';
import { extensionTranslator } from '../webext/translator.ts';
import { App, type FreshReport } from './app.tsx';
import { MemoryStore } from './memory.ts';

/** The views that show the file's text. */
const FILE_VIEWS: ReadonlySet<View> = new Set(['records', 'file', 'summary', 'tester']);

type InitialFile = (RobotsFile & { fetchedAt: number }) | null;

/** What main.tsx asked for before the app was loaded. */
export interface FirstRequests {
  tab: Promise<TargetTab | null>;
  settings: ReturnType<Actions['getSettings']>;
  report: Promise<Awaited<ReturnType<Actions['tabReport']>> | null>;
  /** The tab's snapshot, when it is of the page the tab shows. */
  snapshot: Promise<TabSnapshot | null>;
  /**
   * What the popup kept for the tab's site (MemoryStore), as stored, under its scope (memoryScope:
   * a private window's apart); null: no site.
   */
  memory: Promise<{ scope: string; value: unknown } | null>;
}

/** Sets the performance mark `robots-lens:<step>` and passes the value on. */
export type Mark = (step: string) => <T>(value: T) => T;

export async function start(root: HTMLElement, first: FirstRequests, mark: Mark): Promise<void> {
  const store = new MemoryStore(connector.memory);
  // Read by main.tsx while the report is on its way, from the tab's URL; read again if the report
  // names another scope (the tab moved meanwhile, or its URL was hidden).
  const early = first.memory.then((read) =>
    read === null ? null : { scope: read.scope, memory: memoryOf(read.value) },
  );
  // As it opens on the page shown: another page of the site opens on the verdicts (openingOn).
  const memory = Promise.all([first.report, early])
    .then(async ([reply, read]): Promise<PopupMemory | null> => {
      if (!reply?.ok || reply.value.kind !== 'report') return null;
      const scope = reportScope(reply.value);
      const kept = read?.scope === scope ? read.memory : await store.load(scope);
      return kept === null ? null : openingOn(kept, reply.value.url);
    })
    .then(mark('memory'));
  // The snapshot goes first when it comes before the popup's own report, unless the view left open
  // shows the file, whose text only the background has.
  const quick = Promise.all([first.tab, first.snapshot, early]).then(([tab, snap, read]) => {
    if (tab === null || snap === null) return null;
    const scope = snap.reply.kind === 'report' ? reportScope(snap.reply) : null;
    const kept = scope !== null && read?.scope === scope ? read.memory : null;
    const m = kept === null ? null : openingOn(kept, snap.reply.url);
    return m !== null && FILE_VIEWS.has(m.view) ? null : { tab, snap, memory: m };
  });
  const fresh = Promise.all([first.report, first.settings]).then(
    ([report, settings]): FreshReport | null => (report === null ? null : [report, settings]),
  );
  const shownFirst = await Promise.race([fresh.then(() => null), quick]);
  if (shownFirst !== null) {
    const { tab, snap, memory: m } = shownFirst;
    const t = await extensionTranslator(snap.settings.language);
    mark('render')(null);
    document.documentElement.lang = t.locale;
    const initial = {
      report: accept<'tabReport'>(snap.reply),
      settings: accept<'getSettings'>(snap.settings),
      memory: m,
      file: null,
      // No report at all (the tab went away): the snapshot stays.
      fresh: fresh.then(
        (reply): FreshReport =>
          reply ?? [accept<'tabReport'>(snap.reply), accept<'getSettings'>(snap.settings)],
      ),
    };
    clearScreen(root);
    render(<App tabId={tab.id} actions={connector} t={t} initial={initial} />, root);
    mark('rendered')(null);
    return;
  }
  const translator = first.settings
    .then((reply) => extensionTranslator(reply.ok ? reply.value.language : 'auto'))
    .then(mark('translator'));
  const [tab, t, report, settings, m] = await Promise.all([
    first.tab,
    translator,
    first.report,
    first.settings,
    memory,
  ]);
  // Left in a view that shows the file (the tester, Records…): its text comes before the first
  // screen, so the view opens as it was left rather than "loading". The verdicts need none.
  let file: InitialFile = null;
  if (tab !== null && m !== null && FILE_VIEWS.has(m.view) && report?.ok) {
    const r = report.value;
    if (r.kind === 'report' && r.report.outcome.kind === 'ok') {
      const { origin, fetchedAt } = r.report;
      const reply = await connector.robotsText({ tabId: tab.id, origin, fetchedAt });
      if (reply.ok) file = { ...reply.value, fetchedAt };
    }
  }
  mark('render')(null);
  document.documentElement.lang = t.locale;
  const initial = report === null ? undefined : { report, settings, memory: m, file };
  clearScreen(root);
  render(<App tabId={tab?.id ?? null} actions={connector} t={t} initial={initial} />, root);
  mark('rendered')(null);
}
