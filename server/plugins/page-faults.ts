import type { WebLoadContext } from '../../contract/index.ts';
import { isDatabaseUnavailable } from '../db/faults.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from '../shared/errors.ts';

/**
 * A page whose loader met a database fault (a lost connection, SQLite's lock still held) is the
 * moment's fault like an API answer's: 503 with Retry-After instead of React Router's 500
 * (docs/decisions/0027-database-faults-are-answers.md). Loaders call the services through the load
 * context; a render gets a copy whose calls note what failed, so the answer can tell why it broke.
 */
export class PageFaults {
  private fault: unknown;
  readonly context: WebLoadContext;

  constructor(base: WebLoadContext) {
    const note = <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
      (...args: A): Promise<R> =>
        call(...args).catch((error: unknown) => {
          this.fault ??= error;
          throw error;
        });
    this.context = {
      settings: base.settings,
      catalogue: { list: note(base.catalogue.list), get: note(base.catalogue.get), channels: note(base.catalogue.channels), sitemap: note(base.catalogue.sitemap), versions: note(base.catalogue.versions) },
      games: { list: note(base.games.list), bySlug: note(base.games.bySlug) },
      executors: { list: note(base.executors.list), bySlug: note(base.executors.bySlug) },
      types: { list: note(base.types.list), bySlug: note(base.types.bySlug) },
      siteChannels: note(base.siteChannels),
    };
  }

  /** The status and extra headers of a page that rendered with `status`. */
  answer(status: number): { status: number; headers: [string, string][] } {
    if (status >= 500 && this.fault !== undefined && isDatabaseUnavailable(this.fault)) {
      return { status: 503, headers: [['retry-after', String(DATABASE_RETRY_AFTER_SECONDS)]] };
    }
    return { status, headers: [] };
  }
}
