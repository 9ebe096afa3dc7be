/**
 * Reads `read` every 20 ms until `done` holds, and answers that value; fails with the last value seen
 * after `timeoutMs`. For outcomes another process or a timer brings about, never for "nothing happened".
 */
export async function until<T>(what: string, read: () => T | Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
