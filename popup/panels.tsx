// The panels of every view but the verdicts (the frame draws those): Page, Records, File, Summary,
// Tester, History and Robots, each built the first time it is shown, then kept (hidden).

import { useState } from 'preact/hooks';
import type { PageModel, PopupModel } from '../first-screen/model.ts';
import { Panel } from '../first-screen/popup-frame.tsx';
import type { Translator } from '../src/explain/index.ts';
import { servedErrorText } from '../src/extension/explain/served.ts';
import { sitemapErrorText } from '../src/extension/explain/sitemaps.ts';
import type { PopupMemory, View } from '../src/extension/popup-memory.ts';
import type { Settings } from '../src/extension/settings.ts';
import { pageUrl } from '../src/page/facts.ts';
import type { SitemapPage } from '../src/page/sitemap-check.ts';
import { ParsedFiles } from '../src/parsed-files.ts';
import type { Actions } from '../ui/connector.ts';
import { lazyView } from './lazy.tsx';
import type { PageViewProps } from './page-view.tsx';
import { readServed } from './served.ts';
import type { FileState } from './use-robots-file.ts';

// Every view but the verdicts: one chunk (views.ts), loaded when one of them is first shown.
const Records = lazyView(() => import('./views.ts').then((m) => m.Records));
const FileView = lazyView(() => import('./views.ts').then((m) => m.FileView));
const Summary = lazyView(() => import('./views.ts').then((m) => m.Summary));
const Tester = lazyView(() => import('./views.ts').then((m) => m.Tester));
const PageView = lazyView(() => import('./views.ts').then((m) => m.PageView));
const HistoryView = lazyView(() => import('./views.ts').then((m) => m.HistoryView));
const RobotEditor = lazyView(() => import('./views.ts').then((m) => m.RobotEditor));

/** The popup's parse cache: the views that show the file's structure parse it once. */
const parsedFiles = new ParsedFiles();

/** What the panels show and what they may change. */
export interface PanelsProps {
  /** The report shown, with its file's text once it came. */
  model: PopupModel;
  settings: Settings;
  t: Translator;
  tabId: number | null;
  actions: Actions;
  /** The file's text as asked for: here, for why it did not come. */
  file: FileState;
  memory: PopupMemory;
  remember: (change: Partial<PopupMemory>) => void;
  /** The view shown, one of `available`. */
  current: View;
  available: readonly View[];
  /** The views shown so far: only their panels are built. */
  visited: ReadonlySet<View>;
  /** The line jumped to last, if any. */
  jump: { line: number } | null;
  jumpTo: (line: number) => void;
  /** Counts of the requests to open the file view's find box and to scroll Records to a robot. */
  findRequest: number;
  recordsRequest: number;
}

/** The views that show the file wait for its text: what to show meanwhile, or null. */
function fileWaitOf(model: PopupModel, file: FileState, t: Translator) {
  if (!model.hasFile || model.text !== null) return null;
  return file !== null && 'error' in file && file.fetchedAt === model.fetchedAt ? (
    <p class="status error" role="alert">
      {file.error}
    </p>
  ) : (
    <p class="status" aria-busy="true">
      {t('loading')}
    </p>
  );
}

/**
 * The page as the sitemap check judges it: its URL, its canonical when another http(s) URL, the
 * redirects that led to it, and the first robot's answers (the headline's robot).
 */
function sitemapPageOf(model: PopupModel, page: PageModel): SitemapPage {
  const { judgement } = page;
  const { canonical } = judgement;
  const row = model.rows[0];
  return {
    url: pageUrl(page.facts.url),
    canonical: canonical?.isHttp && !canonical.self ? canonical.url : null,
    redirects: judgement.redirects,
    robot: row?.robot ?? '',
    crawl: row?.verdict ?? 'unknown',
    index: judgement.robots[0]?.index ?? 'unknown',
    status: judgement.status,
  };
}

/**
 * What the Page view asks of the tab: its links counted or highlighted, its served HTML, its
 * site's sitemaps.
 */
function pageActions(
  tabId: number,
  actions: Actions,
  model: PopupModel,
  page: PageModel,
  t: Translator,
): Pick<PageViewProps, 'countLinks' | 'highlight' | 'compare' | 'checkSitemaps'> {
  return {
    countLinks: async () => {
      const reply = await actions.pageLinks({ tabId });
      return reply.ok ? reply.value : null;
    },
    highlight: async (on: boolean) => {
      const reply = await actions.highlightLinks({ tabId, on });
      return reply.ok ? reply.value : null;
    },
    compare: async () => {
      const { compareServed } = await import('./views.ts');
      const reply = await actions.servedPage({ tabId });
      if (!reply.ok)
        return {
          ok: false,
          message: t('servedFailed', servedErrorText(reply.error, t)),
        };
      const rendered = page.facts.dom;
      const served = readServed(reply.value);
      if (served === null) return { ok: false, message: t('servedUnreadable') };
      const findings = rendered.ok
        ? compareServed(model.url, served, rendered.facts, model.robots, Date.now())
        : [];
      return { ok: true, served: reply.value, findings };
    },
    checkSitemaps: async () => {
      const { sitemapAnswer, sitemapTargets } = await import('./views.ts');
      const target = sitemapPageOf(model, page);
      const reply = await actions.sitemaps({ tabId, urls: sitemapTargets(target) });
      if (!reply.ok) return { ok: false, message: sitemapErrorText(reply.error, reply.message, t) };
      const { found, files } = reply.value;
      return { ok: true, report: reply.value, answer: sitemapAnswer(target, found, files.length) };
    },
  };
}

/** The robot picked (the list's first while none is) and the line the file view shows. */
function selectionOf(model: PopupModel, selected: string | null, jump: { line: number } | null) {
  const known = model.rows.map((r) => r.robot);
  const selectedRobot = selected !== null && known.includes(selected) ? selected : (known[0] ?? '');
  const selectedRow = model.rows.find((r) => r.robot === selectedRobot);
  // The line jumped to, else the selected robot's deciding line.
  const fileLine = jump?.line ?? selectedRow?.rule?.line ?? null;
  return { selectedRobot, fileLine };
}

/** The panels of the views `available` and `visited`, all hidden but `current`'s. */
export function Panels({
  model,
  settings,
  t,
  tabId,
  actions,
  file,
  memory,
  remember,
  current,
  available,
  visited,
  jump,
  jumpTo,
  findRequest,
  recordsRequest,
}: PanelsProps) {
  // The site's saved test URLs as the tester last had them (null: not asked yet): History checks
  // the list as it is now, saved or removed since it read its own.
  const [savedUrls, setSavedUrls] = useState<{ origin: string | null; urls: string[] } | null>(
    null,
  );
  const fileWait = fileWaitOf(model, file, t);
  // Parsed only once a view that shows the file's structure is opened: the verdicts came ready.
  const parsed =
    model.text === null || (visited.size === 1 && visited.has('verdicts'))
      ? null
      : parsedFiles.get(model.text);
  const { selectedRobot, fileLine } = selectionOf(model, memory.selected, jump);
  const panel = (name: View, content: () => preact.ComponentChildren) =>
    available.includes(name) &&
    visited.has(name) && (
      <Panel key={name} name={name} current={current}>
        {content()}
      </Panel>
    );

  return (
    <>
      {model.page !== null &&
        tabId !== null &&
        panel('page', () =>
          model.page === null ? null : (
            <PageView
              page={model.page}
              t={t}
              {...pageActions(tabId, actions, model, model.page, t)}
            />
          ),
        )}
      {model.hasFile &&
        panel('records', () =>
          parsed === null ? (
            fileWait
          ) : (
            <Records
              parsed={parsed}
              text={model.text ?? ''}
              rows={model.rows}
              selected={selectedRobot}
              scrollRequest={recordsRequest}
              onSelect={(robot) => remember({ selected: robot })}
              onJump={jumpTo}
              t={t}
            />
          ),
        )}
      {model.hasFile &&
        panel('file', () =>
          parsed === null ? (
            fileWait
          ) : (
            <FileView
              text={model.text ?? ''}
              diagnostics={parsed.diagnostics}
              highlight={fileLine}
              highlightLabel={t('fileDecidingLine', selectedRobot)}
              jumpTo={fileLine}
              findRequest={findRequest}
              t={t}
            />
          ),
        )}
      {model.hasFile &&
        panel('summary', () =>
          parsed === null ? (
            fileWait
          ) : (
            <Summary
              parsed={parsed}
              text={model.text ?? ''}
              robots={settings.robots}
              onJump={jumpTo}
              t={t}
            />
          ),
        )}
      {panel(
        'tester',
        () =>
          fileWait ?? (
            <Tester
              model={model}
              parsed={parsed}
              showOtherReadings={settings.showOtherReadings}
              t={t}
              copy={actions.copy}
              url={memory.testerUrl}
              onUrl={(testerUrl) => remember({ testerUrl })}
              drafting={memory.drafting}
              onDrafting={(drafting) => remember({ drafting })}
              draft={memory.draft}
              onDraft={(draft) => remember({ draft })}
              saved={
                tabId === null
                  ? undefined
                  : {
                      tabId,
                      actions,
                      onSaved: (urls) => setSavedUrls({ origin: model.origin, urls }),
                    }
              }
            />
          ),
      )}
      {tabId !== null &&
        panel('history', () => (
          <HistoryView
            tabId={tabId}
            actions={actions}
            robots={settings.robots}
            testerUrl={memory.testerUrl}
            saved={savedUrls?.origin === model.origin ? savedUrls.urls : null}
            t={t}
          />
        ))}
      {panel('robots', () => (
        <>
          <RobotEditor
            robots={settings.robots}
            t={t}
            save={(robots) => actions.setSettings({ robots })}
          />
          <p>
            <button type="button" class="link" onClick={() => actions.openOptions()}>
              {t('moreSettings')}
            </button>
          </p>
        </>
      ))}
    </>
  );
}
