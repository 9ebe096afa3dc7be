import type { ErrorText } from '../shared/error-texts.ts';
import { badRequest, payloadTooLarge, unsupportedMediaType } from '../shared/errors.ts';
import { DecodeQueue, type DecodeQueueLimits } from './decode-queue.ts';
import { KeyedLock } from './keyed-lock.ts';
import { type ProcessedImage, processImage } from './pipeline.ts';
import { declarationContradicts, sniffImageType } from './sniff.ts';
import type { ImageStorage, LockTransaction } from './storage.ts';
import { loadSharp } from './sharp.ts';

/** An uploaded file: its bytes, and the media type the client declared for it (if any). */
export interface UploadedImage {
  bytes: Buffer;
  declaredType: string | undefined;
}

export interface ImageLimits {
  maxBytes: number;
  maxPixels: number;
}

/** Who uses an image key, asked under a lock every process sharing the database respects. */
export interface ImageReferences {
  /** Runs `work` holding the key's cross-process lock, told whether any saved row references the key. */
  underImageKeyLock<T>(key: string, work: (referenced: boolean, trx: LockTransaction) => Promise<T>): Promise<T>;
}

export interface ImageServiceOptions {
  decode?: DecodeQueueLimits;
  /** Without it (a store with no rows, as in unit tests) nothing references a key. */
  references?: ImageReferences;
}

/** Two full-size decodes at once (two cores), four more waiting; a refused upload may retry in 2 s. */
export function defaultDecodeLimits(maxPixels: number): DecodeQueueLimits {
  return { pixels: 2 * maxPixels, waiting: 4, retryAfterSeconds: 2 };
}

const ACCEPTED = 'JPEG, PNG, WebP, GIF or AVIF';
const NO_REFERENCES: ImageReferences = { underImageKeyLock: (_key, work) => work(false, undefined) };

/**
 * Checks an upload by its bytes, then re-encodes it, a bounded number at a time;
 * and keeps content-addressed files consistent with the rows that use them.
 *
 * File protocol: a write pins its key before storing files and unpins once its row write settled;
 * files are written under the key's shared lock and removed under its exclusive lock, only when no
 * write in this process pins the key and no saved row references it. After its row commits, a write
 * restores any file another process removed meanwhile.
 */
export class ImageService {
  readonly decodes: DecodeQueue;
  private readonly references: ImageReferences;
  private readonly locks = new KeyedLock();
  private readonly pins = new Map<string, number>();

  constructor(
    private readonly storage: ImageStorage,
    private readonly limits: ImageLimits,
    options: ImageServiceOptions = {},
  ) {
    this.decodes = new DecodeQueue(options.decode ?? defaultDecodeLimits(limits.maxPixels));
    this.references = options.references ?? NO_REFERENCES;
  }

  async prepare({ bytes, declaredType }: UploadedImage): Promise<ProcessedImage> {
    this.checkBytes(bytes, declaredType);
    const pixels = await this.pixelsOf(bytes);
    if (pixels > this.limits.maxPixels) {
      const megapixels = Math.floor(this.limits.maxPixels / 1_000_000);
      throw badRequest(`Image must be at most ${megapixels} megapixels`, { image: `At most ${megapixels} megapixels` });
    }
    // Only decoding waits in (or is refused by) the queue; its 503 must not turn into a 400 below.
    return this.decodes.run(pixels, async () => {
      try {
        return await processImage(bytes, this.limits.maxPixels);
      } catch {
        throw unreadable();
      }
    });
  }

  /**
   * Stores the image's files, then runs `write` (the row that references them). Whatever `write`
   * throws, the files go again unless something else uses them.
   */
  async store<T>(image: ProcessedImage, write: () => Promise<T>): Promise<T> {
    this.pin(image.key);
    let written = false;
    try {
      await this.save(image);
      const result = await write();
      written = true;
      // Another process may have removed the files between our save and our commit: put them back.
      await this.references.underImageKeyLock(image.key, (_referenced, trx) => this.storage.saveMissing(image, trx));
      return result;
    } finally {
      this.unpin(image.key);
      // The write's own error is what the caller needs; a file left behind is the lesser harm.
      if (!written) await this.remove(image.key).catch(() => undefined);
    }
  }

  /** Writes the files; a removal of the same key in progress finishes first. */
  save(image: ProcessedImage): Promise<void> {
    return this.locks.shared(image.key, () => this.storage.save(image));
  }

  /** Removes a key's files unless a write in flight pins it or a saved row references it. */
  remove(key: string): Promise<void> {
    return this.locks.exclusive(key, () =>
      this.references.underImageKeyLock(key, async (referenced, trx) => {
        if (!referenced && !this.pins.has(key)) await this.storage.remove(key, trx);
      }),
    );
  }

  private pin(key: string) {
    this.pins.set(key, (this.pins.get(key) ?? 0) + 1);
  }

  private unpin(key: string) {
    const count = (this.pins.get(key) ?? 1) - 1;
    if (count > 0) this.pins.set(key, count);
    else this.pins.delete(key);
  }

  private checkBytes(bytes: Buffer, declaredType: string | undefined) {
    if (bytes.length > this.limits.maxBytes) {
      throw payloadTooLarge(`Image must be at most ${Math.floor(this.limits.maxBytes / 1024 / 1024)} MB`, {
        image: 'File is too large',
      });
    }
    const type = sniffImageType(bytes);
    if (!type) {
      throw unsupportedMediaType(`Image must be ${ACCEPTED}`, { image: `Only ${ACCEPTED} images are accepted` });
    }
    // A mislabelled or disguised file: say what it really is rather than store something else than was sent.
    if (declarationContradicts(declaredType, type)) {
      const message: ErrorText = `The file is a ${type.toUpperCase()} image but was sent as ${declaredType}; save it with its real type and try again`;
      throw unsupportedMediaType(message, { image: message });
    }
  }

  /** The header alone: a decompression bomb is refused before any pixel is decoded. */
  private async pixelsOf(bytes: Buffer): Promise<number> {
    const sharp = await loadSharp();
    try {
      const { width = 0, height = 0 } = await sharp(bytes, { limitInputPixels: false }).metadata();
      return width * height;
    } catch {
      throw unreadable();
    }
  }
}

function unreadable() {
  return badRequest('The image could not be read; it may be damaged', { image: 'Damaged or unreadable image' });
}
