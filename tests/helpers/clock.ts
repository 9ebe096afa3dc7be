/** A clock for the caches that moves only when a test moves it. */
export function testClock() {
  const clock = {
    ms: 1_000,
    now: () => clock.ms,
    advance(ms: number) {
      clock.ms += ms;
    },
  };
  return clock;
}
