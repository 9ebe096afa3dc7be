import { badRequest, payloadTooLarge, unsupportedMediaType } from '../errors.ts';
import { type ProcessedImage, processImage } from './pipeline.ts';
import { declarationContradicts, sniffImageType } from './sniff.ts';
import type { ImageStorage } from './storage.ts';
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

const ACCEPTED = 'JPEG, PNG, WebP, GIF or AVIF';

/** Checks an upload by its bytes, then re-encodes it (DESIGN.md 2.11). */
export class ImageService {
  constructor(
    private readonly storage: ImageStorage,
    private readonly limits: ImageLimits,
  ) {}

  async prepare({ bytes, declaredType }: UploadedImage): Promise<ProcessedImage> {
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
      const message = `The file is a ${type.toUpperCase()} image but was sent as ${declaredType}; save it with its real type and try again`;
      throw unsupportedMediaType(message, { image: message });
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
      throw badRequest(`Image must be at most ${megapixels} megapixels`, {
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
  return badRequest('The image could not be read; it may be damaged', { image: 'Damaged or unreadable image' });
}
