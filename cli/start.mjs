// `npm start`: builds once when no build exists, then runs the production server with plain node.
// Plain JavaScript on purpose: no TypeScript loader stays resident in the server process.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const serverEntry = path.resolve('build', 'app', 'main.mjs');
const webEntry = path.resolve('build', 'server', 'index.js');
if (!fs.existsSync(serverEntry) || !fs.existsSync(webEntry)) {
  globalThis.console.log('No build yet: building once (npm run build)...');
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) {
    globalThis.console.error('The build failed; the server was not started.');
    globalThis.process.exit(result.status ?? 1);
  }
}
await import(pathToFileURL(serverEntry).href);
