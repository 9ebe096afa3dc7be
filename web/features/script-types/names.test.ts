import { describe, expect, it } from 'vitest';
import { typeChoices, typeName } from './names.ts';

describe('script type names by reading', () => {
  const type = { id: 1, slug: 'auto-farm', name: 'Auto Farm', nameEn: 'Auto farm', nameRu: 'Автофарм', position: 0 };

  it("names a type in the specification's reading, English and Russian", () => {
    expect(typeName(type, 'spec')).toBe('Auto Farm');
    expect(typeName(type, 'en')).toBe('Auto farm');
    expect(typeName(type, 'ru')).toBe('Автофарм');
  });

  it('keeps the list order and gives slug and name only', () => {
    const second = { ...type, id: 2, slug: 'esp', name: 'ESP', nameEn: 'ESP', nameRu: 'ESP (вх)' };
    expect(typeChoices([second, type], 'ru')).toEqual([
      { slug: 'esp', name: 'ESP (вх)' },
      { slug: 'auto-farm', name: 'Автофарм' },
    ]);
  });
});
