import type { InjectOptions } from 'fastify';
import { pngImage, type SnapshotPart, scriptForm } from './staff.ts';

// The authorization matrix: every staff route × every principal, with the status each gets and what an
// allowed call changes (tests/api/staff-authz.test.ts runs it). Who may call a route is declared where it
// is registered (server/policies/access.ts); tests/api/route-coverage.test.ts reads that from the app's
// route table and fails for a staff route without a row here, or a row whose statuses are not its guard's.

export const PRINCIPALS = ['anonymous', 'owner', 'other moderator', 'deleted moderator', 'admin', 'expired token', 'garbage token'] as const;
export type Principal = (typeof PRINCIPALS)[number];
type Statuses = [number, number, number, number, number, number, number];

export interface RouteRow {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** `:script` is the owner's script, `:moderator` a fresh moderator, `:siteChannel` a site channel, `:game` a game with an icon that the owner's script is for, `:domain` a blocked domain, `:report` an open report on the owner's script, `:executor` a Windows executor the owner's script was tested with, `:type` a script type the owner's script has, `:version` the owner's script's version 1. */
  path: string;
  statuses: Statuses;
  /** What an allowed call changes; every other part must stay as it was. */
  writes: SnapshotPart[];
  body?: () => Promise<InjectOptions['payload']>;
}

const newScript = async () =>
  scriptForm({ playsname: 'Matrix script', description: 'Made by the matrix', loadstring: 'print("matrix")', channels: ['@matrix_one, matrix_two'], image: await pngImage() });
const scriptEdit = async () => scriptForm({ playsname: 'Edited by the matrix', channels: ['edited_channel'], image: await pngImage() });
let moderatorSequence = 0;
const newModerator = async () => ({ UserName: `matrix_new_${++moderatorSequence}`, Password: 'matrix-password-1' });
const newSiteChannel = async () => ({ name: 'Matrix channel', url: 'https://t.me/matrix_channel' });
let gameSequence = 0;
/** A games form with a fresh icon (multipart), so an allowed call changes the uploads too. */
const gameForm = async () => {
  const form = new FormData();
  form.append('name', `Matrix game ${++gameSequence}`);
  form.append('icon', new Blob([new Uint8Array(await pngImage())], { type: 'image/png' }), 'icon.png');
  return form;
};

let executorSequence = 0;
const newExecutor = async () => ({ name: `Matrix executor ${++executorSequence}`, platforms: ['windows', 'ios'], status: 'working', free: true });
/** Moves the executor to Android: the target script's platforms (and its row's copy of them) follow. */
const executorEdit = async () => ({ platforms: ['android'], status: 'patched', version: `v${++executorSequence}` });

let typeSequence = 0;
const newType = async () => ({ name: `Matrix type ${++typeSequence}`, nameRu: `Тип ${typeSequence}` });
const typeEdit = async () => ({ nameEn: `Edited type ${++typeSequence}`, slug: `edited-type-${typeSequence}` });

let domainSequence = 0;
const newDomain = async () => ({ domain: `matrix-${++domainSequence}.example`, trusted: domainSequence % 2 === 0 });

const row = (method: RouteRow['method'], path: string, statuses: Statuses, writes: SnapshotPart[] = [], body?: RouteRow['body']): RouteRow => ({
  method,
  path,
  statuses,
  writes,
  ...(body ? { body } : {}),
});

const SCRIPT_FILES: SnapshotPart[] = ['scripts', 'script_channels', 'uploads'];

// prettier-ignore
export const MATRIX: RouteRow[] = [
  //   method    path                               anon owner other deleted admin expired garbage   an allowed call changes
  row('POST',   '/api/logout',                     [401, 200,  200,  401,    200,  401,    401],     ['sessions', 'audit_log']),
  row('GET',    '/api/m/check-status',             [401, 200,  200,  401,    403,  401,    401]),
  row('GET',    '/api/m/scripts',                  [401, 200,  200,  401,    403,  401,    401]),
  row('POST',   '/api/m',                          [401, 201,  201,  401,    403,  401,    401],     [...SCRIPT_FILES, 'audit_log'], newScript),
  row('DELETE', '/api/m/:script',                  [401, 200,  404,  401,    403,  401,    401],     [...SCRIPT_FILES, 'audit_log']),
  row('GET',    '/api/moderators',                 [401, 403,  403,  401,    200,  401,    401]),
  row('POST',   '/api/createModerator',            [401, 403,  403,  401,    201,  401,    401],     ['moderators', 'audit_log'], newModerator),
  row('DELETE', '/api/delete-moderator/:moderator',[401, 403,  403,  401,    200,  401,    401],     ['moderators', 'sessions', 'audit_log']),
  row('GET',    '/api/scripts',                    [401, 403,  403,  401,    200,  401,    401]),
  row('POST',   '/api/ac',                         [401, 403,  403,  401,    201,  401,    401],     [...SCRIPT_FILES, 'audit_log'], newScript),
  row('PATCH',  '/api/update-script/:script',      [401, 403,  403,  401,    200,  401,    401],     [...SCRIPT_FILES, 'audit_log'], scriptEdit),
  row('DELETE', '/api/ad/:script',                 [401, 403,  403,  401,    200,  401,    401],     [...SCRIPT_FILES, 'audit_log']),
  row('POST',   '/api/site-channels',              [401, 403,  403,  401,    201,  401,    401],     ['site_channels', 'audit_log'], newSiteChannel),
  row('DELETE', '/api/site-channels/:siteChannel', [401, 403,  403,  401,    200,  401,    401],     ['site_channels', 'audit_log']),
  // Games: anyone reads GET /api/games; only the admin writes. Deleting one leaves its scripts without it.
  row('POST',   '/api/games',                      [401, 403,  403,  401,    201,  401,    401],     ['games', 'uploads', 'audit_log'], gameForm),
  row('PATCH',  '/api/games/:game',                [401, 403,  403,  401,    200,  401,    401],     ['games', 'uploads', 'audit_log'], gameForm),
  row('DELETE', '/api/games/:game',                [401, 403,  403,  401,    200,  401,    401],     ['games', 'scripts', 'uploads', 'audit_log']),
  // Executors: anyone reads GET /api/executors; only the admin writes. Their platforms are the scripts' platforms.
  row('POST',   '/api/executors',                  [401, 403,  403,  401,    201,  401,    401],     ['executors', 'audit_log'], newExecutor),
  row('PATCH',  '/api/executors/:executor',        [401, 403,  403,  401,    200,  401,    401],     ['executors', 'scripts', 'script_executors', 'audit_log'], executorEdit),
  row('DELETE', '/api/executors/:executor',        [401, 403,  403,  401,    200,  401,    401],     ['executors', 'scripts', 'script_executors', 'audit_log']),
  // Script types: anyone reads GET /api/types; only the admin writes. Deleting one takes it off its scripts.
  row('POST',   '/api/types',                      [401, 403,  403,  401,    201,  401,    401],     ['script_types', 'audit_log'], newType),
  row('PATCH',  '/api/types/:type',                [401, 403,  403,  401,    200,  401,    401],     ['script_types', 'audit_log'], typeEdit),
  row('DELETE', '/api/types/:type',                [401, 403,  403,  401,    200,  401,    401],     ['script_types', 'script_type_links', 'audit_log']),
  // Blocked and trusted domains: the admin's alone, reads included.
  row('GET',    '/api/blocked-domains',            [401, 403,  403,  401,    200,  401,    401]),
  row('POST',   '/api/blocked-domains',            [401, 403,  403,  401,    201,  401,    401],     ['blocked_domains', 'audit_log'], newDomain),
  row('DELETE', '/api/blocked-domains/:domain',    [401, 403,  403,  401,    200,  401,    401],     ['blocked_domains', 'audit_log']),
  // Insights: the overview is the admin's; views per day are each staff member's own (the admin's: all).
  row('GET',    '/api/insights/overview',          [401, 403,  403,  401,    200,  401,    401]),
  row('GET',    '/api/insights/views',             [401, 200,  200,  401,    200,  401,    401]),
  // Operator metrics: admin only; they change caches and figures, no stored row.
  row('GET',    '/api/metrics',                    [401, 403,  403,  401,    200,  401,    401]),
  row('POST',   '/api/metrics/reset',              [401, 403,  403,  401,    200,  401,    401]),
  row('POST',   '/api/metrics/clear-caches',       [401, 403,  403,  401,    200,  401,    401]),
  // The moderation log: the admin's to read; nothing writes it but the actions it records.
  row('GET',    '/api/audit-log',                  [401, 403,  403,  401,    200,  401,    401]),
  // Votes: staff mark a script working (the admin any, a moderator its own), so earlier "doesn't work" votes stop counting.
  row('POST',   '/api/scripts/:script/works-checked', [401, 200, 404,  401,    200,  401,    401],     ['scripts', 'audit_log']),
  // Reports and hiding (docs/product.md#reports): the admin any script's; a moderator its own (another's is 404).
  row('GET',    '/api/reports',                    [401, 200,  200,  401,    200,  401,    401]),
  row('PATCH',  '/api/reports/:report',            [401, 200,  404,  401,    200,  401,    401],     ['reports', 'scripts', 'audit_log'], async () => ({ action: 'hide' })),
  row('POST',   '/api/scripts/:script/visibility', [401, 200,  404,  401,    200,  401,    401],     ['scripts', 'audit_log'], async () => ({ hidden: true })),
  // Loader versions (docs/decisions/0044-loader-versions.md): the admin any script's, a moderator its own. `:version` is 1, the
  // script's current loader, so a restore saves the text it already has: nothing changes (tests/api/script-versions.test.ts restores older ones).
  row('GET',    '/api/staff/scripts/:script/versions', [401, 200, 404, 401,  200,  401,    401]),
  row('POST',   '/api/staff/scripts/:script/versions/:version/restore', [401, 200, 404, 401, 200, 401, 401]),
];
