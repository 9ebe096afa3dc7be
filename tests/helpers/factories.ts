import type { NewScript } from '../../server/scripts/script-writes.ts';
import type { Services } from '../../server/services.ts';

let sequence = 0;

/** Inserts a script straight through the repository and drops cached public answers. */
export async function insertScript(services: Services, overrides: Partial<NewScript> = {}) {
  sequence += 1;
  const row = await services.scripts.insert({
    playsname: `Script ${sequence}`,
    description: `Description ${sequence}`,
    loadstring: `print("script ${sequence}")`,
    imageKey: null,
    ownerModeratorId: null,
    channels: [],
    ...overrides,
  });
  services.cache.invalidate();
  return row;
}

/** Inserts n scripts one second apart, oldest first, so the newest-first order is known. */
export async function insertScripts(services: Services, count: number, name = (i: number) => `Bulk script ${i}`) {
  const start = Date.UTC(2026, 0, 1);
  const rows = [];
  for (let i = 0; i < count; i += 1) {
    rows.push(await insertScript(services, { playsname: name(i), createdAt: new Date(start + i * 1000) }));
  }
  return rows;
}
