import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The layers lint enforces (eslint.config.js, docs/architecture.md#rules-of-the-code): each rule refuses an import
// planted in a file of the layer it guards, and lets the same file's allowed imports pass.

const eslint = new ESLint();

/** The messages lint gives `code` as if it were the file at `filePath` (which need not exist). */
async function refusals(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const planted = value;\n`, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

const PLANTED: [string, string, string, RegExp][] = [
  ['contract/ importing server/', 'contract/planted.ts', "import { value } from '../server/shared/config.ts';", /contract\/ is shared/],
  ['contract/ importing web/ (a type)', 'contract/planted.ts', "import type { value } from '../web/context.ts';", /contract\/ is shared/],
  ['web/ importing server/', 'web/features/catalogue/planted.ts', "import { value } from '../../../server/shared/errors.ts';", /never imports server/],
  ['server/ importing web/', 'server/scripts/planted.ts', "import { value } from '../../web/context.ts';", /never imports web/],
  ['a public feature importing the staff panel', 'web/features/catalogue/planted.ts', "import { value } from '../staff/panel.tsx';", /staff panels/],
  ['a shared component importing the admin panel', 'web/components/ui/planted.tsx', "import { value } from '../../features/admin/sections.ts';", /staff panels/],
  ['a public route importing the moderator panel', 'web/routes/planted.tsx', "import { value } from '../features/moderator/session.ts';", /staff panels/],
  ['a public route importing server/ too', 'web/routes/planted.tsx', "import { value } from '../../server/shared/errors.ts';", /never imports server/],
  ['a public component importing a catalogue', 'web/features/catalogue/planted.tsx', "import { value } from './texts/spec.ts';", /useI18n/],
  ['a public component importing the gathered catalogue', 'web/features/games/planted.tsx', "import { value } from '../../i18n/catalogue.ts';", /useI18n/],
  ['a public route importing the landing copy', 'web/routes/planted.tsx', "import { value } from '../features/landing/texts/ru.ts';", /useI18n/],
  ['a shared component importing a Russian catalogue', 'web/components/layout/planted.tsx', "import { value } from './texts/ru.ts';", /useI18n/],
  ['a repository importing its service', 'server/scripts/repository.ts', "import { value } from './service.ts';", /SQL only/],
  ['a repository importing routes', 'server/votes/repository.ts', "import { value } from './staff-routes.ts';", /SQL only/],
  ['a route module importing the composition root', 'server/votes/routes.ts', "import type { value } from '../services.ts';", /composition root/],
  ['a service importing the app', 'server/scripts/service.ts', "import { value } from '../app.ts';", /composition root/],
  ['a folder two levels down importing the routes', 'server/db/migrations/planted.ts', "import { value } from '../../routes.ts';", /composition root/],
  ['a repository importing the composition root', 'server/insights/search-misses-repository.ts', "import type { value } from '../services.ts';", /composition root/],
  ['a repository importing another feature\'s service', 'server/reports/repository.ts', "import { value } from '../scripts/staff-service.ts';", /SQL only/],
  ['a repository importing web/ too', 'server/games/repository.ts', "import { value } from '../../web/context.ts';", /never imports web/],
];

describe('lint refuses imports across the layers', () => {
  it.each(PLANTED)('%s', async (_name, filePath, code, rule) => {
    const messages = await refusals(filePath, code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(rule);
  });

  it.each([
    ['contract/ importing contract/', 'contract/planted.ts', "import { value } from './text.ts';"],
    ['server/ importing contract/', 'server/scripts/planted.ts', "import { value } from '../../contract/index.ts';"],
    ['a public component importing a catalogue\'s type', 'web/features/catalogue/planted.tsx', "import type { value } from '../../i18n/catalogue.ts';"],
    ['a public route\'s loader importing the catalogues on the server', 'web/routes/planted.tsx', "import { value } from '../i18n/catalogues.server.ts';"],
    ['a staff panel importing its catalogue', 'web/features/staff/planted.ts', "import { value } from './texts/en.ts';"],
    ['a staff panel importing another', 'web/features/admin/planted.ts', "import { value } from '../staff/panel.tsx';"],
    ['the admin routes importing the admin panel', 'web/routes/admin/planted.tsx', "import { value } from '../../features/admin/sections.ts';"],
    ['a repository importing the database', 'server/scripts/repository.ts', "import { value } from '../db/database.ts';"],
    ['a service importing its repository', 'server/scripts/service.ts', "import { value } from './repository.ts';"],
    ['a feature importing its own routes', 'server/votes/planted.ts', "import { value } from './routes.ts';"],
    ['the composition root importing a feature', 'server/routes.ts', "import { value } from './votes/routes.ts';"],
  ])('lets %s pass', async (_name, filePath, code) => {
    expect(await refusals(filePath, code)).toEqual([]);
  });
});
