import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createGunzip } from 'node:zlib';
import { KEY } from '../images/storage.ts';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  ArchiveError,
  type Column,
  COLUMN_KINDS,
  type EndRecord,
  type HeaderRecord,
  type ImageRecord,
  type Row,
  type SequencesRecord,
  type TableRecord,
} from './format.ts';
import { type LineLimits, limitsFor, type ReadCounts, splitLines } from './lines.ts';
import { isArchivedTableName } from './tables.ts';

/** What reading an archive hands out: its records, each row with its table. */
export type ArchiveItem = HeaderRecord | TableRecord | SequencesRecord | ImageRecord | EndRecord | { type: 'row'; table: TableRecord; row: Row };

/** Reads the whole archive and checks it; resolves to its header and end record, or throws ArchiveError. */
export async function verifyArchive(file: string, options: ReadOptions = {}): Promise<{ header: HeaderRecord; end: EndRecord }> {
  let header: HeaderRecord | undefined;
  let end: EndRecord | undefined;
  for await (const item of readArchive(file, options)) {
    if (item.type === 'header') header = item;
    if (item.type === 'end') end = item;
  }
  if (!header || !end) throw new ArchiveError('The archive has no header or no end');
  return { header, end };
}

/**
 * The archive's records in order, each checked as it comes; the last check (counts and checksum in
 * the end record) comes after the last row, so a caller loading as it reads must be able to undo it
 * (restore.ts loads in one transaction, after a first pass through verifyArchive).
 */
export async function* readArchive(file: string, options: ReadOptions = {}): AsyncGenerator<ArchiveItem> {
  const state = new ArchiveState();
  let number = 0;
  for await (const line of archiveLines(file, options)) {
    number += 1;
    if (state.ended) {
      if (line.trim() !== '') throw new ArchiveError(`The archive goes on after its end record (line ${number})`);
      continue;
    }
    yield state.accept(parseLine(line, number), line, number);
  }
  if (number === 0) throw new ArchiveError('The archive is empty');
  if (!state.ended) throw new ArchiveError('The archive is incomplete: it stops before its end record (cut short while it was written or copied?)');
}

function parseLine(line: string, number: number): unknown {
  try {
    return JSON.parse(line);
  } catch {
    throw new ArchiveError(`The archive is damaged: line ${number} is not JSON`);
  }
}

/** The checks between records: order, tables, row widths, counts and the checksum. */
class ArchiveState {
  ended = false;
  private readonly hash = createHash('sha256');
  private header: HeaderRecord | undefined;
  private table: TableRecord | undefined;
  private readonly tables: Record<string, number> = {};
  private images = 0;

  accept(value: unknown, line: string, number: number): ArchiveItem {
    const item = this.check(value, number);
    if (item.type === 'end') this.finish(item);
    else this.hash.update(`${line}\n`);
    return item;
  }

  private check(value: unknown, number: number): ArchiveItem {
    if (!this.header) return (this.header = checkHeader(value));
    if (Array.isArray(value)) {
      if (!this.table) throw damaged(number, 'a row before any table');
      if (value.length !== this.table.columns.length) throw damaged(number, `a row of ${value.length} values in ${this.table.name}, which has ${this.table.columns.length} columns`);
      this.tables[this.table.name]! += 1;
      return { type: 'row', table: this.table, row: value };
    }
    const record = value as { type?: unknown } | null;
    switch (record?.type) {
      case 'table':
        return (this.table = this.checkTable(record, number));
      case 'sequences':
        this.table = undefined;
        return checkSequences(record, number);
      case 'image':
        this.table = undefined;
        this.images += 1;
        return checkImage(record, number);
      case 'end':
        return record as EndRecord;
      default:
        throw damaged(number, 'a record of no known type');
    }
  }

  private checkTable(value: object, number: number): TableRecord {
    const { name, columns } = value as Partial<TableRecord>;
    if (!isArchivedTableName(name)) throw damaged(number, `a table backups do not write (${String(name).slice(0, 40)})`);
    if (name in this.tables) throw damaged(number, `the table ${name} twice`);
    const valid = Array.isArray(columns) && columns.length > 0 && columns.every((column) => isColumn(column));
    if (!valid) throw damaged(number, `the table ${name} without a valid column list`);
    this.tables[name] = 0;
    return { type: 'table', name, columns };
  }

  private finish(end: EndRecord): void {
    if (typeof end.sha256 !== 'string' || !Array.isArray(end.missingImages)) throw new ArchiveError('The archive is damaged: its end record is malformed');
    if (this.hash.digest('hex') !== end.sha256) throw new ArchiveError('The archive is damaged: its checksum does not match its contents');
    const counted = JSON.stringify(sorted(this.tables));
    if (counted !== JSON.stringify(sorted(end.tables ?? {})) || this.images !== end.images) {
      throw new ArchiveError('The archive is damaged: its row or image counts do not match its end record');
    }
    this.ended = true;
  }
}

function checkHeader(value: unknown): HeaderRecord {
  const header = value as Partial<HeaderRecord> | null;
  if (header?.type !== 'header' || header.format !== ARCHIVE_FORMAT) throw new ArchiveError('This is not a catalogue backup (made by `npm run backup`)');
  if (header.version !== ARCHIVE_VERSION) throw new ArchiveError(`The archive is of format version ${String(header.version)}; this version reads version ${ARCHIVE_VERSION}`);
  return header as HeaderRecord;
}

function checkSequences(value: object, number: number): SequencesRecord {
  const values = (value as Partial<SequencesRecord>).values;
  const valid = typeof values === 'object' && values !== null && Object.values(values).every((entry) => Number.isSafeInteger(entry) && entry >= 0);
  if (!valid) throw damaged(number, 'id counters that are not whole numbers');
  return { type: 'sequences', values };
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function checkImage(value: object, number: number): ImageRecord {
  const { key, detail, card, createdAt } = value as Partial<ImageRecord>;
  const valid = typeof key === 'string' && KEY.test(key) && [detail, card].every((bytes) => typeof bytes === 'string' && BASE64.test(bytes));
  if (!valid || (createdAt !== null && typeof createdAt !== 'string')) throw damaged(number, 'an image record without a valid key or bytes');
  return { type: 'image', key, detail: detail!, card: card!, createdAt: createdAt ?? null };
}

function isColumn(column: unknown): column is Column {
  return Array.isArray(column) && column.length === 2 && typeof column[0] === 'string' && COLUMN_KINDS.includes(column[1]);
}

function damaged(number: number, what: string): ArchiveError {
  return new ArchiveError(`The archive is damaged: line ${number} holds ${what}`);
}

function sorted(counts: Record<string, number>): [string, number][] {
  return Object.entries(counts).sort(([a], [b]) => a.localeCompare(b));
}

/** How an archive is read: the bounds (by default limitsFor its size) and counters a caller may watch. */
export interface ReadOptions {
  limits?: LineLimits;
  counts?: ReadCounts;
}

/** The archive's text lines, gunzipped as they are read; a damaged or cut gzip stream is an ArchiveError. */
async function* archiveLines(file: string, options: ReadOptions): AsyncGenerator<string> {
  const source = fs.createReadStream(file);
  const gunzip = createGunzip();
  source.on('error', (error) => gunzip.destroy(error));
  source.pipe(gunzip);
  try {
    const limits = options.limits ?? limitsFor((await fs.promises.stat(file)).size);
    yield* splitLines(gunzip as AsyncIterable<Buffer>, limits, options.counts);
  } catch (error) {
    throw readError(file, error);
  } finally {
    source.destroy();
    gunzip.destroy();
  }
}

function readError(file: string, error: unknown): Error {
  if (error instanceof ArchiveError) return error;
  const { code, message } = error as NodeJS.ErrnoException;
  if (code === 'ENOENT') return new ArchiveError(`There is no archive at ${file}`);
  if (code === 'EISDIR' || code === 'EACCES') return new ArchiveError(`${file} cannot be read (${code})`);
  if (message === 'incorrect header check') return new ArchiveError('This is not a catalogue backup (not gzip data; made by `npm run backup`?)');
  if (code === 'Z_BUF_ERROR') return new ArchiveError('The archive is incomplete: its compressed data stops short (cut while it was written or copied?)');
  return new ArchiveError(`The archive is damaged: ${message}`);
}
