import { chromium } from 'playwright-core';

/** `node --import tsx tools/screenshot.ts <url> <out.png> [width]`: a full-page look at a page. */
const [url, out, width = '1280'] = process.argv.slice(2);
if (!url || !out) {
  console.error('Usage: node --import tsx tools/screenshot.ts <url> <out.png> [width]');
  process.exit(1);
}
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const page = await browser.newPage({ viewport: { width: Number(width), height: 900 } });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.screenshot({ path: out, fullPage: true });
} finally {
  await browser.close();
}
