import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Writes .br and .gz beside every text asset of the web build, at the highest levels (done once at
 * build time), so the server sends compressed bytes without compressing per request.
 */
const root = path.resolve('build', 'client');
const TEXT = /\.(js|css|svg|json|txt|xml|html)$/;
let files = 0;
let before = 0;
let after = 0;

function walk(dir: string) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(file);
    else if (TEXT.test(entry.name)) compress(file);
  }
}

function compress(file: string) {
  const bytes = fs.readFileSync(file);
  if (bytes.length < 1024) return;
  const br = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } });
  fs.writeFileSync(`${file}.br`, br);
  fs.writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  files += 1;
  before += bytes.length;
  after += br.length;
}

if (!fs.existsSync(root)) throw new Error('No build/client: run react-router build first');
walk(root);
console.log(`Compressed ${files} assets: ${Math.round(before / 1024)} KiB → ${Math.round(after / 1024)} KiB brotli`);
