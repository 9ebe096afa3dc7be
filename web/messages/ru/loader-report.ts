import type { Shape } from '../shape.ts';
import type { loaderReport as spec } from '../loader-report.ts';
import { moderator } from '../moderator.ts';

/**
 * "What this loader does", wholly Russian (`/ru/…`): the moderator panel's own Russian analysis (its
 * form's findings, by their code), so a finding reads the same to staff and to visitors. The API keeps
 * its English `message`.
 */
const { heading, severity, domains, none, findings } = moderator.form.analysis;

export const loaderReport = {
  heading,
  severity,
  domains,
  none,
  findings,
  warning: 'Внимание: этот загрузчик делает то, что может раскрыть ваши данные или подвергнуть риску ваш аккаунт. Прочитайте ниже, что он делает, прежде чем копировать его.',
} satisfies Shape<typeof spec>;
