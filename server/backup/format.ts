/**
 * The backup archive (docs/decisions/0023-backups.md): gzip'd JSON lines, one record a line.
 *
 *   {"type":"header","format":"script-catalogue-backup","version":1,"migration":…,"createdAt":…,"source":{…}}
 *   {"type":"table","name":"scripts","columns":[["id","integer"],…]}   then one JSON array per row
 *   {"type":"sequences","values":{"scripts":120,…}}                     the id counters
 *   {"type":"image","key":…,"detail":<base64>,"card":<base64>,"createdAt":…}
 *   {"type":"end","tables":{"scripts":118,…},"images":12,"missingImages":[],"sha256":<hex of every line before>}
 *
 * Values are the same on both databases: numbers, text, ISO-8601 UTC timestamps, base64 bytes.
 */
export const ARCHIVE_FORMAT = 'script-catalogue-backup';
export const ARCHIVE_VERSION = 1;

/** How a column's values are written: `timestamp` is ISO text (SQLite's timestamps are plain `text`). */
export type ColumnKind = 'integer' | 'real' | 'text' | 'timestamp' | 'bytes';
export const COLUMN_KINDS: readonly ColumnKind[] = ['integer', 'real', 'text', 'timestamp', 'bytes'];

export type Column = [name: string, kind: ColumnKind];

export interface HeaderRecord {
  type: 'header';
  format: typeof ARCHIVE_FORMAT;
  version: number;
  /** The source's newest applied migration. */
  migration: string | null;
  createdAt: string;
  source: { database: 'sqlite' | 'postgres'; imageStorage: 'disk' | 'database' };
}

export interface TableRecord {
  type: 'table';
  name: string;
  columns: Column[];
}

export interface SequencesRecord {
  type: 'sequences';
  values: Record<string, number>;
}

export interface ImageRecord {
  type: 'image';
  key: string;
  detail: string;
  card: string;
  createdAt: string | null;
}

export interface EndRecord {
  type: 'end';
  tables: Record<string, number>;
  images: number;
  /** Keys the snapshot names whose files were not in DATA_DIR/uploads (already lost on the source). */
  missingImages: string[];
  sha256: string;
}

export type ArchiveRecord = HeaderRecord | TableRecord | SequencesRecord | ImageRecord | EndRecord;
export type Row = unknown[];

/** An archive that is not one, is damaged, incomplete or from a newer version: nothing was changed. */
export class ArchiveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArchiveError';
  }
}

const ISO_MS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** A timestamp as the embedded database stores it (Date.toISOString: milliseconds), so text order stays time order. */
export function toSqliteTimestamp(value: string): string {
  if (ISO_MS.test(value)) return value;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new ArchiveError(`The archive holds a timestamp that is no date: ${JSON.stringify(value).slice(0, 80)}`);
  return date.toISOString();
}

const PG_TIMESTAMP = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00$/;

/** PostgreSQL's text of a timestamptz (DateStyle ISO, time zone UTC) as ISO-8601, to the microsecond it keeps. */
export function fromPostgresTimestamp(text: string): string {
  const match = PG_TIMESTAMP.exec(text);
  if (!match) return text;
  const fraction = (match[3] ?? '').padEnd(3, '0');
  return `${match[1]}T${match[2]}.${fraction}Z`;
}

/** A column's kind from its declared SQLite type (the type affinity rules). */
export function sqliteKind(declared: string): ColumnKind {
  const type = declared.toUpperCase();
  if (type.includes('INT')) return 'integer';
  if (type.includes('REAL') || type.includes('FLOA') || type.includes('DOUB')) return 'real';
  if (type.includes('BLOB')) return 'bytes';
  return 'text';
}

/** A column's kind from PostgreSQL's `information_schema.columns.data_type`. */
export function postgresKind(dataType: string, where: string): ColumnKind {
  if (['integer', 'bigint', 'smallint'].includes(dataType)) return 'integer';
  if (['double precision', 'real'].includes(dataType)) return 'real';
  if (['text', 'character varying', 'character', 'json', 'jsonb'].includes(dataType)) return 'text';
  if (dataType.startsWith('timestamp')) return 'timestamp';
  if (dataType === 'bytea') return 'bytes';
  throw new Error(`${where} has the type ${dataType}, which backups do not know: add it to server/backup/format.ts`);
}

/** A value read from either database, as the archive writes it. */
export function encodeValue(kind: ColumnKind, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (kind === 'bytes') return Buffer.isBuffer(value) ? value.toString('base64') : String(value);
  if (kind === 'integer' || kind === 'real') return typeof value === 'number' ? value : Number(value);
  if (value instanceof Date) return value.toISOString();
  return value;
}
