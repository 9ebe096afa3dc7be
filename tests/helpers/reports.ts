import type { InjectOptions } from 'fastify';
import type { TestContext } from './app.ts';

/** A browser's User-Agent: reports, like views, are taken from browsers only. */
export const BROWSER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';

let addressSequence = 0;
/** A fresh visitor address, so one test's reports never count against another's limit. */
export const freshVisitorAddress = () => `10.88.${Math.floor(++addressSequence / 250) % 250}.${(addressSequence % 250) + 1}`;

/** POST /api/scripts/{id}/reports as a browser (a fresh address unless one is given). */
export function postReport(ctx: Pick<TestContext, 'app'>, scriptId: number | string, payload: InjectOptions['payload'], options: { address?: string; agent?: string | null } = {}) {
  const agent = options.agent === undefined ? BROWSER_AGENT : options.agent;
  return ctx.app.inject({
    method: 'POST',
    url: `/api/scripts/${scriptId}/reports`,
    headers: agent === null ? {} : { 'user-agent': agent },
    remoteAddress: options.address ?? freshVisitorAddress(),
    ...(payload === undefined ? {} : { payload }),
  });
}
