import type { WebLoadContext } from '../contract/index.ts';
import { AuditRepository } from './audit/repository.ts';
import { AuditLog } from './audit/service.ts';
import { Idempotency } from './plugins/idempotency.ts';
import { SiteChannelRepository, SiteChannelService } from './channels/site-channels.ts';
import type { Config } from './shared/config.ts';
import type { Db } from './db/database.ts';
import { DatabaseImageStorage } from './images/database-storage.ts';
import { defaultDecodeLimits, ImageService } from './images/image-service.ts';
import { ImageReferenceRepository } from './images/references.ts';
import { type ImageStorage, LocalImageStorage } from './images/storage.ts';
import { DomainRepository } from './domains/repository.ts';
import { DomainService } from './domains/service.ts';
import { ExecutorRepository } from './executors/repository.ts';
import { ExecutorService } from './executors/service.ts';
import { CompatibilityRepository } from './executors/compatibility-repository.ts';
import { ScriptTypeRepository } from './script-types/repository.ts';
import { ScriptTypeService } from './script-types/service.ts';
import { GameRepository } from './games/repository.ts';
import { GameService } from './games/service.ts';
import { ColdBudget } from './cache/cold-budget.ts';
import { ColdGate } from './cache/cold-gate.ts';
import { HeapGuard } from './cache/heap-guard.ts';
import { InsightsRepository } from './insights/repository.ts';
import { IntegrationRepository } from './integrations/repository.ts';
import { IntegrationService } from './integrations/service.ts';
import { RunRepository } from './runs/repository.ts';
import { RunCounter } from './runs/run-counter.ts';
import { InsightsService } from './insights/service.ts';
import { SearchMissRepository } from './insights/search-misses-repository.ts';
import { PageCache } from './cache/page-cache.ts';
import { PublicCache } from './cache/public-cache.ts';
import { AnalysisRepository } from './scripts/analysis-repository.ts';
import { type BackfillOptions, backfillAnalyses } from './scripts/analysis-backfill.ts';
import { ScriptRepository } from './scripts/repository.ts';
import { CatalogueService } from './scripts/service.ts';
import { StaffScriptService } from './scripts/staff-service.ts';
import { VersionRepository } from './scripts/versions-repository.ts';
import { VersionService } from './scripts/versions-service.ts';
import { ViewRepository } from './views/repository.ts';
import { ViewCounter } from './views/view-counter.ts';
import { VoteRepository } from './votes/repository.ts';
import { VoteBuffer } from './votes/vote-buffer.ts';
import { VisibilityRepository } from './scripts/visibility-repository.ts';
import { VisibilityService } from './scripts/visibility-service.ts';
import { ReportRepository } from './reports/repository.ts';
import { ReportService } from './reports/service.ts';
import { AuthService } from './staff/auth-service.ts';
import { ModeratorService } from './staff/moderator-service.ts';
import { StaffRepository } from './staff/repository.ts';

export interface Services {
  config: Config;
  db: Db;
  cache: PublicCache;
  /** Rendered public pages; a catalogue change reaches them through `cache`. */
  pages: PageCache;
  /** Each address group's rate of cold work: page renders and `cache` loads (docs/decisions/0034-a-rate-of-cold-work-per-address.md). */
  coldBudget: ColdBudget;
  /** The process's bound on cold renders and loads running at once. */
  coldGate: ColdGate;
  scripts: ScriptRepository;
  catalogue: CatalogueService;
  games: GameService;
  /** The admin's executors: the public list and each one's counts (docs/decisions/0039-executors-and-compatibility.md). */
  executors: ExecutorService;
  /** The admin's script types: the public list and each one's count (docs/decisions/0063-script-types.md). */
  types: ScriptTypeService;
  /** The admin's blocked and trusted domains: the save check and the visitor's analysis. */
  domains: DomainService;
  insights: InsightsService;
  views: ViewCounter;
  /** Visitors' votes, buffered and written like views (docs/decisions/0020-votes.md). */
  votes: VoteBuffer;
  /** Sheds the caches and writes the buffers when the heap nears its limit (started by the app). */
  heap: HeapGuard;
  /** Searches that found nothing: written by `views`' flush, read by the insights (`topMisses`). */
  searchMisses: SearchMissRepository;
  siteChannels: SiteChannelService;
  images: ImageStorage;
  imageService: ImageService;
  staff: StaffRepository;
  auth: AuthService;
  moderators: ModeratorService;
  staffScripts: StaffScriptService;
  /** Scripts' loader versions: the public history and the staff's, with restores (docs/decisions/0044-loader-versions.md). */
  versions: VersionService;
  /** The moderation log: every staff write records itself here. */
  audit: AuditLog;
  /** `Idempotency-Key` on creates and votes: the answers retries get again. */
  idempotency: Idempotency;
  /** Analyses the loaders stored without a current analysis (or every loader: `all`); answers how many it stored (docs/decisions/0018-loader-analysis.md#stored-loader-analysis). */
  backfillAnalyses(options?: BackfillOptions): Promise<number>;
  visibility: VisibilityService;
  reports: ReportService;
  /** The integrator API, /api/v1 and /raw (docs/decisions/0062-integrator-api.md). */
  integrations: IntegrationService;
  /** Runs of raw loaders, buffered and written like views (issue 38 item 4). */
  runs: RunCounter;
  loadContext: WebLoadContext;
}

export interface Clocks {
  /** The caches' clock (monotonic milliseconds). */
  now?: (() => number) | undefined;
  /** Sessions' expiry, the login throttle's windows, and the days of views and searches (epoch milliseconds; Date.now by default). */
  clock?: (() => number) | undefined;
}

type Log = { error(obj: unknown, msg: string): void; warn?(msg: string): void };

/**
 * Wires repositories and services; no I/O happens until a method is called. Tests move the clocks
 * forward instead of waiting or rewriting rows.
 */
export function createServices(config: Config, db: Db, log: Log, { now, clock }: Clocks = {}): Services {
  const audit = createAuditLog(db, clock);
  const caches = createCaches(config, now);
  const { cache } = caches;
  const scripts = new ScriptRepository(db, clock);
  const buffers = createBuffers(config, db, log, clock, cache);
  const domains = new DomainService(new DomainRepository(db), cache, audit);
  const executors = new ExecutorService(new ExecutorRepository(db), cache, audit, clock);
  const compatibility = new CompatibilityRepository(db);
  const types = new ScriptTypeService(new ScriptTypeRepository(db), cache, audit, clock);
  // The API's executor and type filters are checked against the cached lists: no read per request.
  const known = { executor: async (slug: string) => (await executors.list()).some((executor) => executor.slug === slug), type: (slug: string) => types.known(slug) };
  const catalogue = new CatalogueService(scripts, cache, buffers.views, () => domains.trusted(), known, compatibility);
  const siteChannels = new SiteChannelService(new SiteChannelRepository(db), cache, audit);
  const imageParts = createImages(config, db);
  const games = new GameService(new GameRepository(db), cache, imageParts.imageService, audit);
  const staffScripts = new StaffScriptService(scripts, imageParts.imageService, cache, audit, domains);
  const versions = new VersionService(new VersionRepository(db), scripts, catalogue, staffScripts, cache, () => domains.trusted());
  return {
    config,
    db,
    ...caches,
    scripts,
    catalogue,
    games,
    executors,
    types,
    domains,
    insights: new InsightsService(new InsightsRepository(db), cache),
    ...buffers,
    heap: createHeapGuard(cache, buffers, log),
    siteChannels,
    ...imageParts,
    ...createStaffAccounts(config, db, clock, audit),
    staffScripts,
    versions,
    audit,
    idempotency: new Idempotency(db, clock),
    backfillAnalyses: (options) => backfillAnalyses(new AnalysisRepository(db), cache, options),
    visibility: new VisibilityService(scripts, new VisibilityRepository(db), cache, audit),
    reports: new ReportService(new ReportRepository(db), staffScripts, cache, clock, audit),
    integrations: new IntegrationService({ scripts, repository: new IntegrationRepository(db), catalogue, games, executors, runs: buffers.runs, cache }),
    loadContext: createLoadContext(config, { catalogue, games, executors, types, siteChannels, versions }),
  };
}

function createAuditLog(db: Db, clock: Clocks['clock']): AuditLog {
  return new AuditLog(new AuditRepository(db), { clock });
}

/** The public answers and the rendered pages; a catalogue change reaches both through `cache`. */
function createCaches(config: Config, now: Clocks['now']): Pick<Services, 'cache' | 'pages' | 'coldBudget' | 'coldGate'> {
  const coldGate = new ColdGate(config.coldGate);
  const coldBudget = new ColdBudget(config.coldBudget, coldGate);
  const cache = new PublicCache(config.cacheBytes, { now, gate: coldBudget.gate });
  const pages = new PageCache(config.pageCacheBytes, { now });
  cache.onChange((change) => pages.changed(change));
  return { cache, pages, coldBudget, coldGate };
}

/** The buffered writes: views (with the searches that found nothing) and votes. */
function createBuffers(config: Config, db: Db, log: Log, clock: Clocks['clock'], cache: PublicCache): Pick<Services, 'views' | 'votes' | 'searchMisses' | 'runs'> {
  const searchMisses = new SearchMissRepository(db);
  const views = new ViewCounter(new ViewRepository(db), {
    flushIntervalMs: config.viewFlushIntervalMs,
    clock,
    searchMisses,
    // Counted views drop nothing: cached answers show a views figure at most a minute old.
    onError: (error) => log.error({ err: error }, 'view counter flush failed'),
  });
  const votes = new VoteBuffer(new VoteRepository(db), {
    flushIntervalMs: config.viewFlushIntervalMs,
    clock,
    // Counts reach cached answers within their minute, as views do (docs/decisions/0020-votes.md);
    // a script whose platforms or an executor's works mark moved leaves them at once (its change is recorded for the other processes).
    onChanged: (ids) => {
      for (const id of ids) cache.changed({ kind: 'script', id });
    },
    onError: (error) => log.error({ err: error }, 'vote flush failed'),
  });
  // Runs reach cached answers within their minute, as views do.
  const runs = new RunCounter(new RunRepository(db), { flushIntervalMs: config.viewFlushIntervalMs, clock, onError: (error) => log.error({ err: error }, 'run flush failed') });
  return { views, votes, searchMisses, runs };
}

function createHeapGuard(cache: PublicCache, { views, votes }: Pick<Services, 'views' | 'votes'>, log: Log): HeapGuard {
  return new HeapGuard({
    shed: () => {
      cache.invalidate();
      // A worker that dies anyway loses what is buffered: written now rather than at the next tick.
      views.flushSoon();
      votes.flushSoon();
    },
    warn: (message) => log.warn?.(message),
  });
}

/** Where image files live (disk or database rows) and the service that checks, encodes and keeps them. */
function createImages(config: Config, db: Db): Pick<Services, 'images' | 'imageService'> {
  const images = config.imageStorage === 'database' ? new DatabaseImageStorage(db.kysely) : new LocalImageStorage(config.uploadsDir);
  const imageService = new ImageService(images, { maxBytes: config.uploadMaxBytes, maxPixels: config.uploadMaxPixels }, {
    decode: defaultDecodeLimits(config.uploadMaxPixels),
    // Files of a key go only when no script's image and no game's icon references it.
    references: new ImageReferenceRepository(db),
  });
  return { images, imageService };
}

/** Staff accounts: logins and sessions, and the admin's moderators. */
function createStaffAccounts(config: Config, db: Db, clock: Clocks['clock'], audit: AuditLog): Pick<Services, 'staff' | 'auth' | 'moderators'> {
  const staff = new StaffRepository(db);
  const auth = new AuthService(staff, {
    sessionTtlMs: config.sessionTtlMs,
    throttle: {
      maxFailures: config.loginMaxFailures,
      windowMs: config.loginWindowMs,
      addressMaxFailures: config.loginAddressMaxFailures,
      usernameMaxFailuresPerMinute: config.loginUsernameMaxFailuresPerMinute,
    },
  }, clock, audit);
  return { staff, auth, moderators: new ModeratorService(staff, audit) };
}

/** What the web app's loaders read: the settings and the same services, in-process. */
function createLoadContext(
  config: Config,
  { catalogue, games, executors, types, siteChannels, versions }: Pick<Services, 'catalogue' | 'games' | 'executors' | 'types' | 'siteChannels' | 'versions'>,
): WebLoadContext {
  return {
    settings: {
      siteName: config.siteName,
      siteUrl: config.siteUrl ?? '',
      timeZone: config.timeZone,
      telegramUrl: config.telegramUrl,
      developerUrl: config.developerUrl ?? '',
      videoUrl: config.videoUrl,
      contactEmail: config.contactEmail,
      moderatorStatusPollMs: config.moderatorStatusPollMs,
    },
    catalogue: {
      list: (query) => catalogue.list(query),
      get: (id) => catalogue.get(id),
      channels: async (id) => (await catalogue.channels(id)) ?? [],
      sitemap: (offset, limit) => catalogue.sitemap(offset, limit),
      versions: async (id, limit, offset) => (await versions.pageAnswer(id, limit, offset)).value,
    },
    games: { list: () => games.list(), bySlug: (slug) => games.bySlug(slug) },
    executors: { list: () => executors.list(), bySlug: (slug) => executors.bySlug(slug) },
    types: { list: () => types.list(), bySlug: (slug) => types.bySlug(slug) },
    siteChannels: () => siteChannels.list(),
  };
}
