import { createRequire } from 'node:module';
import path from 'node:path';
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

// patches/react-dom+19.3.1.patch (applied by `npm ci`'s postinstall): React's web-streams renderer
// encodes each string of a page with Buffer.from instead of TextEncoder.encode
// (docs/decisions/0036-react-encodes-text-with-buffer.md). The production build is the one
// the server runs (NODE_ENV=production), whatever build the tests would otherwise resolve.

const require = createRequire(import.meta.url);
const productionBuild = path.join(path.dirname(require.resolve('react-dom/server.edge')), 'cjs', 'react-dom-server.edge.production.js');
const { renderToReadableStream } = require(productionBuild) as typeof import('react-dom/server.edge');

async function html(element: ReturnType<typeof createElement>): Promise<string> {
  const stream = await renderToReadableStream(element);
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

afterEach(() => vi.restoreAllMocks());

describe("React's page encoder", () => {
  it('encodes the text of a page with Buffer.from (the patch is applied)', async () => {
    const from = vi.spyOn(Buffer, 'from');
    const encode = vi.spyOn(TextEncoder.prototype, 'encode');
    await html(createElement('p', { className: 'card' }, 'Auto farm ', createElement('b', null, 'v2')));
    expect(from.mock.calls.map(([value]) => value)).toEqual(expect.arrayContaining(['card', 'Auto farm ', 'v2']));
    expect(encode.mock.calls.map(([value]) => value)).not.toContain('Auto farm ');
  });

  it('still writes the same HTML: escaped markup and non-ASCII text as UTF-8, short and long', async () => {
    const text = 'Привет <script>"&\' 🚀 '.repeat(400);
    const escaped = text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#x27;');
    expect(await html(createElement('div', { title: 'Скрипт "a" & b' }, text, createElement('span', null, 'ß')))).toBe(
      `<div title="Скрипт &quot;a&quot; &amp; b">${escaped}<span>ß</span></div>`,
    );
  });
});
