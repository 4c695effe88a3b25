// Paints a tab's toolbar badge: the first robot's verdict for the tab's URL, with the deciding
// line in the tooltip, in the user's language.
import { markChange } from '../src/explain/badge.ts';
import { badgeFor, emptyBadge } from '../src/explain/index.ts';
import type { ChangeSeverityLevel } from '../src/extension/history/severity.ts';
import type { PageFacts } from '../src/page/facts.ts';
import { judgePage } from '../src/page/judge.ts';
import type { RobotsFetch } from '../src/policy.ts';
import type { RobotsReports } from './robots-reports.ts';
import type { SettingsService } from './settings-service.ts';
import type { Translators } from './translators.ts';

/** The part of browser.action the badge uses. */
export interface ActionApi {
  setBadgeText(details: { tabId: number; text: string }): Promise<void>;
  setBadgeBackgroundColor(details: { tabId: number; color: string }): Promise<void>;
  setTitle(details: { tabId: number; title: string }): Promise<void>;
  /** Missing in older browsers: white text is then the default anyway. */
  setBadgeTextColor?(details: { tabId: number; color: string }): Promise<void>;
}

export class BadgePainter {
  private readonly deps: {
    action: ActionApi;
    settings: SettingsService;
    translators: Translators;
    reports: RobotsReports;
  };

  /**
   * The last paint asked for, per tab: one overtaken while it read the settings or loaded a
   * translator (another paint for the tab asked after it) paints nothing, so the badge never goes
   * back to what the tab showed before.
   */
  private readonly latest = new Map<number, number>();
  private asked = 0;

  constructor(deps: BadgePainter['deps']) {
    this.deps = deps;
  }

  /**
   * Paints the badge of a tab showing `url`; `fetched` null clears it (nothing to judge). With the
   * page's facts, a page robots.txt allows but that cannot be indexed (its status, a noindex), or
   * whose response was not seen, gets a state of its own.
   */
  async paint(
    tabId: number,
    url: string,
    fetched: (RobotsFetch & { changeSeverity?: ChangeSeverityLevel | null }) | null,
    page: PageFacts | null = null,
  ): Promise<void> {
    const ticket = ++this.asked;
    this.latest.set(tabId, ticket);
    const { robots, language } = await this.deps.settings.get();
    const t = await this.deps.translators.for(language);
    if (this.latest.get(tabId) !== ticket) return;
    this.latest.delete(tabId);
    const robot = robots[0];
    const said = robot === undefined || page === null ? null : judgePage(page, [robot], Date.now());
    const badge =
      fetched === null || robot === undefined
        ? emptyBadge(t)
        : badgeFor(robot, url, fetched.outcome, this.deps.reports.parsed(fetched), t, said);
    // A file that changed since the last fetch is marked (critical changes in dark red).
    const marked = markChange(badge, fetched?.changeSeverity ?? null, t);
    const { action } = this.deps;
    await Promise.all([
      action.setBadgeText({ tabId, text: marked.text }),
      action.setBadgeBackgroundColor({ tabId, color: marked.color }),
      action.setTitle({ tabId, title: marked.title }),
      action.setBadgeTextColor?.({ tabId, color: '#ffffff' }),
    ]);
  }
}
