import { ArchiveError } from './format.ts';

/**
 * The longest line an archive may hold, newline not counted (docs/decisions/0053-bounded-archive-lines.md).
 * The largest record a backup writes is an image: both WebP renditions (1280×720 at quality 80 and
 * 480×270 at 72, server/images/pipeline.ts) in base64, about 0.9 MB for pure noise; a script row is at
 * most ~150 KB (a 20,000-character loader and a 5,000-character description, each character escaped
 * to six). 16 MiB holds even two renditions as large as a whole 5 MB upload, in base64, twice over.
 */
export const MAX_LINE_BYTES = 16 * 1024 * 1024;
/**
 * A gzip bomb's bound: the text may be at most this many times the compressed file, plus a floor that
 * no small catalogue reaches. A backup's JSON compresses about 3 to 10 times (images, base64 WebP, not
 * at all); deflate can reach about 1,000 times, so only a crafted or degenerate file comes near 100.
 */
export const MAX_EXPANSION = 100;
export const EXPANSION_FLOOR_BYTES = 256 * 1024 * 1024;

export interface LineLimits {
  maxLineBytes: number;
  /** The most decompressed bytes read before the archive is refused. */
  maxTotalBytes: number;
}

/** What reading has cost so far: bytes decompressed, and bytes looked at in the search for newlines. */
export interface ReadCounts {
  decompressed: number;
  scanned: number;
}

/** The limits for a compressed file of `compressedBytes`. */
export function limitsFor(compressedBytes: number): LineLimits {
  return { maxLineBytes: MAX_LINE_BYTES, maxTotalBytes: EXPANSION_FLOOR_BYTES + MAX_EXPANSION * compressedBytes };
}

/**
 * The text lines of `chunks`, in linear time: each byte is scanned for a newline once, and a line's
 * unfinished tail is kept as a list of chunks joined once, when its newline comes. A newline byte is
 * never part of a multi-byte UTF-8 character, so lines are cut as bytes and decoded whole. A line
 * longer than `maxLineBytes` is refused as soon as its tail passes the bound, before more is read.
 */
export async function* splitLines(chunks: AsyncIterable<Buffer>, limits: LineLimits, counts: ReadCounts = { decompressed: 0, scanned: 0 }): AsyncGenerator<string> {
  let tail: Buffer[] = [];
  let tailBytes = 0;
  let number = 1;
  for await (const chunk of chunks) {
    counts.decompressed += chunk.length;
    if (counts.decompressed > limits.maxTotalBytes) throw tooLarge(limits.maxTotalBytes);
    let start = 0;
    for (let end = chunk.indexOf(0x0a, start); end !== -1; end = chunk.indexOf(0x0a, start)) {
      counts.scanned += end + 1 - start;
      if (tailBytes + end - start > limits.maxLineBytes) throw tooLong(number, limits.maxLineBytes);
      tail.push(chunk.subarray(start, end));
      yield Buffer.concat(tail, tailBytes + end - start).toString('utf8');
      tail = [];
      tailBytes = 0;
      number += 1;
      start = end + 1;
    }
    counts.scanned += chunk.length - start;
    if (start === chunk.length) continue;
    tail.push(chunk.subarray(start));
    tailBytes += chunk.length - start;
    if (tailBytes > limits.maxLineBytes) throw tooLong(number, limits.maxLineBytes);
  }
  if (tailBytes > 0) yield Buffer.concat(tail, tailBytes).toString('utf8');
}

function tooLong(number: number, max: number): ArchiveError {
  return new ArchiveError(`The archive is damaged: line ${number} is longer than ${mebibytes(max)} MB, more than any record a backup writes`);
}

function tooLarge(max: number): ArchiveError {
  return new ArchiveError(`The archive is damaged: it unpacks to more than ${mebibytes(max)} MB, far more than its compressed size holds in any backup (a gzip bomb?)`);
}

function mebibytes(bytes: number): string {
  return String(Math.round((bytes / 1024 / 1024) * 10) / 10);
}
