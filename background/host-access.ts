// Whether the user lets the extension read a site (Firefox lets them withhold host access).
import { ALL_SITES, hostPattern } from '../src/policy.ts';

/** browser.permissions.contains, the one call this needs. */
export type ContainsPermissions = (permissions: { origins: string[] }) => Promise<boolean>;

export class HostAccess {
  private readonly contains: ContainsPermissions;

  constructor(contains: ContainsPermissions) {
    this.contains = contains;
  }

  /** Access to one origin's pages (and so to its /robots.txt). */
  hasOrigin(origin: string): Promise<boolean> {
    return this.contains({ origins: [hostPattern(origin)] });
  }

  /** Access to every http and https site. */
  hasAll(): Promise<boolean> {
    return this.contains({ origins: [...ALL_SITES] });
  }
}
