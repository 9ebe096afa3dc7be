import type { Config } from './shared/config.ts';
import type { BootstrapResult } from './staff/admin-bootstrap.ts';

/**
 * The few lines a person starting the server needs, printed once it listens (to the console, never
 * through the logger: a generated password must not reach a log collector).
 */
export function readyBanner(config: Pick<Config, 'host' | 'port' | 'siteName'>, admin: BootstrapResult | undefined): string {
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host.includes(':') ? `[${config.host}]` : config.host;
  const origin = `http://${host}:${config.port}`;
  const lines = ['', `${config.siteName} is ready: open ${origin}`];
  if (admin?.kind === 'generated') {
    lines.push(`Admin account created: username "${admin.username}", password "${admin.password}" (shown once; log in at ${origin}/admin)`);
    lines.push('Set ADMIN_USERNAME and ADMIN_PASSWORD, or run "npm run admin", to choose your own.');
  } else {
    lines.push(`Staff: ${origin}/admin (admin) and ${origin}/moderator (moderators)`);
  }
  return `${lines.join('\n')}\n`;
}
