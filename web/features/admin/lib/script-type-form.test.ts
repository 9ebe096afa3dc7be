import { describe, expect, it } from 'vitest';
import { initialScriptTypeValues, toScriptTypeBody, toScriptTypePatch } from './script-type-form.ts';

const stored = { id: 3, slug: 'auto-farm', name: 'Auto Farm', nameEn: 'Auto farm', nameRu: 'Автофарм', position: 2 };

describe('the admin script type form', () => {
  it('sends a create without its blank optional fields', () => {
    expect(toScriptTypeBody({ name: ' ESP ', nameEn: '', nameRu: 'ESP', slug: '', position: '' })).toEqual({ name: 'ESP', nameRu: 'ESP' });
    expect(toScriptTypeBody({ name: 'Fly', nameEn: 'Flying', nameRu: 'Полёт', slug: 'fly', position: '4' })).toEqual({ name: 'Fly', nameEn: 'Flying', nameRu: 'Полёт', slug: 'fly', position: 4 });
  });

  it('sends an edit with only what changed', () => {
    const values = initialScriptTypeValues(stored);
    expect(toScriptTypePatch(values, stored)).toEqual({});
    expect(toScriptTypePatch({ ...values, nameRu: 'Автоферма', position: '0' }, stored)).toEqual({ nameRu: 'Автоферма', position: 0 });
  });
});
