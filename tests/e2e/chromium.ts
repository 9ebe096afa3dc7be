/** Debian's Chromium, or the one CHROME_PATH names. */
export const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** How Chromium is started, by the run's global setup (tests/e2e/global-setup.ts) or by a file on its own. */
export const CHROMIUM_LAUNCH = {
  executablePath: CHROMIUM,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};
