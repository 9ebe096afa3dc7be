import { GAME_LIMITS } from './constants.ts';

// URL slugs for games and scripts: plain functions with no schema library, so the public pages'
// browser code may import them (contract/games.ts re-exports them).

/**
 * A URL slug for a name: ASCII letters and digits in hyphenated words (Cyrillic transliterated),
 * at most `max` characters; empty when nothing is left.
 */
export function slugOf(name: string, max: number = GAME_LIMITS.slugMax): string {
  const latin = transliterate(name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase());
  const slug = latin.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  return slug.slice(0, max).replace(/-+$/, '');
}

const CYRILLIC: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'y', к: 'k', л: 'l', м: 'm', н: 'n', о: 'o', п: 'p',
  р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'h', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'sch', ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya',
};

function transliterate(text: string): string {
  return text.replace(/[а-яё]/g, (letter) => CYRILLIC[letter] ?? '');
}

/** The slug part of a script's URL, empty when its name leaves none. */
export function scriptSlug(playsname: string): string {
  return slugOf(playsname, 60);
}

/** A script's URL: /scripts/{id}-{slug}, or /scripts/{id} when its name leaves no slug. */
export function scriptPath(script: { id: number; playsname: string }): string {
  const slug = scriptSlug(script.playsname);
  return slug ? `/scripts/${script.id}-${slug}` : `/scripts/${script.id}`;
}
