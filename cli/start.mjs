// `npm start`: builds once when no build exists, then runs the production server with plain node.
// Plain JavaScript on purpose: no TypeScript loader stays resident in the server process.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

// React and other libraries pick their production build from NODE_ENV when first loaded; unset, they
// would load their development builds (slower, and with development-only warnings).
globalThis.process.env.NODE_ENV ??= 'production';

const serverEntry = path.resolve('build', 'app', 'main.mjs');
const webEntry = path.resolve('build', 'server', 'index.js');
if (!fs.existsSync(serverEntry) || !fs.existsSync(webEntry)) {
  globalThis.console.log('No build yet: building once (npm run build)...');
  const started = Date.now();
  // The build's own output (hundreds of lines) is shown only when it fails.
  const result = spawnSync('npm', ['run', 'build'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) {
    globalThis.process.stdout.write(result.stdout ?? '');
    globalThis.process.stderr.write(result.stderr ?? '');
    globalThis.console.error('The build failed; the server was not started.');
    globalThis.process.exit(result.status ?? 1);
  }
  globalThis.console.log(`Built in ${Math.round((Date.now() - started) / 1000)} s.`);
}
await import(pathToFileURL(serverEntry).href);
