import type { Reading } from '../../../contract/i18n.ts';
import type { ScriptType } from '../../../contract/script-types.ts';

/** A type as the pages show it: its slug and its name in the page's reading. */
export interface TypeChoice {
  slug: string;
  name: string;
}

/** A type's name in a reading: the specification's (unprefixed), English or Russian. */
export function typeName(type: Pick<ScriptType, 'name' | 'nameEn' | 'nameRu'>, reading: Reading): string {
  return reading === 'ru' ? type.nameRu : reading === 'en' ? type.nameEn : type.name;
}

/** Every type in its order, named in the reading: what the root loader gives every page (chips, the filter's select). */
export function typeChoices(types: readonly ScriptType[], reading: Reading): TypeChoice[] {
  return types.map((type) => ({ slug: type.slug, name: typeName(type, reading) }));
}
