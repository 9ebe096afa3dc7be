import { type AdminInsights, type DayFigure, INSIGHTS_DAYS, type ModeratorInsights, TRENDING_DAYS } from '../../contract/index.ts';
import type { PublicCache } from '../cache/public-cache.ts';
import { dayString, utcDay } from '../shared/dates.ts';
import { type Principal, scriptListScope } from '../policies/policies.ts';
import type { InsightsRepository } from './repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const TOP_SCRIPTS = 10;
const TOP_MISSES = 50;

/** The last `INSIGHTS_DAYS` UTC days up to `today`, oldest first, each with its figure or 0. */
function zeroFilled(today: number, figures: Map<string, number>): DayFigure[] {
  return Array.from({ length: INSIGHTS_DAYS }, (_, index) => {
    const day = dayString(today - (INSIGHTS_DAYS - 1) + index);
    return { day, value: figures.get(day) ?? 0 };
  });
}

/**
 * The dashboards' figures (docs/decisions/0014-insights-and-empty-searches.md#insights), kept like public answers (at most a minute
 * old) so opening a panel never costs more than one read per minute, whatever the catalogue's size.
 */
export class InsightsService {
  constructor(
    private readonly repository: InsightsRepository,
    private readonly cache: PublicCache,
    private readonly now: () => number = Date.now,
  ) {}

  async overview(): Promise<AdminInsights> {
    const today = utcDay(this.now());
    const answer = await this.cache.remember(`insights:overview:${today}`, async () => {
      const firstDay = today - (INSIGHTS_DAYS - 1);
      const weekStart = today - (TRENDING_DAYS - 1);
      const [views, created, top, misses] = await Promise.all([
        this.repository.viewsPerDay(firstDay),
        this.repository.newScriptsPerDay(new Date(firstDay * DAY_MS)),
        this.repository.topScripts(weekStart, TOP_SCRIPTS),
        this.repository.topMisses(weekStart, TOP_MISSES),
      ]);
      return {
        viewsPerDay: zeroFilled(today, new Map(views.map((row) => [dayString(row.day), row.value]))),
        newScriptsPerDay: zeroFilled(today, new Map(created.map((row) => [row.day, row.value]))),
        topThisWeek: top,
        emptySearches: misses,
      };
    });
    return answer.value;
  }

  /** Views per day of the scripts the principal manages: a moderator's own, the admin's all. */
  async views(principal: Principal): Promise<ModeratorInsights> {
    const today = utcDay(this.now());
    const { ownerModeratorId } = scriptListScope(principal);
    const answer = await this.cache.remember(`insights:views:${ownerModeratorId ?? 'all'}:${today}`, async () => {
      const rows = await this.repository.viewsPerDay(today - (INSIGHTS_DAYS - 1), ownerModeratorId);
      return { viewsPerDay: zeroFilled(today, new Map(rows.map((row) => [dayString(row.day), row.value]))) };
    });
    return answer.value;
  }
}
