/**
 * A shared/exclusive lock per string key, in this process only. Waiters are served in arrival order,
 * so a steady stream of shared holders cannot starve an exclusive one. Idle keys are forgotten.
 */
export class KeyedLock {
  private readonly keys = new Map<string, KeyState>();

  shared<T>(key: string, work: () => Promise<T>): Promise<T> {
    return this.hold(key, false, work);
  }

  exclusive<T>(key: string, work: () => Promise<T>): Promise<T> {
    return this.hold(key, true, work);
  }

  private async hold<T>(key: string, exclusive: boolean, work: () => Promise<T>): Promise<T> {
    let state = this.keys.get(key);
    if (!state) this.keys.set(key, (state = { readers: 0, writer: false, queue: [] }));
    const held = state;
    await new Promise<void>((grant) => {
      held.queue.push({ exclusive, grant });
      grantWaiting(held);
    });
    try {
      return await work();
    } finally {
      if (exclusive) held.writer = false;
      else held.readers -= 1;
      grantWaiting(held);
      if (!held.writer && held.readers === 0 && held.queue.length === 0) this.keys.delete(key);
    }
  }
}

interface KeyState {
  readers: number;
  writer: boolean;
  queue: { exclusive: boolean; grant: () => void }[];
}

/** Grants the head of the queue while it is compatible with the holders: any run of shared waiters, or one exclusive. */
function grantWaiting(state: KeyState) {
  for (let next = state.queue[0]; next; next = state.queue[0]) {
    if (state.writer || (next.exclusive && state.readers > 0)) return;
    state.queue.shift();
    if (next.exclusive) state.writer = true;
    else state.readers += 1;
    next.grant();
  }
}
