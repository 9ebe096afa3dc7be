/**
 * A clock that moves only when a test moves it: the caches' (monotonic, from 1 s) by default, or the
 * sessions' and login throttle's when started at an epoch time such as Date.now().
 */
export function testClock(start = 1_000) {
  const clock = {
    ms: start,
    now: () => clock.ms,
    advance(ms: number) {
      clock.ms += ms;
    },
  };
  return clock;
}
