import type { ScriptType } from '../../../../contract/script-types.ts';
import type { ScriptTypeBody } from '../../staff/api/script-types.ts';

/** The admin's script type dialog as it holds it: texts, the position as typed (blank: none). */
export interface ScriptTypeFormValues {
  name: string;
  nameEn: string;
  nameRu: string;
  slug: string;
  position: string;
}

export type ScriptTypeField = keyof ScriptTypeFormValues;
export const SCRIPT_TYPE_FIELDS: readonly ScriptTypeField[] = ['name', 'nameEn', 'nameRu', 'slug', 'position'];
export const SCRIPT_TYPE_FIELD_IDS: Record<ScriptTypeField, string> = {
  name: 'type-name',
  nameEn: 'type-name-en',
  nameRu: 'type-name-ru',
  slug: 'type-slug',
  position: 'type-position',
};

export function initialScriptTypeValues(type?: ScriptType): ScriptTypeFormValues {
  return { name: type?.name ?? '', nameEn: type?.nameEn ?? '', nameRu: type?.nameRu ?? '', slug: type?.slug ?? '', position: type ? String(type.position) : '' };
}

/** A position as typed: a whole number, or what the schema refuses (so it names the field); blank: none. */
function positionOf(text: string): number | undefined {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : Number(trimmed);
}

/** The create's body: blank optional fields left out (the server makes the slug and the English name). */
export function toScriptTypeBody(values: ScriptTypeFormValues): ScriptTypeBody {
  const body: ScriptTypeBody = { name: values.name.trim(), nameRu: values.nameRu.trim() };
  if (values.nameEn.trim() !== '') body.nameEn = values.nameEn.trim();
  if (values.slug.trim() !== '') body.slug = values.slug.trim();
  const position = positionOf(values.position);
  if (position !== undefined) body.position = position;
  return body;
}

/** The edit's body: only what changed from the stored type. */
export function toScriptTypePatch(values: ScriptTypeFormValues, type: ScriptType): ScriptTypeBody {
  const next = toScriptTypeBody(values);
  const patch: ScriptTypeBody = {};
  if (next.name !== type.name) patch.name = next.name;
  if ((next.nameEn ?? next.name) !== type.nameEn) patch.nameEn = next.nameEn ?? next.name;
  if (next.nameRu !== type.nameRu) patch.nameRu = next.nameRu;
  if (next.slug !== undefined && next.slug !== type.slug) patch.slug = next.slug;
  if (next.position !== undefined && next.position !== type.position) patch.position = next.position;
  return patch;
}
