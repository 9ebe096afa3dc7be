import { describe, expect, it } from 'vitest';
import { versionParamsSchema, versionsQuerySchema } from './versions.ts';

// A script's history: the numbers in its paths and its paging follow the one number rule.

describe('version paths and paging', () => {
  it('reads a script id and a version number from a path', () => {
    expect(versionParamsSchema.parse({ id: '3', version: '12' })).toEqual({ id: 3, version: 12 });
  });

  it('refuses a version of 0, a leading zero or anything not a whole number', () => {
    for (const version of ['0', '01', '1.5', '-1', 'latest', '2147483648']) {
      expect(versionParamsSchema.safeParse({ id: '3', version }).success, version).toBe(false);
    }
  });

  it('pages 20 at a time from the newest unless told, at most 100', () => {
    expect(versionsQuerySchema.parse({})).toEqual({ limit: 20, offset: 0 });
    expect(versionsQuerySchema.parse({ limit: '100', offset: '40' })).toEqual({ limit: 100, offset: 40 });
    expect(versionsQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
    expect(versionsQuerySchema.safeParse({ limit: '0' }).success).toBe(false);
  });
});
