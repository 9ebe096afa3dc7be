// The loader analysis thread when the server runs from source (`npm run dev`, the tests): Node gives
// worker threads none of the parent's loaders, so this registers tsx and loads the TypeScript thread.
// Beside the production bundle, build/app/analysis-worker.mjs is that thread compiled instead
// (tools/build-server.ts), and this file is not used.
import { register } from 'tsx/esm/api';

register();
await import('./analysis-thread.ts');
