import { describe, expect, it } from 'vitest';
import { ACCEPTED_FORMATS, PDF_HEADER, sampleImage, SVG_WITH_SCRIPT, TEXT_FILE } from '../../tests/helpers/images.ts';
import { declarationContradicts, sniffImageType } from './sniff.ts';

// An upload's type, from its bytes alone (the image pipeline and the HTTP side: tests/api/images.test.ts,
// tests/api/staff-bad-input.test.ts). The samples are made by sharp.

describe('sniffImageType', () => {
  it.each(ACCEPTED_FORMATS)('recognises a %s made by sharp from its bytes', async (format) => {
    expect(sniffImageType(await sampleImage(format))).toBe(format);
  });

  it.each([
    ['an SVG with a script', SVG_WITH_SCRIPT],
    ['a text file', TEXT_FILE],
    ['a PDF header', PDF_HEADER],
    ['an empty file', Buffer.alloc(0)],
    ['a RIFF file that is not WebP (WAVE)', Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ', 'latin1')],
    ['an ISO-BMFF file of another brand (HEIC)', Buffer.from('\x00\x00\x00\x18ftypheic\x00\x00\x00\x00', 'latin1')],
    ['the first bytes of a JPEG only (too short to tell)', Buffer.from([0xff, 0xd8, 0xff, 0xe0])],
  ])('rejects %s', (_label, bytes) => {
    expect(sniffImageType(bytes)).toBeUndefined();
  });

  it('goes by bytes alone: a PNG is a PNG, whatever it was called or declared as', async () => {
    // There is no name or declared type to pass: the signature takes the bytes only.
    expect(sniffImageType.length).toBe(1);
    expect(sniffImageType(await sampleImage('png'))).toBe('png');
  });
});

describe('declarationContradicts', () => {
  it.each([
    [undefined, 'png'],
    ['', 'png'],
    ['application/octet-stream', 'gif'],
    ['image/png', 'png'],
    ['IMAGE/PNG; charset=binary', 'png'],
    ['image/jpg', 'jpeg'],
    ['image/pjpeg', 'jpeg'],
    ['image/webp', 'webp'],
    ['image/avif', 'avif'],
  ] as const)('%s for a %s claims nothing false', (declared, actual) => {
    expect(declarationContradicts(declared, actual)).toBe(false);
  });

  it.each([
    ['image/gif', 'png'],
    ['image/png', 'jpeg'],
    ['image/svg+xml', 'jpeg'],
    ['text/plain', 'png'],
    ['image/heic', 'avif'],
  ] as const)('%s for a %s contradicts the bytes', (declared, actual) => {
    expect(declarationContradicts(declared, actual)).toBe(true);
  });
});
