import type { Db } from '../db/database.ts';
import { ScriptTypeRepository } from '../script-types/repository.ts';

/**
 * The demo's script types (docs/decisions/0063-script-types.md): the ten the SEO page's reading speaks
 * of, named in each reading, and which demo scripts have them, by words of their name and description.
 */
export const DEMO_TYPES = [
  { slug: 'auto-farm', name: 'Auto Farm', nameEn: 'Auto farm', nameRu: 'Автофарм', words: ['auto farm', 'farm', 'grind', 'collect', 'собирает', 'автоматически'] },
  { slug: 'esp', name: 'ESP', nameEn: 'ESP', nameRu: 'ESP (вх)', words: ['esp', 'through walls', 'reveal', 'highlights', 'shows who'] },
  { slug: 'aimbot', name: 'Aimbot', nameEn: 'Aimbot', nameRu: 'Аимбот', words: ['aim', 'aura', 'combat'] },
  { slug: 'teleport', name: 'Teleport', nameEn: 'Teleport', nameRu: 'Телепорт', words: ['teleport', 'телепорт', 'hopper'] },
  { slug: 'script-hub', name: 'Script Hub (GUI)', nameEn: 'Script hub (GUI)', nameRu: 'Хаб скриптов (GUI)', words: ['hub', 'menu', 'panel', 'tools', 'меню'] },
  { slug: 'speed', name: 'Speed Hack', nameEn: 'Speed hack', nameRu: 'Спидхак', words: ['speed', 'fast', 'быстр'] },
  { slug: 'fly', name: 'Fly', nameEn: 'Fly', nameRu: 'Полёт', words: ['fly', 'полёт', 'noclip'] },
  { slug: 'auto-clicker', name: 'Auto Clicker', nameEn: 'Auto clicker', nameRu: 'Автокликер', words: ['click', 'opener', 'roller', 'hatcher'] },
  { slug: 'infinite-money', name: 'Infinite Money', nameEn: 'Infinite money', nameRu: 'Бесконечные деньги', words: ['money', 'coins', 'bucks', 'beli', 'diamond', 'алмаз', 'монет'] },
  { slug: 'anti-afk', name: 'Anti-AFK', nameEn: 'Anti-AFK', nameRu: 'Анти-АФК', words: ['anti-afk', 'away', 'while you sleep', 'on a loop'] },
] as const;

/** At most this many types on a demo script, as the staff form allows. */
const MOST = 3;

/** A demo script's types, in the list's order: those whose words its name or description has (the same on every run). */
export function demoTypes(playsname: string, description: string): string[] {
  const text = `${playsname} ${description}`.toLowerCase();
  return DEMO_TYPES.filter((type) => type.words.some((word) => text.includes(word)))
    .slice(0, MOST)
    .map((type) => type.slug);
}

/** Adds the demo types the database lacks (a slug already there stays as the admin left it). */
export async function addDemoTypes(db: Db, at: Date): Promise<void> {
  const repository = new ScriptTypeRepository(db);
  const existing = new Set((await repository.list()).map((type) => type.slug));
  for (const [position, { slug, name, nameEn, nameRu }] of DEMO_TYPES.entries()) {
    if (!existing.has(slug)) await repository.create({ slug, name, name_en: nameEn, name_ru: nameRu, position }, at.toISOString());
  }
}
