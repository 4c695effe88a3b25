// A tab's snapshot: the last report the background built for a tab, with the settings it was
// judged with, kept in storage.session (memory only) and dropped with the tab. The popup's app
// draws it the moment it starts, while its own report is on its way; the background draws the
// popup's first screen from it (first-screen/draw-screen.tsx).
import { canonicalJson, digest } from '../digest.ts';
import type { TabReport } from './protocol.ts';
import type { Settings } from './settings.ts';

/** The last report the background built for a tab, and the settings it was judged with. */
export interface TabSnapshot {
  reply: TabReport;
  settings: Settings;
}

/** Where a tab's snapshot is kept in storage.session. */
export const tabSnapshotKey = (tabId: number): string => `tab-report:${tabId}`;

/**
 * A stored value as the snapshot of the page at `url` the popup may show first, or null: only a
 * judged page ('report') or one with no robots.txt ('not-applicable'), of that very URL.
 */
export function readTabSnapshot(value: unknown, url: string): TabSnapshot | null {
  if (typeof value !== 'object' || value === null) return null;
  const { reply, settings } = value as Partial<Record<keyof TabSnapshot, unknown>>;
  const isObject = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isObject(reply) || !isObject(settings)) return null;
  if (typeof settings['language'] !== 'string' || !Array.isArray(settings['robots'])) return null;
  if (reply['url'] !== url || !Array.isArray(reply['robots'])) return null;
  if (reply['kind'] === 'not-applicable') return value as TabSnapshot;
  if (reply['kind'] !== 'report' || !Array.isArray(reply['verdicts'])) return null;
  return isObject(reply['report']) && isObject(reply['page']) ? (value as TabSnapshot) : null;
}

/**
 * What a report carries that changes with every reading of the page and that the verdicts do not
 * show: how long reading the page's tags took (DomFacts.readMs). Left out of the fingerprint, so a
 * page read again as it was (reloaded, judged again) keeps its screen.
 */
const READING_TIMES: ReadonlySet<string> = new Set(['readMs']);

/**
 * The fingerprint of a report and its settings, whatever order storage gives their keys in: a
 * snapshot whose basis did not change needs no new screen.
 */
export function snapshotBasis(snapshot: TabSnapshot): string {
  return digest(
    canonicalJson({ reply: snapshot.reply, settings: snapshot.settings }, READING_TIMES),
  );
}
