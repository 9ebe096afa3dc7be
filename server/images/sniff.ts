/** Image types accepted for upload, recognised by their first bytes, never by name or declared type. */
export type ImageType = 'jpeg' | 'png' | 'gif' | 'webp' | 'avif';

const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString('latin1');

export function sniffImageType(bytes: Buffer): ImageType | undefined {
  if (bytes.length < 12) return undefined;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  const head6 = ascii(bytes, 0, 6);
  if (head6 === 'GIF87a' || head6 === 'GIF89a') return 'gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (ascii(bytes, 4, 8) === 'ftyp' && hasAvifBrand(bytes)) return 'avif';
  return undefined;
}

/** Declared media types, with the aliases browsers and tools still send, by the type they claim. */
const DECLARED: Record<string, ImageType> = {
  'image/jpeg': 'jpeg',
  'image/jpg': 'jpeg',
  'image/pjpeg': 'jpeg',
  'image/png': 'png',
  'image/x-png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
};

/**
 * Whether a client's declared type claims something other than the bytes are. No declaration, or the
 * generic application/octet-stream, claims nothing. The declaration never makes a file acceptable;
 * it can only make a contradicting one unacceptable.
 */
export function declarationContradicts(declared: string | undefined, actual: ImageType): boolean {
  const type = declared?.split(';')[0]?.trim().toLowerCase();
  if (!type || type === 'application/octet-stream') return false;
  return DECLARED[type] !== actual;
}

/** ISO-BMFF: a box size, 'ftyp', a major brand, a version, then compatible brands; AVIF may be any of them. */
function hasAvifBrand(bytes: Buffer): boolean {
  const boxSize = Math.min(bytes.readUInt32BE(0), bytes.length, 256);
  const brands = [ascii(bytes, 8, 12)];
  for (let offset = 16; offset + 4 <= boxSize; offset += 4) brands.push(ascii(bytes, offset, offset + 4));
  return brands.some((brand) => brand === 'avif' || brand === 'avis');
}
