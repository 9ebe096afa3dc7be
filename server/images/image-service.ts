import { AppError } from '../errors.ts';
import { type ProcessedImage, processImage } from './pipeline.ts';
import { sniffImageType } from './sniff.ts';
import type { ImageStorage } from './storage.ts';
import { loadSharp } from './sharp.ts';

export interface ImageLimits {
  maxBytes: number;
  maxPixels: number;
}

const ACCEPTED = 'JPEG, PNG, WebP, GIF or AVIF';

/** Checks an upload by its bytes, then re-encodes it (DESIGN.md 2.11). */
export class ImageService {
  constructor(
    private readonly storage: ImageStorage,
    private readonly limits: ImageLimits,
  ) {}

  async prepare(bytes: Buffer): Promise<ProcessedImage> {
    if (bytes.length > this.limits.maxBytes) {
      throw new AppError(413, 'PAYLOAD_TOO_LARGE', `Image must be at most ${Math.floor(this.limits.maxBytes / 1024 / 1024)} MB`, {
        image: 'File is too large',
      });
    }
    if (!sniffImageType(bytes)) {
      throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', `Image must be ${ACCEPTED}`, { image: `Only ${ACCEPTED} images are accepted` });
    }
    let width = 0;
    let height = 0;
    try {
      // The header alone: a decompression bomb is refused before any pixel is decoded.
      ({ width = 0, height = 0 } = await (await loadSharp())(bytes, { limitInputPixels: false }).metadata());
    } catch {
      throw unreadable();
    }
    if (width * height > this.limits.maxPixels) {
      const megapixels = Math.floor(this.limits.maxPixels / 1_000_000);
      throw new AppError(400, 'VALIDATION_FAILED', `Image must be at most ${megapixels} megapixels`, {
        image: `At most ${megapixels} megapixels`,
      });
    }
    try {
      return await processImage(bytes, this.limits.maxPixels);
    } catch {
      throw unreadable();
    }
  }

  save(image: ProcessedImage): Promise<void> {
    return this.storage.save(image);
  }

  remove(key: string): Promise<void> {
    return this.storage.remove(key);
  }
}

function unreadable() {
  return new AppError(400, 'VALIDATION_FAILED', 'The image could not be read; it may be damaged', { image: 'Damaged or unreadable image' });
}
