// Private windows leave nothing: their robots.txt reports live in storage.session only (never
// storage.local), and are dropped when the last private window closes rather than when the
// browser quits. Page headers and link highlights are per tab and go with their tabs.

/** An open window (browser.windows.getAll), the one field read here. */
export interface OpenWindow {
  incognito: boolean;
}

export interface PrivateWindowsDeps {
  /** The windows still open (browser.windows.getAll). */
  getAll: () => Promise<OpenWindow[]>;
  /** Empties the private windows' stores, returning how many origins they held (RobotsReports.clearPrivate). */
  clearPrivate: () => Promise<number>;
}

export class PrivateWindows {
  private readonly deps: PrivateWindowsDeps;

  constructor(deps: PrivateWindowsDeps) {
    this.deps = deps;
  }

  /**
   * A window closed (windows.onRemoved): when no private window remains, the private stores are
   * emptied. Returns how many origins they held, or null when a private window is still open. Asks the browser rather than counting windows, since the
   * background may have been stopped and started again since they opened.
   */
  async onWindowRemoved(): Promise<number | null> {
    const windows = await this.deps.getAll();
    if (windows.some((window) => window.incognito)) return null;
    return this.deps.clearPrivate();
  }
}
