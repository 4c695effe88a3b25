// Problems that may come by the thousand (bad sitemap entries, input lines too long to be URLs)
// are told one by one only at first; past that they are counted, and the count is told once at
// the end, so a hostile input cannot flood stderr.

/** Tells the first `limit` calls with `tellOne`; the rest are counted and told by `tellRest`. */
export class ToldFirst<Args extends unknown[]> {
  private count = 0;
  private readonly limit: number;
  private readonly tellOne: (...args: Args) => void;
  private readonly tellCount: (rest: number) => void;

  constructor(limit: number, tellOne: (...args: Args) => void, tellCount: (rest: number) => void) {
    this.limit = limit;
    this.tellOne = tellOne;
    this.tellCount = tellCount;
  }

  tell(...args: Args): void {
    this.count++;
    if (this.count <= this.limit) this.tellOne(...args);
  }

  /** After the last: how many were not told one by one, when any. */
  tellRest(): void {
    const rest = this.count - this.limit;
    if (rest > 0) this.tellCount(rest);
  }
}
