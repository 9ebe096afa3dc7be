import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { passwordSchema, usernameSchema } from '../../contract/index.ts';

/** The login throttle's limits when the environment leaves them unset (docs/decisions/0005-hostile-clients-and-faults.md). */
export const LOGIN_THROTTLE_DEFAULTS = { maxFailures: 5, addressMaxFailures: 20, usernameMaxFailuresPerMinute: 50 } as const;

const flag = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'], {
    error: 'must be one of 1, 0, true, false, on, off, yes, no',
  })
  .transform((value) => ['1', 'true', 'on', 'yes'].includes(value));

/** Server processes at most, whatever the core count (docs/decisions/0007-every-core-and-many-instances.md). */
export const MAX_WORKERS = 8;
/**
 * How long the `WORKERS>1` primary waits for a server worker to listen, and for the setup worker
 * (migrations, the admin, the demo) to finish, before it kills it as a failed start
 * (docs/decisions/0053-bounded-archive-lines.md); and how long every start must have failed before it
 * gives up (server/restart-policy.ts; configurable so the test of giving up need not wait a minute).
 */
export const START_TIMEOUT_DEFAULTS = { workerMs: 60_000, setupMs: 10 * 60_000, giveUpMs: 60_000 } as const;

const positiveInt = z.coerce.number({ error: 'must be a number' }).int('must be a whole number').positive('must be positive');

/** Who may set the client address through X-Forwarded-For: nobody, so many proxy hops, or these proxies. */
export type TrustProxy = false | number | string[];

// @fastify/proxy-addr's names for its built-in ranges, accepted in a TRUST_PROXY list.
const NAMED_PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/** An address, an address/prefix (CIDR) or a named range, as a TRUST_PROXY list entry. */
function isProxyEntry(entry: string): boolean {
  if (NAMED_PROXY_RANGES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

function parseTrustProxy(value: string): TrustProxy | undefined {
  const word = value.trim().toLowerCase();
  if (['false', 'off', 'no', '0'].includes(word)) return false;
  // `true` is the common deployment: one reverse proxy in front (docs/decisions/0005-hostile-clients-and-faults.md).
  if (['true', 'on', 'yes'].includes(word)) return 1;
  if (/^\d+$/.test(word)) return Number(word);
  const entries = value.split(',').map((entry) => entry.trim());
  return entries.every(isProxyEntry) ? entries : undefined;
}

const wholeNumber = z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be 0 or more');

/** The rate of cold work allowed (docs/decisions/0034-a-rate-of-cold-work-per-address.md). */
export interface ColdBudgetLimits {
  /** Cold requests one address group may start per second, on average; 0 turns the limit off. */
  perSecond: number;
  /** How many more it may start at once, beyond its rate, refilled every 10 seconds (BURST_REFILL_S of server/cache/cold-budget.ts). */
  burst: number;
  /** A known crawler's cold requests per second, per crawler name and address group. */
  crawlerPerSecond: number;
  /** How many of one crawler's cold requests may wait for its rate before it is told 429. */
  crawlerQueue: number;
  /**
   * How long a refusal is held before it is sent (at most its Retry-After): a client that asks again as
   * soon as it is answered then asks once a hold per connection, instead of thousands of times a second.
   */
  refusalHoldMs: number;
}

/** The process's bound on cold work running at once when the environment leaves it unset (ColdGate, server/cache/cold-gate.ts). */
export const COLD_GATE_DEFAULTS = { inFlight: 2, queue: 32, waitMs: 5_000 } as const;

/** The rate of cold work when the environment leaves it unset (docs/decisions/0034-a-rate-of-cold-work-per-address.md). */
export const COLD_BUDGET_DEFAULTS = { perSecond: 10, burst: 10, crawlerPerSecond: 5, crawlerQueue: 50, refusalHoldMs: 1_000 } as const;

const trustProxy = z.string().transform((value, context): TrustProxy => {
  const parsed = parseTrustProxy(value);
  if (parsed !== undefined) return parsed;
  context.addIssue({
    code: 'custom',
    message: 'must be false, true (one proxy hop), a hop count such as 2, or a comma-separated list of proxy addresses or CIDR ranges such as 10.0.0.2,10.1.0.0/16',
  });
  return z.NEVER;
});

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(0).max(65_535, 'must be at most 65535').default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('data'),
  DATABASE_URL: z
    .string()
    .refine((value) => /^postgres(ql)?:\/\//.test(value), 'must be a postgres:// URL (leave unset for the embedded database)')
    .optional(),
  DEMO_CATALOGUE: flag.default(true),
  SITE_NAME: z.string().min(1).default('ScriptHub'),
  SITE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) origin such as https://example.com' }).optional(),
  TELEGRAM_URL: z.url({ error: 'must be an absolute URL' }).default('https://t.me/scripthub'),
  VIDEO_URL: z.url({ error: 'must be an absolute URL' }).default('https://www.youtube.com/@scripthub'),
  DEVELOPER_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  CONTACT_EMAIL: z.email({ error: 'must be an e-mail address' }).default('support@scripthub.example'),
  TIME_ZONE: z
    .string()
    .default('UTC')
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('ru-RU', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'must be an IANA time zone such as UTC or Europe/Moscow'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty'], { error: 'must be json or pretty' }).optional(),
  TRUST_PROXY: trustProxy.default(false),
  VIEW_FLUSH_INTERVAL_MS: positiveInt.default(5_000),
  UPLOAD_MAX_BYTES: positiveInt.default(5 * 1024 * 1024),
  UPLOAD_MAX_PIXELS: positiveInt.default(40_000_000),
  WORKERS: positiveInt.max(MAX_WORKERS, `must be at most ${MAX_WORKERS}`).optional(),
  WORKER_START_TIMEOUT_MS: positiveInt.default(START_TIMEOUT_DEFAULTS.workerMs),
  SETUP_TIMEOUT_MS: positiveInt.default(START_TIMEOUT_DEFAULTS.setupMs),
  WORKER_GIVE_UP_AFTER_MS: positiveInt.default(START_TIMEOUT_DEFAULTS.giveUpMs),
  IMAGE_STORAGE: z.enum(['disk', 'database'], { error: 'must be disk or database' }).default('disk'),
  CACHE_MB: positiveInt.default(32),
  PAGE_CACHE_MB: positiveInt.default(32),
  COLD_REQUESTS_PER_SECOND: z.coerce.number({ error: 'must be a number' }).min(0, 'must be 0 (off) or more').default(COLD_BUDGET_DEFAULTS.perSecond),
  COLD_REQUESTS_BURST: positiveInt.default(COLD_BUDGET_DEFAULTS.burst),
  CRAWLER_COLD_REQUESTS_PER_SECOND: positiveInt.default(COLD_BUDGET_DEFAULTS.crawlerPerSecond),
  CRAWLER_QUEUE: wholeNumber.default(COLD_BUDGET_DEFAULTS.crawlerQueue),
  COLD_REFUSAL_HOLD_MS: wholeNumber.max(10_000, 'must be at most 10000').default(COLD_BUDGET_DEFAULTS.refusalHoldMs),
  COLD_RENDERS_IN_FLIGHT: wholeNumber.max(1_000, 'must be at most 1000').default(COLD_GATE_DEFAULTS.inFlight),
  COLD_RENDER_QUEUE: wholeNumber.max(10_000, 'must be at most 10000').default(COLD_GATE_DEFAULTS.queue),
  COLD_RENDER_WAIT_MS: positiveInt.max(60_000, 'must be at most 60000').default(COLD_GATE_DEFAULTS.waitMs),
  SESSION_TTL_HOURS: positiveInt.default(24 * 7),
  MODERATOR_STATUS_POLL_MS: positiveInt.default(60_000),
  LOGIN_MAX_FAILURES: positiveInt.default(LOGIN_THROTTLE_DEFAULTS.maxFailures),
  LOGIN_WINDOW_MINUTES: positiveInt.default(15),
  LOGIN_ADDRESS_MAX_FAILURES: positiveInt.default(LOGIN_THROTTLE_DEFAULTS.addressMaxFailures),
  LOGIN_USERNAME_MAX_FAILURES_PER_MINUTE: positiveInt.default(LOGIN_THROTTLE_DEFAULTS.usernameMaxFailuresPerMinute),
  BACKUP_KEEP: positiveInt.default(7),
  BACKUP_INTERVAL_HOURS: z.coerce.number({ error: 'must be a number' }).min(0, 'must be 0 (off) or more').default(24),
  ADMIN_USERNAME: usernameSchema().optional(),
  ADMIN_PASSWORD: passwordSchema().optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  uploadsDir: string;
  /** Where uploaded images live: files under uploadsDir, or rows of the database. */
  imageStorage: 'disk' | 'database';
  /** Server processes `npm start` runs (node:cluster); 1 is a single process. */
  workers: number;
  /**
   * A server worker not listening, the setup worker not done, after this long is killed as a failed
   * start; after `giveUpMs` of nothing but failed starts (five at least, none serving) the primary exits 1.
   */
  startTimeouts: { workerMs: number; setupMs: number; giveUpMs: number };
  demoCatalogue: boolean;
  siteName: string;
  /** Origin used for canonical links; falls back to the request's own origin when unset. */
  siteUrl: string | undefined;
  telegramUrl: string;
  /** The footer's Developer link, or undefined to leave it out. */
  developerUrl: string | undefined;
  videoUrl: string;
  contactEmail: string;
  timeZone: string;
  logLevel: Env['LOG_LEVEL'];
  /** JSON lines for log collectors, or readable lines (the default in a terminal). */
  logFormat: 'json' | 'pretty';
  /** X-Forwarded-For is honoured only from these proxies; see proxyTrust(). */
  trustProxy: TrustProxy;
  viewFlushIntervalMs: number;
  uploadMaxBytes: number;
  uploadMaxPixels: number;
  /** Bound on the cache of public answers (their JSON outside the heap, and what each entry holds in it). */
  cacheBytes: number;
  /** Bound on the rendered-page cache, compressed copies, keys and headers included. */
  pageCacheBytes: number;
  /** Cold requests (uncached renders and API loads) per address group, and known crawlers' own rate and queue. */
  coldBudget: ColdBudgetLimits;
  /** The process's bound on cold work running at once (server/cache/cold-gate.ts). */
  coldGate: { inFlight: number; queue: number; waitMs: number };
  admin: { username: string | undefined; password: string | undefined };
  /** Where the embedded database's scheduled snapshots go (DATA_DIR/backups; docs/decisions/0023-backups.md). */
  backupDir: string;
  /** Snapshots kept there; older ones are deleted. */
  backupKeep: number;
  /** Time between scheduled snapshots; 0 takes none. */
  backupIntervalMs: number;
  sessionTtlMs: number;
  /** How often the moderator panel rechecks its account (docs/product.md#moderator-session: 60 s). */
  moderatorStatusPollMs: number;
  /** Failures one address may make for one username in the window (the pair rule). */
  loginMaxFailures: number;
  loginWindowMs: number;
  /** Failures one address may make across all usernames in the window. */
  loginAddressMaxFailures: number;
  /** Failures for one username from all addresses per minute before addresses that already failed for it wait. */
  loginUsernameMaxFailuresPerMinute: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((line) => `  - ${line}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the environment; throws ConfigError naming every bad variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // Empty strings count as unset, so `PORT= npm start` behaves like no PORT at all.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const env = parsed.data;
  if ((env.ADMIN_USERNAME === undefined) !== (env.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError(['ADMIN_USERNAME and ADMIN_PASSWORD: set both or neither']);
  }
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    database: env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : { kind: 'sqlite', file: path.join(dataDir, 'catalogue.db') },
    uploadsDir: path.join(dataDir, 'uploads'),
    imageStorage: env.IMAGE_STORAGE,
    // Development serves Vite's middleware, which one process owns.
    workers: env.NODE_ENV === 'development' ? 1 : (env.WORKERS ?? Math.min(MAX_WORKERS, os.availableParallelism())),
    startTimeouts: { workerMs: env.WORKER_START_TIMEOUT_MS, setupMs: env.SETUP_TIMEOUT_MS, giveUpMs: env.WORKER_GIVE_UP_AFTER_MS },
    demoCatalogue: env.DEMO_CATALOGUE,
    siteName: env.SITE_NAME,
    siteUrl: env.SITE_URL?.replace(/\/+$/, ''),
    telegramUrl: env.TELEGRAM_URL,
    developerUrl: env.DEVELOPER_URL,
    videoUrl: env.VIDEO_URL,
    contactEmail: env.CONTACT_EMAIL,
    timeZone: env.TIME_ZONE,
    logLevel: env.LOG_LEVEL,
    logFormat: env.LOG_FORMAT ?? (process.stdout.isTTY ? 'pretty' : 'json'),
    trustProxy: env.TRUST_PROXY,
    viewFlushIntervalMs: env.VIEW_FLUSH_INTERVAL_MS,
    uploadMaxBytes: env.UPLOAD_MAX_BYTES,
    uploadMaxPixels: env.UPLOAD_MAX_PIXELS,
    cacheBytes: env.CACHE_MB * 1024 * 1024,
    pageCacheBytes: env.PAGE_CACHE_MB * 1024 * 1024,
    coldBudget: { perSecond: env.COLD_REQUESTS_PER_SECOND, burst: env.COLD_REQUESTS_BURST, crawlerPerSecond: env.CRAWLER_COLD_REQUESTS_PER_SECOND, crawlerQueue: env.CRAWLER_QUEUE, refusalHoldMs: env.COLD_REFUSAL_HOLD_MS },
    coldGate: { inFlight: env.COLD_RENDERS_IN_FLIGHT, queue: env.COLD_RENDER_QUEUE, waitMs: env.COLD_RENDER_WAIT_MS },
    admin: { username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD },
    backupDir: path.join(dataDir, 'backups'),
    backupKeep: env.BACKUP_KEEP,
    backupIntervalMs: Math.round(env.BACKUP_INTERVAL_HOURS * 60 * 60 * 1000),
    sessionTtlMs: env.SESSION_TTL_HOURS * 60 * 60 * 1000,
    moderatorStatusPollMs: env.MODERATOR_STATUS_POLL_MS,
    loginMaxFailures: env.LOGIN_MAX_FAILURES,
    loginWindowMs: env.LOGIN_WINDOW_MINUTES * 60 * 1000,
    loginAddressMaxFailures: env.LOGIN_ADDRESS_MAX_FAILURES,
    loginUsernameMaxFailuresPerMinute: env.LOGIN_USERNAME_MAX_FAILURES_PER_MINUTE,
  };
}

// Where reverse proxies connect from: a hop count applies only to connections from these networks.
const PROXY_NETWORKS = new net.BlockList();
for (const [network, prefix] of [['127.0.0.0', 8], ['10.0.0.0', 8], ['172.16.0.0', 12], ['192.168.0.0', 16], ['169.254.0.0', 16]] as const) {
  PROXY_NETWORKS.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [['::1', 128], ['fc00::', 7], ['fe80::', 10]] as const) PROXY_NETWORKS.addSubnet(network, prefix, 'ipv6');

/**
 * Fastify's `trustProxy` for a TRUST_PROXY setting. A list goes to Fastify as it is. A hop count
 * trusts that many proxies, the nearest of which must connect from a loopback or private address:
 * Fastify 5 refuses bare hop counts because a client that reaches the server directly could then
 * write its own address, and a client on the public internet never connects from these networks.
 */
export function proxyTrust(setting: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  return (address, hop) => hop < setting && (hop > 0 || (net.isIP(address) !== 0 && PROXY_NETWORKS.check(address, net.isIPv6(address) ? 'ipv6' : 'ipv4')));
}
