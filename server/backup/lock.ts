import fs from 'node:fs/promises';

/** How often a holder touches its lock; a lock untouched for five times this is a crashed holder's. */
export const LOCK_HEARTBEAT_MS = 60_000;
const STALE_MS = 5 * LOCK_HEARTBEAT_MS;

export interface FileLock {
  release(): Promise<void>;
}

/**
 * A lock every process of the machine respects: a file created only if absent (O_EXCL), naming its
 * holder's pid, touched every minute while held. A lock whose holder is gone (no such process, or no
 * touch for 5 minutes: a crash, or a pid taken by another process since) is taken over.
 * Resolves to undefined when another process holds it.
 */
export async function tryLock(file: string): Promise<FileLock | undefined> {
  const lock = await create(file);
  if (lock) return lock;
  if (!(await isStale(file))) return undefined;
  // Renaming is atomic: of several processes taking over one stale lock, one renames it away.
  const moved = `${file}.stale-${process.pid}`;
  if (!(await fs.rename(file, moved).then(() => true, () => false))) return undefined;
  await fs.rm(moved, { force: true });
  return create(file);
}

async function create(file: string): Promise<FileLock | undefined> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(file, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return undefined;
    throw error;
  }
  await handle.writeFile(`${process.pid}\n`);
  await handle.close();
  const heartbeat = setInterval(() => {
    const now = new Date();
    void fs.utimes(file, now, now).catch(() => undefined);
  }, LOCK_HEARTBEAT_MS);
  heartbeat.unref();
  return {
    release: async () => {
      clearInterval(heartbeat);
      await fs.rm(file, { force: true });
    },
  };
}

async function isStale(file: string): Promise<boolean> {
  try {
    const [text, stat] = await Promise.all([fs.readFile(file, 'utf8'), fs.stat(file)]);
    if (Date.now() - stat.mtimeMs > STALE_MS) return true;
    const pid = Number.parseInt(text, 10);
    return Number.isInteger(pid) && pid > 0 && !isAlive(pid);
  } catch {
    // Gone meanwhile: its holder released it; the next check takes it.
    return false;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
