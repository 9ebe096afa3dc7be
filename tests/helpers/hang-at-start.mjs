// A worker that never starts, for the supervisor's tests (tests/api/supervisor.test.ts): loaded into
// every process of a start with NODE_OPTIONS=--import, it makes the workers of the role
// TEST_HANG_ROLE (`setup` or `serve`) hang before the server's code runs, as a start stuck on a lock
// or on a database that never answers would. With TEST_HANG_DIR, only TEST_HANG_STARTS starts hang
// (each claims a ticket, a folder made atomically); later ones start normally. The product has no
// such hook: the fault lives in the test's environment.
import fs from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { setInterval } from 'node:timers';

function claimsTicket() {
  const dir = process.env.TEST_HANG_DIR;
  if (!dir) return true;
  for (let ticket = 0; ticket < Number(process.env.TEST_HANG_STARTS ?? 1); ticket += 1) {
    try {
      fs.mkdirSync(path.join(dir, `hang-${ticket}`));
      return true;
    } catch {
      // Taken by an earlier start.
    }
  }
  return false;
}

if (process.env.SERVER_ROLE !== undefined && process.env.SERVER_ROLE === process.env.TEST_HANG_ROLE && claimsTicket()) {
  process.stdout.write(`${JSON.stringify({ hangingAtStart: process.pid, role: process.env.SERVER_ROLE })}\n`);
  setInterval(() => undefined, 60_000);
  await new Promise(() => undefined);
}
