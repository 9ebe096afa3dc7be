import { createHash } from 'node:crypto';
import type { Sharp } from 'sharp';
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

const DETAIL_QUALITY = 80;
const CARD_QUALITY = 72;

/**
 * Decodes, auto-rotates and re-encodes to WebP in a detail and a card size (16:9, cropped to
 * fill); re-encoding drops all metadata. Input limits are enforced by the caller's sniffing.
 */
export async function processImage(bytes: Buffer, maxPixels: number): Promise<ProcessedImage> {
  const sharp = await loadSharp();
  const source = () => sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error', animated: false }).rotate();
  const { width = 0, height = 0 } = await source().metadata();
  const [detail, card] = width * height > DETAIL_WIDTH * DETAIL_HEIGHT ? await fromOneDecode(source()) : await fromTwoDecodes(source);
  const key = createHash('sha256').update(detail).digest('hex').slice(0, 32);
  return { key, detail, card };
}

/**
 * A source larger than the detail frame is decoded once: the detail frame is kept raw and the card
 * is cut from it. Its detail file is byte for byte what resizing the source gives, and the card is a
 * downscale of a downscale (the same 16:9 crop), so nothing visible is lost while peak memory holds
 * one decoded source instead of two.
 */
async function fromOneDecode(source: Sharp): Promise<[Buffer, Buffer]> {
  const { data, info } = await source.resize(DETAIL_WIDTH, DETAIL_HEIGHT, { fit: 'cover' }).raw().toBuffer({ resolveWithObject: true });
  const sharp = await loadSharp();
  const frame = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  return Promise.all([
    frame().webp({ quality: DETAIL_QUALITY }).toBuffer(),
    frame().resize(CARD_WIDTH, CARD_HEIGHT, { fit: 'cover' }).webp({ quality: CARD_QUALITY }).toBuffer(),
  ]);
}

/** A source no larger than the detail frame costs little to decode twice, and its card is not cut from an upscale. */
function fromTwoDecodes(source: () => Sharp): Promise<[Buffer, Buffer]> {
  return Promise.all([
    source().resize(DETAIL_WIDTH, DETAIL_HEIGHT, { fit: 'cover' }).webp({ quality: DETAIL_QUALITY }).toBuffer(),
    source().resize(CARD_WIDTH, CARD_HEIGHT, { fit: 'cover' }).webp({ quality: CARD_QUALITY }).toBuffer(),
  ]);
}
