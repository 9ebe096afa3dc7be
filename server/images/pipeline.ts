import { createHash } from 'node:crypto';
import { loadSharp } from './sharp.ts';

export const CARD_WIDTH = 480;
export const CARD_HEIGHT = 270;
export const DETAIL_WIDTH = 1280;
export const DETAIL_HEIGHT = 720;

export interface ProcessedImage {
  /** Content hash of the detail rendition; names both files. */
  key: string;
  detail: Buffer;
  card: Buffer;
}

/**
 * Decodes, auto-rotates and re-encodes to WebP in a detail and a card size (16:9, cropped to
 * fill); re-encoding drops all metadata. Input limits are enforced by the caller's sniffing.
 */
export async function processImage(bytes: Buffer, maxPixels: number): Promise<ProcessedImage> {
  const sharp = await loadSharp();
  const source = () => sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error', animated: false }).rotate();
  const [detail, card] = await Promise.all([
    source()
      .resize(DETAIL_WIDTH, DETAIL_HEIGHT, { fit: 'cover', withoutEnlargement: false })
      .webp({ quality: 80 })
      .toBuffer(),
    source().resize(CARD_WIDTH, CARD_HEIGHT, { fit: 'cover' }).webp({ quality: 72 }).toBuffer(),
  ]);
  const key = createHash('sha256').update(detail).digest('hex').slice(0, 32);
  return { key, detail, card };
}
