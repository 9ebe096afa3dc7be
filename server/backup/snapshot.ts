import type { Column, ImageRecord, Row } from './format.ts';
import type { BackedUpTable } from './tables.ts';

/** A backed-up table as the snapshot has it: its columns (name and kind) in the database's order. */
export interface SnapshotTable {
  spec: BackedUpTable;
  columns: Column[];
}

/**
 * One consistent read of a catalogue database (docs/decisions/0023-backups.md): SQLite, a read transaction
 * on its own connection (WAL: writers go on); PostgreSQL, a `REPEATABLE READ READ ONLY` transaction.
 * Everything read through it is the catalogue as it was at its first read. Values come out as the
 * archive writes them (format.ts `encodeValue`).
 */
export interface Snapshot {
  readonly database: 'sqlite' | 'postgres';
  /** The newest applied migration. */
  readonly migration: string | null;
  /** The backed-up tables the database has, in restore order. */
  readonly tables: SnapshotTable[];
  /** The table's rows in key order, a batch at a time (the event loop runs between batches). */
  rows(table: SnapshotTable): AsyncIterable<Row[]>;
  /** The id counters of the identity tables: the last id handed out, deleted or not. */
  sequences(): Promise<Record<string, number>>;
  /** Image keys the scripts and games name. */
  referencedImageKeys(): Promise<string[]>;
  /** Rows of `images` (IMAGE_STORAGE=database) that the scripts and games name. */
  imageRows(): AsyncIterable<ImageRecord>;
  close(): Promise<void>;
}

/** Rows per batch at most, and characters of text (a script with a 20,000-character loader holds about 45,000): a batch costs milliseconds of the event loop. */
export const ROW_BATCH = 100;
export const BATCH_CHARACTERS = 256 * 1024;

/** Roughly how much text a row holds. */
export function rowCharacters(row: unknown[]): number {
  let characters = 0;
  for (const value of row) characters += typeof value === 'string' ? value.length : 8;
  return characters;
}

export function quoteId(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** The SQL both databases use to name the referenced images. */
export const REFERENCED_KEYS = 'SELECT image_key FROM scripts WHERE image_key IS NOT NULL UNION SELECT icon_key FROM games WHERE icon_key IS NOT NULL';
