import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImageService } from '../../server/images/image-service.ts';
import { CARD_HEIGHT, CARD_WIDTH, DETAIL_HEIGHT, DETAIL_WIDTH } from '../../server/images/pipeline.ts';
import { sniffImageType } from '../../server/images/sniff.ts';
import { LocalImageStorage } from '../../server/images/storage.ts';
import {
  ACCEPTED_FORMATS,
  hugeDimensionPng,
  orientedJpegWithExif,
  oversizedJpeg,
  PDF_HEADER,
  sampleImage,
  SVG_WITH_SCRIPT,
  TEXT_FILE,
  truncatedJpeg,
} from '../helpers/images.ts';

// Unit level: server/images without HTTP (the HTTP side is in staff-bad-input.test.ts; the type sniffing
// alone: server/images/sniff.test.ts).

const LIMITS = { maxBytes: 5 * 1024 * 1024, maxPixels: 40_000_000 };

/** An upload sent without a declared type: judged by its bytes alone. */
const unlabelled = (bytes: Buffer) => ({ bytes, declaredType: undefined });

describe('ImageService.prepare', () => {
  let dir: string;
  let service: ImageService;

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalogue-images-'));
    service = new ImageService(new LocalImageStorage(dir), LIMITS);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it.each(ACCEPTED_FORMATS)('turns a %s into WebP renditions of 1280×720 and 480×270', async (format) => {
    const image = await service.prepare(unlabelled(await sampleImage(format)));
    const detail = await sharp(image.detail).metadata();
    const card = await sharp(image.card).metadata();
    expect([detail.format, detail.width, detail.height]).toEqual(['webp', DETAIL_WIDTH, DETAIL_HEIGHT]);
    expect([card.format, card.width, card.height]).toEqual(['webp', CARD_WIDTH, CARD_HEIGHT]);
    expect([DETAIL_WIDTH, DETAIL_HEIGHT, CARD_WIDTH, CARD_HEIGHT]).toEqual([1280, 720, 480, 270]);
  });

  it('strips metadata and applies the EXIF orientation', async () => {
    const input = await orientedJpegWithExif();
    const before = await sharp(input).metadata();
    // The fixture really carries what must go.
    expect(before.orientation).toBe(6);
    expect(before.exif?.toString('latin1')).toContain('secret');

    const image = await service.prepare(unlabelled(input));
    for (const rendition of [image.detail, image.card]) {
      const meta = await sharp(rendition).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(rendition.toString('latin1')).not.toContain('secret');
    }

    // The source is red on the left, blue on the right. Turned 90° clockwise it is red on top, blue
    // below; the 16:9 crop keeps the middle band, so the top-right corner is red. Unrotated, the crop
    // would keep red left and blue right, and that corner would be blue.
    const { data, info } = await sharp(image.detail).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => {
      const offset = (y * info.width + x) * info.channels;
      return { r: data[offset] as number, b: data[offset + 2] as number };
    };
    const topRight = pixel(info.width - 5, 5);
    const bottomLeft = pixel(5, info.height - 5);
    expect(topRight.r).toBeGreaterThan(topRight.b);
    expect(bottomLeft.b).toBeGreaterThan(bottomLeft.r);
  });

  it('names renditions by content hash: the same bytes give the same key, other bytes another', async () => {
    const bytes = await sampleImage('png');
    const first = await service.prepare(unlabelled(bytes));
    const second = await service.prepare(unlabelled(Buffer.from(bytes)));
    const other = await service.prepare(unlabelled(await sampleImage('png', { left: { r: 10, g: 200, b: 10 } })));

    expect(first.key).toMatch(/^[a-f0-9]{32}$/);
    expect(second.key).toBe(first.key);
    expect(other.key).not.toBe(first.key);
    expect(first.key).toBe(createHash('sha256').update(first.detail).digest('hex').slice(0, 32));

    await service.save(first);
    expect(fs.readdirSync(dir).sort()).toEqual([`${first.key}-card.webp`, `${first.key}.webp`]);
    expect(fs.readFileSync(path.join(dir, `${first.key}.webp`)).equals(first.detail)).toBe(true);
    expect(fs.readFileSync(path.join(dir, `${first.key}-card.webp`)).equals(first.card)).toBe(true);
    await service.remove(first.key);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  describe('rejects', () => {
    it.each([
      ['an SVG with a script', () => SVG_WITH_SCRIPT],
      ['a text file (whatever it is named)', () => TEXT_FILE],
      ['a PDF', () => PDF_HEADER],
    ])('%s with 415 naming image', async (_label, bytes) => {
      await expect(service.prepare(unlabelled(bytes()))).rejects.toMatchObject({
        statusCode: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        fields: { image: expect.any(String) },
      });
    });

    it('a 6 MB file with 413 naming image', async () => {
      const bytes = await oversizedJpeg();
      expect(bytes.length).toBe(6 * 1024 * 1024);
      await expect(service.prepare(unlabelled(bytes))).rejects.toMatchObject({
        statusCode: 413,
        code: 'PAYLOAD_TOO_LARGE',
        fields: { image: expect.any(String) },
      });
    });

    it('accepts a file of exactly the byte limit', async () => {
      const bytes = await oversizedJpeg(LIMITS.maxBytes);
      const image = await service.prepare(unlabelled(bytes));
      expect((await sharp(image.detail).metadata()).format).toBe('webp');
    });

    it('a 20000×20000 image with 400 naming image, though its bytes are small', async () => {
      const bytes = await hugeDimensionPng();
      expect(bytes.length).toBeLessThan(LIMITS.maxBytes);
      expect(sniffImageType(bytes)).toBe('png');
      await expect(service.prepare(unlabelled(bytes))).rejects.toMatchObject({
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        fields: { image: expect.stringMatching(/megapixel/i) },
      });
    }, 60_000);

    it('a truncated JPEG with 400 naming image', async () => {
      const bytes = await truncatedJpeg();
      expect(sniffImageType(bytes)).toBe('jpeg');
      await expect(service.prepare(unlabelled(bytes))).rejects.toMatchObject({
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        fields: { image: expect.any(String) },
      });
    });

    it('writes nothing to storage on any rejection', async () => {
      const inputs = [SVG_WITH_SCRIPT, TEXT_FILE, PDF_HEADER, Buffer.alloc(0), await oversizedJpeg(), await truncatedJpeg()];
      for (const bytes of inputs) await expect(service.prepare(unlabelled(bytes))).rejects.toBeDefined();
      expect(fs.readdirSync(dir)).toEqual([]);
    });
  });
});
