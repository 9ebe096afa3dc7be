/**
 * What a mix touched: distinct scripts, URLs and search queries. A generator that repeats a few
 * thousand items, or a cache that only ever sees warm keys, shows at once in these counts (issue 26).
 */

export interface Distinct {
  /** Requests asked (sent or handed to the load generator). */
  requests: number;
  /** Distinct script ids in `/scripts/{id}` and `/api/scripts/{id}…`. */
  scripts: number;
  /** Distinct URLs (path and query): each one a separate answer for a cache. */
  urls: number;
  /** Distinct search queries (`q`), as sent. */
  queries: number;
}

const SCRIPT = /^\/(?:api\/)?scripts\/(\d+)(?:[/?]|$)/;

export class Tally {
  private asked = 0;
  readonly scripts = new Set<number>();
  private readonly urls = new Set<string>();
  private readonly queries = new Set<string>();

  add(path: string): void {
    this.asked += 1;
    this.urls.add(path);
    const id = SCRIPT.exec(path)?.[1];
    if (id !== undefined) this.scripts.add(Number(id));
    const question = path.indexOf('?');
    if (question >= 0) {
      const q = new URLSearchParams(path.slice(question + 1)).get('q');
      if (q !== null) this.queries.add(q);
    }
  }

  summary(): Distinct {
    return { requests: this.asked, scripts: this.scripts.size, urls: this.urls.size, queries: this.queries.size };
  }
}
