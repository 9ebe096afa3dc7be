import type sharpModule from 'sharp';

let loading: Promise<typeof sharpModule> | undefined;

/**
 * sharp, loaded on first use: libvips adds about 35 MB to the process, and a server that serves the
 * catalogue but takes no uploads never needs it.
 */
export function loadSharp(): Promise<typeof sharpModule> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    // Each upload is processed once, so libvips' operation cache would only hold memory.
    sharp.cache(false);
    return sharp;
  });
  return loading;
}
