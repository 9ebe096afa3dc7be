import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorBodySchema } from '../../contract/index.ts';
import { v1ExecutorListSchema, v1GameListSchema, v1ScriptDetailSchema, v1ScriptPageSchema } from '../../contract/integrations.ts';

// Issue 38: the v1 shape is a promise to integrators (docs/decisions/0062-integrator-api.md). The JSON
// schema of every v1 answer is pinned in v1-contract.snapshot.json: a field removed, renamed, made
// optional or given another type (or another set of values) fails here; a field added passes. A
// deliberate addition may be written into the snapshot with V1_CONTRACT_WRITE=1 (review the diff: it
// must only add). Descriptions are documentation and may change.

const SNAPSHOT = path.join(import.meta.dirname, 'v1-contract.snapshot.json');

const ANSWERS = {
  'GET /api/v1/scripts 200': v1ScriptPageSchema,
  'GET /api/v1/scripts/{id} 200': v1ScriptDetailSchema,
  'GET /api/v1/games 200': v1GameListSchema,
  'GET /api/v1/executors 200': v1ExecutorListSchema,
  'every v1 error (400, 404)': errorBodySchema,
};

type Schema = { [key: string]: unknown };

/** The answer's JSON schema with every $ref inlined and the documentation left out: what a client can rely on. */
function shapeOf(schema: z.ZodType): Schema {
  const document = z.toJSONSchema(schema, { io: 'output' }) as Schema & { $defs?: Record<string, Schema> };
  const defs = document.$defs ?? {};
  // `names`: a `properties` map, whose keys are field names (a field may be called `description`), not keywords.
  const resolve = (node: unknown, names = false): unknown => {
    if (Array.isArray(node)) return node.map((item) => resolve(item));
    if (typeof node !== 'object' || node === null) return node;
    const ref = (node as Schema).$ref;
    if (!names && typeof ref === 'string') return resolve(defs[ref.replace('#/$defs/', '')]);
    return Object.fromEntries(
      Object.entries(node)
        .filter(([key]) => names || !['description', '$schema', '$defs', 'additionalProperties'].includes(key))
        .map(([key, value]) => [key, resolve(value, !names && key === 'properties')]),
    );
  };
  return resolve(document) as Schema;
}

/**
 * The differences that break a client of `pinned` in `now`: an object keeps every pinned property
 * (compatible each) and every pinned required one stays required; arrays their items; anything else
 * stays exactly as pinned. A property `now` adds is no difference.
 */
function breaks(pinned: unknown, now: unknown, at = '$'): string[] {
  if (typeof pinned !== 'object' || pinned === null || typeof now !== 'object' || now === null) {
    return JSON.stringify(pinned) === JSON.stringify(now) ? [] : [`${at}: ${JSON.stringify(pinned)} became ${JSON.stringify(now)}`];
  }
  const old = pinned as Schema;
  const current = now as Schema;
  const problems: string[] = [];
  const keys = new Set([...Object.keys(old), ...Object.keys(current)]);
  for (const key of keys) {
    if (key === 'properties') {
      const oldProps = (old.properties ?? {}) as Schema;
      const newProps = (current.properties ?? {}) as Schema;
      for (const name of Object.keys(oldProps)) {
        if (!(name in newProps)) problems.push(`${at}.${name}: removed`);
        else problems.push(...breaks(oldProps[name], newProps[name], `${at}.${name}`));
      }
    } else if (key === 'required') {
      const required = new Set((current.required ?? []) as string[]);
      for (const name of (old.required ?? []) as string[]) if (!required.has(name)) problems.push(`${at}.${name}: no longer required`);
    } else {
      problems.push(...breaks(old[key], current[key], `${at}/${key}`));
    }
  }
  return problems;
}

const shapes = () => Object.fromEntries(Object.entries(ANSWERS).map(([name, schema]) => [name, shapeOf(schema)]));

describe('the v1 contract', () => {
  if (process.env.V1_CONTRACT_WRITE === '1') fs.writeFileSync(SNAPSHOT, `${JSON.stringify(shapes(), null, 2)}\n`);
  const pinned = JSON.parse(fs.readFileSync(SNAPSHOT, 'utf8')) as Record<string, Schema>;

  it('pins every v1 answer', () => {
    expect(Object.keys(pinned).sort()).toEqual(Object.keys(ANSWERS).sort());
  });

  it.each(Object.keys(ANSWERS))('keeps every pinned field of %s as it was', (name) => {
    expect(breaks(pinned[name], shapes()[name])).toEqual([]);
  });

  describe('the comparison itself', () => {
    const script = () => structuredClone(pinned['GET /api/v1/scripts 200']) as Schema;
    const scriptProps = (shape: Schema) => (((shape.properties as Schema).scripts as Schema).items as Schema).properties as Schema;
    const scriptRequired = (shape: Schema) => (((shape.properties as Schema).scripts as Schema).items as Schema).required as string[];

    it('lets a field be added', () => {
      const now = script();
      scriptProps(now).rating = { type: 'number' };
      scriptRequired(now).push('rating');
      expect(breaks(pinned['GET /api/v1/scripts 200'], now)).toEqual([]);
    });

    it('fails a field removed, retyped, made optional or made nullable', () => {
      const removed = script();
      delete scriptProps(removed).loader;
      expect(breaks(pinned['GET /api/v1/scripts 200'], removed)).toEqual(['$.scripts/items.loader: removed']);
      const retyped = script();
      scriptProps(retyped).views = { type: 'string' };
      expect(breaks(pinned['GET /api/v1/scripts 200'], retyped).join()).toMatch(/scripts\/items\.views/);
      const optional = script();
      (((optional.properties as Schema).scripts as Schema).items as Schema).required = scriptRequired(optional).filter((field) => field !== 'gated');
      expect(breaks(pinned['GET /api/v1/scripts 200'], optional)).toEqual(['$.scripts/items.gated: no longer required']);
      const nullable = script();
      scriptProps(nullable).title = { type: ['string', 'null'] };
      expect(breaks(pinned['GET /api/v1/scripts 200'], nullable)).not.toEqual([]);
    });

    it('fails a nested field changed (a game ref, a compatibility row)', () => {
      const now = script();
      const game = scriptProps(now).game as { anyOf: Schema[] };
      delete ((game.anyOf[0] as Schema).properties as Schema).placeId;
      expect(breaks(pinned['GET /api/v1/scripts 200'], now)).toEqual(['$.scripts/items.game/anyOf/0.placeId: removed']);
    });
  });
});
