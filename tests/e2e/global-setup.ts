import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_LAUNCH } from './chromium.ts';

/**
 * One Chromium for the whole run, shared by every file and worker: each file connects to it and opens
 * its own contexts (docs/decisions/NEW-e2e-speed.md). A context is as isolated as a browser of its own
 * (cookies, storage, cache), and a launch per file cost about a second of a busy machine's CPU each.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await chromium.launchServer(CHROMIUM_LAUNCH);
  project.provide('chromiumEndpoint', server.wsEndpoint());
  return () => server.close();
}
