import { describe, expect, it } from 'vitest';
import { SCRIPT_TYPE_LIMITS } from '../../contract/constants.ts';
import { DEMO_CATALOGUE } from './catalogue.ts';
import { DEMO_TYPES, demoTypes } from './types.ts';

describe('the demo script types', () => {
  it('are about ten, with unique slugs', () => {
    expect(DEMO_TYPES.length).toBe(10);
    expect(new Set(DEMO_TYPES.map((type) => type.slug)).size).toBe(DEMO_TYPES.length);
  });

  it('give each script at most the form limit, and every type to some script', () => {
    const given = DEMO_CATALOGUE.map((script) => demoTypes(script.playsname, script.description));
    expect(given.every((types) => types.length <= SCRIPT_TYPE_LIMITS.perScript)).toBe(true);
    for (const type of DEMO_TYPES) expect(given.some((types) => types.includes(type.slug)), type.slug).toBe(true);
  });

  it('are the same on every call', () => {
    expect(demoTypes('Blox Fruits Auto Farm', 'Levels you while you sleep')).toEqual(['auto-farm', 'anti-afk']);
  });
});
