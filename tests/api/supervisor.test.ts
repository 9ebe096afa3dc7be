import { afterAll, describe, expect, it } from 'vitest';
import { FIRST_DELAY_MS, GIVE_UP_AFTER_FAILED_STARTS, GIVE_UP_AFTER_MS, MAX_DELAY_MS, RestartPolicy, STEADY_AFTER_MS } from '../../server/restart-policy.ts';
import { throwawayDatabase, type ThrowawayDatabase } from '../helpers/databases.ts';
import { BUILT_ENTRY, freePort, listeningPids, type RunningEntry, spawnEntry, waitForHealthy } from '../helpers/processes.ts';
import { until } from '../helpers/wait.ts';

// The `WORKERS>1` primary never gives up while it can serve (docs/decisions.md#a-supervisor-that-never-gives-up):
// every worker killed at once, twice 2.5 s apart, as a real process tree of the built server; and the
// restart rule itself against a clock. The supervisor does not depend on the database: SQLite only.


describe('the WORKERS=2 primary when every worker dies', () => {
  let throwaway: ThrowawayDatabase | undefined;
  let server: RunningEntry | undefined;
  afterAll(async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    await throwaway?.drop();
  });

  it('stays up through two simultaneous kills of both workers 2.5 s apart, serves again, and still stops gracefully', async () => {
    throwaway = await throwawayDatabase('sqlite');
    const port = await freePort();
    const running = spawnEntry({ ...throwaway.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), DEMO_CATALOGUE: 'off', WORKERS: '2', LOG_LEVEL: 'info' }, BUILT_ENTRY);
    server = running;
    const base = `http://127.0.0.1:${port}`;
    /** The listening pids once there are `count`; fails at once if the primary has exited. */
    const listening = (count: number) =>
      until(
        `${count} workers to have listened`,
        () => {
          if (running.child.exitCode !== null) throw new Error(`the primary exited with code ${running.child.exitCode}:\n${running.output().stdout}`);
          return listeningPids(running.output().stdout);
        },
        (pids) => pids.length >= count,
        20_000,
      );

    await waitForHealthy(running, `${base}/api/health`, 60_000);
    const first = await listening(2);
    const killedAt = Date.now();
    for (const pid of first) process.kill(pid, 'SIGKILL');
    const second = (await listening(4)).slice(2);
    expect(second.some((pid) => first.includes(pid))).toBe(false);

    await new Promise((resolve) => setTimeout(resolve, Math.max(0, killedAt + 2_500 - Date.now())));
    for (const pid of second) process.kill(pid, 'SIGKILL');
    await listening(6);
    await waitForHealthy(running, `${base}/api/health`, 20_000);
    expect(running.child.exitCode).toBeNull();
    expect(running.output().stdout.match(/died \(SIGKILL\); starting another/g)).toHaveLength(4);

    running.child.kill('SIGTERM');
    const exit = await running.exited;
    expect(exit.code).toBe(0);
    expect(exit.stdout).toContain('SIGTERM received: stopping 2 workers');
  }, 60_000);
});

describe('the restart rule', () => {
  const at = (start = 0) => {
    let now = start;
    return { policy: new RestartPolicy(() => now), advance: (ms: number) => (now += ms), now: () => now };
  };

  it('restarts a steady worker at once, however many die together', () => {
    const { policy, advance } = at();
    for (let slot = 0; slot < 4; slot += 1) policy.listening();
    advance(STEADY_AFTER_MS);
    for (let slot = 0; slot < 4; slot += 1) expect(policy.died(slot, 0)).toEqual({ kind: 'restart', delayMs: 0 });
  });

  it('backs a crash-looping slot off by doubling waits up to the bound, without slowing the other slots', () => {
    const { policy, advance, now } = at();
    const delays: number[] = [];
    for (let death = 0; death < 12; death += 1) {
      policy.listening();
      const verdict = policy.died(0, now());
      if (verdict.kind === 'restart') delays.push(verdict.delayMs);
      advance(1_000);
    }
    expect(delays).toEqual([250, 500, 1_000, 2_000, 4_000, 8_000, 16_000, MAX_DELAY_MS, MAX_DELAY_MS, MAX_DELAY_MS, MAX_DELAY_MS, MAX_DELAY_MS]);
    policy.listening();
    expect(policy.died(1, now())).toEqual({ kind: 'restart', delayMs: FIRST_DELAY_MS });
    // A worker that stayed up STEADY_AFTER_MS clears its slot's back-off.
    policy.listening();
    const listenedAt = now();
    advance(STEADY_AFTER_MS);
    expect(policy.died(0, listenedAt)).toEqual({ kind: 'restart', delayMs: 0 });
  });

  it('gives up only when no worker serves and every start for a minute, at least five in a row, died before listening', () => {
    const { policy, advance } = at();
    // Many failed starts within seconds: keep trying.
    for (let start = 0; start < 2 * GIVE_UP_AFTER_FAILED_STARTS; start += 1) {
      expect(policy.died(start % 2, undefined).kind).toBe('restart');
      advance(500);
    }
    // A worker listens: the count starts again. A minute of failed starts, but fewer than five: keep trying.
    policy.listening();
    expect(policy.died(0, 0).kind).toBe('restart');
    for (let start = 1; start < GIVE_UP_AFTER_FAILED_STARTS; start += 1) {
      expect(policy.died(0, undefined).kind).toBe('restart');
      advance(GIVE_UP_AFTER_MS / 2);
    }
    // Five in a row over a minute, but one worker serves: keep trying.
    policy.listening();
    const listenedAt = advance(0);
    for (let start = 0; start < GIVE_UP_AFTER_FAILED_STARTS; start += 1) expect(policy.died(1, undefined).kind).toBe('restart');
    advance(GIVE_UP_AFTER_MS);
    expect(policy.died(1, undefined).kind).toBe('restart');
    // The serving worker dies: a death after listening is no failed start, so it is restarted...
    expect(policy.died(0, listenedAt).kind).toBe('restart');
    // ...and the next failed start, with none serving after a minute of failures, gives up.
    expect(policy.died(0, undefined)).toEqual({ kind: 'give-up', failedStarts: GIVE_UP_AFTER_FAILED_STARTS + 2, failingForMs: GIVE_UP_AFTER_MS });
  });
});
