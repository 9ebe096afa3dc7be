import type { ScriptType, ScriptTypeDetail } from '../../contract/index.ts';
import type { ScriptTypeRow } from '../db/types.ts';
import type { ScriptTypeWithCount } from './repository.ts';

export function toScriptType(row: ScriptTypeRow): ScriptType {
  return { id: Number(row.id), slug: row.slug, name: row.name, nameEn: row.name_en, nameRu: row.name_ru, position: Number(row.position) };
}

export function toScriptTypeDetail(row: ScriptTypeWithCount): ScriptTypeDetail {
  return { ...toScriptType(row), scripts: row.scripts };
}
