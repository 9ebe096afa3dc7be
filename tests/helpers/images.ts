import sharp from 'sharp';

/** The upload formats docs/product.md#images accepts, with the MIME type a browser would declare. */
export const ACCEPTED_FORMATS = ['jpeg', 'png', 'gif', 'webp', 'avif'] as const;
export type AcceptedFormat = (typeof ACCEPTED_FORMATS)[number];

export const MIME_TYPES: Record<AcceptedFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
};

export const EXTENSIONS: Record<AcceptedFormat, string> = { jpeg: 'jpg', png: 'png', gif: 'gif', webp: 'webp', avif: 'avif' };

export interface SampleOptions {
  width?: number;
  height?: number;
  /** Two halves, left and right, so a rotation or a crop is visible in the pixels. */
  left?: { r: number; g: number; b: number };
  right?: { r: number; g: number; b: number };
}

/** Raw RGB pixels: the left half one colour, the right half another. */
function halves(width: number, height: number, left: SampleOptions['left'], right: SampleOptions['right']) {
  const a = left ?? { r: 220, g: 40, b: 40 };
  const b = right ?? { r: 40, g: 60, b: 220 };
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const colour = x < width / 2 ? a : b;
      const offset = (y * width + x) * 3;
      pixels[offset] = colour.r;
      pixels[offset + 1] = colour.g;
      pixels[offset + 2] = colour.b;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

/** A real image of the given format, encoded by sharp. */
export async function sampleImage(format: AcceptedFormat, options: SampleOptions = {}): Promise<Buffer> {
  const { width = 320, height = 180 } = options;
  const image = halves(width, height, options.left, options.right);
  switch (format) {
    case 'jpeg':
      return image.jpeg().toBuffer();
    case 'png':
      return image.png().toBuffer();
    case 'gif':
      return image.gif().toBuffer();
    case 'webp':
      return image.webp().toBuffer();
    case 'avif':
      return image.avif().toBuffer();
  }
}

/** A 200×100 JPEG whose EXIF says orientation 6 (rotate 90° clockwise) and carries a copyright. */
export async function orientedJpegWithExif(): Promise<Buffer> {
  return halves(200, 100, undefined, undefined)
    .jpeg()
    .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'secret' } } })
    .toBuffer();
}

/** An SVG that carries a script: never an accepted image, whatever it is called. */
export const SVG_WITH_SCRIPT = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="180" viewBox="0 0 320 180">' +
    '<script type="text/javascript">alert(document.cookie)</script>' +
    '<rect width="320" height="180" fill="red"/></svg>\n',
);

export const TEXT_FILE = Buffer.from('This is a plain text file, not a picture.\nIt only pretends to be one by its name.\n');

export const PDF_HEADER = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n', 'latin1');

/** A real, noisy JPEG cut in half: its header reads, its pixels do not. */
export async function truncatedJpeg(): Promise<Buffer> {
  const full = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .jpeg({ quality: 90 })
    .toBuffer();
  return full.subarray(0, Math.floor(full.length / 2));
}

/** A valid JPEG padded with trailing zeros to `bytes` (6 MB by default): too large, whatever its type. */
export async function oversizedJpeg(bytes = 6 * 1024 * 1024): Promise<Buffer> {
  const small = await sampleImage('jpeg');
  return Buffer.concat([small, Buffer.alloc(bytes - small.length)]);
}

let hugePng: Promise<Buffer> | undefined;

/**
 * A real 20000×20000 (400 megapixel) PNG, one flat grey: it compresses to a few hundred KB, well under
 * the byte limit, so only the pixel limit can refuse it. Encoding takes seconds, so it is made once.
 */
export function hugeDimensionPng(): Promise<Buffer> {
  hugePng ??= sharp({ create: { width: 20_000, height: 20_000, channels: 3, background: '#000000' }, limitInputPixels: false })
    .toColourspace('b-w')
    .png({ compressionLevel: 9 })
    .toBuffer();
  return hugePng;
}
