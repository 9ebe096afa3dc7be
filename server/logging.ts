import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Logger, type LoggerOptions, pino } from 'pino';
import PinoPretty from 'pino-pretty';
import type { Config } from './shared/config.ts';
import { WARM_UP_AGENT } from './warm-up.ts';

/** Logs never carry credentials: these request parts are masked wherever they appear. */
export const REDACTED_PATHS = ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie'];

/** Fastify's own two lines per request (with its request and reply objects) only at these levels. */
const VERBOSE_LEVELS: Config['logLevel'][] = ['debug', 'trace'];
/** Content-hashed files, images and React Router's route manifest: one page view asks for many; a line each would bury the rest. */
const QUIET_PATHS = /^\/(assets|uploads)\/|^\/(favicon\.|__manifest)|\.(js|css|map|webp|png|svg|ico|woff2?)(\?|$)/;

function options(config: Pick<Config, 'logLevel'>): LoggerOptions {
  return { level: config.logLevel, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } };
}

/**
 * The process's logger: JSON lines for log collectors (LOG_FORMAT=json, the default when output is
 * not a terminal), or short readable lines in a terminal.
 */
export function createLogger(config: Pick<Config, 'logLevel' | 'logFormat'>): Logger {
  if (config.logFormat === 'json') return pino(options(config));
  return pino(options(config), PinoPretty({ sync: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId,method,url,statusCode,ms', singleLine: true }));
}

export function logsEveryRequest(config: Pick<Config, 'logLevel'>): boolean {
  return VERBOSE_LEVELS.includes(config.logLevel);
}

/**
 * Below debug: one short line per answered page or API call; assets, images and data requests none, nor
 * the pages a process asks itself before it listens (server/warm-up.ts).
 */
export function requestLineHook(app: FastifyInstance) {
  app.addHook('onResponse', async (request: FastifyRequest, reply) => {
    if (QUIET_PATHS.test(request.url) || isWarmUp(app, request)) return;
    request.log.info({ method: request.method, url: request.url, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime) }, `${request.method} ${request.url} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`);
  });
}

/** The process asking itself, before it listens: nobody else can have sent a request then. */
function isWarmUp(app: FastifyInstance, request: FastifyRequest): boolean {
  return !app.server.listening && request.headers['user-agent'] === WARM_UP_AGENT;
}
