import { type Migration, type MigrationProvider, type MigrationResultSet, Migrator } from 'kysely';
import type { Db } from './database.ts';
import * as initial from './migrations/20261122000000_initial.ts';
import * as loginAttempts from './migrations/20261122010000_login_attempts.ts';
import * as loginFailureAttempts from './migrations/20261124000000_login_failure_attempts.ts';
import * as scriptCount from './migrations/20261124010000_script_count.ts';
import * as searchGrams from './migrations/20261124020000_search_grams.ts';
import * as catalogueChanges from './migrations/20261125000000_catalogue_changes.ts';
import * as images from './migrations/20261125010000_images.ts';
import * as gamesAndFilters from './migrations/20261126000000_games_and_filters.ts';
import * as scriptFacets from './migrations/20261126010000_script_facets.ts';
import * as searchFacets from './migrations/20261127000000_search_facets.ts';
import * as auditLog from './migrations/20261128000000_audit_log.ts';
import * as loaderAnalysis from './migrations/20261128010000_loader_analysis.ts';
import * as reports from './migrations/20261128020000_reports.ts';
import * as votes from './migrations/20261128030000_votes.ts';
import * as analysisVersion from './migrations/20261129000000_analysis_version.ts';
import * as executors from './migrations/20261130000000_executors.ts';
import * as scriptVersions from './migrations/20261201000000_script_versions.ts';
import * as idempotencyKeys from './migrations/20261202030000_idempotency_keys.ts';
import * as visitorNetworks from './migrations/20261202100000_visitor_networks.ts';
import * as scriptRuns from './migrations/20261203000000_script_runs.ts';
import * as scriptTypes from './migrations/20261203100000_script_types.ts';

// A static list rather than a folder scan, so migrations work the same from source and from a bundle.
const migrations: Record<string, Migration> = {
  '20261122000000_initial': initial,
  '20261122010000_login_attempts': loginAttempts,
  '20261124000000_login_failure_attempts': loginFailureAttempts,
  '20261124010000_script_count': scriptCount,
  '20261124020000_search_grams': searchGrams,
  '20261125000000_catalogue_changes': catalogueChanges,
  '20261125010000_images': images,
  '20261126000000_games_and_filters': gamesAndFilters,
  '20261126010000_script_facets': scriptFacets,
  '20261127000000_search_facets': searchFacets,
  '20261128000000_audit_log': auditLog,
  '20261128010000_loader_analysis': loaderAnalysis,
  '20261128020000_reports': reports,
  '20261128030000_votes': votes,
  '20261129000000_analysis_version': analysisVersion,
  '20261130000000_executors': executors,
  '20261201000000_script_versions': scriptVersions,
  '20261202030000_idempotency_keys': idempotencyKeys,
  '20261202100000_visitor_networks': visitorNetworks,
  '20261203000000_script_runs': scriptRuns,
  '20261203100000_script_types': scriptTypes,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export class MigrationError extends Error {
  constructor(
    readonly migrationName: string | undefined,
    override readonly cause: unknown,
  ) {
    super(`Migration ${migrationName ?? '(unknown)'} failed: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'MigrationError';
  }
}

function check({ error, results }: MigrationResultSet): string[] {
  if (error) {
    const failed = results?.find((result) => result.status === 'Error');
    throw new MigrationError(failed?.migrationName, error);
  }
  return (results ?? []).map((result) => result.migrationName);
}

/** Brings the schema to the latest migration; throws MigrationError on the first failure. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  return check(await new Migrator({ db: db.kysely, provider }).migrateToLatest());
}

export async function migrateDown(db: Db): Promise<string[]> {
  return check(await new Migrator({ db: db.kysely, provider }).migrateDown());
}
