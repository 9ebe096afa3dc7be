import { z } from 'zod';

/** A figure for one UTC day (YYYY-MM-DD). */
const dayFigureSchema = z.object({ day: z.string().describe('UTC day, YYYY-MM-DD'), value: z.number().int() });
export type DayFigure = z.infer<typeof dayFigureSchema>;

/** GET /api/insights/overview (admin only): the dashboard's overview. Days with nothing are present with 0. */
export const adminInsightsSchema = z
  .object({
    viewsPerDay: z.array(dayFigureSchema).describe('Views per day, the last 30 days, oldest first'),
    newScriptsPerDay: z.array(dayFigureSchema).describe('Scripts added per day, the last 30 days, oldest first'),
    topThisWeek: z
      .array(z.object({ id: z.number().int(), playsname: z.string(), views: z.number().int() }))
      .describe('The most viewed scripts of the last 7 days, at most 10'),
    emptySearches: z
      .array(z.object({ query: z.string(), searches: z.number().int() }))
      .describe('Searches of the last 7 days that found nothing, folded and counted, at most 50'),
  })
  .meta({ id: 'AdminInsights' });
export type AdminInsights = z.infer<typeof adminInsightsSchema>;

/** GET /api/insights/views: views per day of the caller's scripts (a moderator's own; the admin's: all). */
export const moderatorInsightsSchema = z
  .object({ viewsPerDay: z.array(dayFigureSchema).describe('Views per day of its own scripts, the last 30 days, oldest first') })
  .meta({ id: 'ModeratorInsights' });
export type ModeratorInsights = z.infer<typeof moderatorInsightsSchema>;

export const INSIGHTS_DAYS = 30;
