import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { insertScript } from '../helpers/factories.ts';
import { MAY_BE_PATCHED_VOTES } from '../../contract/constants.ts';
import { VoteRepository } from '../../server/votes/repository.ts';
import { expectNoSeriousViolations, loginAdmin, waitForHydration } from './harness.ts';
import { e2eSuite, VISITOR_AGENT } from './suite.ts';

// A visitor's votes on a script's page (docs/product.md#votes).

const toggle = (page: Page, name: RegExp) => page.getByRole('group', { name: 'Votes' }).getByRole('button', { name });
const LIKE = /^Like \d+$/;
const DISLIKE = /^Dislike \d+$/;
const WORKS = /^Works \d+$/;
const BROKEN = /^Doesn’t work \d+$/;

describe('votes in a real browser', () => {
  let scriptId: number;
  const suite = e2eSuite({
    arrange: async ({ site }) => {
      ({ id: scriptId } = await insertScript(site.services, { playsname: 'Vote Target' }));
    },
  });

  const pressed = (page: Page, name: RegExp) => toggle(page, name).getAttribute('aria-pressed');
  const label = (page: Page, name: RegExp) => toggle(page, name).textContent();

  it('likes a script and says it works, sees the counts change, and sees both choices after a reload', async () => {
    const page = await suite.visit(`/scripts/${scriptId}`, { userAgent: VISITOR_AGENT });
    await expect(label(page, LIKE)).resolves.toBe('Like 0');
    await expect(pressed(page, LIKE)).resolves.toBe('false');
    await expectNoSeriousViolations(page, 'the script page with its votes');

    await toggle(page, LIKE).click();
    await expect.poll(() => pressed(page, LIKE)).toBe('true');
    await expect(label(page, LIKE)).resolves.toBe('Like 1');
    await toggle(page, WORKS).click();
    await expect.poll(() => pressed(page, WORKS)).toBe('true');
    await expect(label(page, WORKS)).resolves.toBe('Works 1');
    await expect(pressed(page, DISLIKE)).resolves.toBe('false');
    await expect(pressed(page, BROKEN)).resolves.toBe('false');

    // Changing the vote moves the count from one button to the other.
    await toggle(page, DISLIKE).click();
    await expect.poll(() => label(page, DISLIKE)).toBe('Dislike 1');
    await expect(label(page, LIKE)).resolves.toBe('Like 0');
    await toggle(page, LIKE).click();
    await expect.poll(() => label(page, LIKE)).toBe('Like 1');
    await expect(label(page, DISLIKE)).resolves.toBe('Dislike 0');

    // The page itself may come from the cache; the visitor's own choices and fresh counts come after.
    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => pressed(page, LIKE)).toBe('true');
    await expect(pressed(page, WORKS)).resolves.toBe('true');
    await expect(label(page, LIKE)).resolves.toBe('Like 1');
    await expect(label(page, WORKS)).resolves.toBe('Works 1');
  });

  it('tells a client the server takes for a crawler that its vote was not taken, and presses nothing', async () => {
    const page = await suite.visit(`/scripts/${scriptId}`);
    await toggle(page, DISLIKE).click();
    await expect.poll(() => page.getByText('Votes are taken from browsers only.').isVisible()).toBe(true);
    await expect(pressed(page, DISLIKE)).resolves.toBe('false');
  });

  it('shows May be patched on the page and in the admin list, until the admin marks the script working', async () => {
    const { id } = await insertScript(suite.site.services, { playsname: 'Broken Hub' });
    // Arranged in the database: "doesn't work" answers of as many visitors as the threshold.
    const now = Date.now();
    await new VoteRepository(suite.site.services.db).apply(
      Array.from({ length: MAY_BE_PATCHED_VOTES }, (_, i) => ({ visitorHash: `e2e-visitor-${i}`, requests: [{ scriptId: id, kind: 'works' as const, value: 0, at: now }] })),
      now,
    );
    const page = await suite.visit(`/scripts/${id}`);
    await expect(page.getByRole('list', { name: 'Script facts' }).first().innerText()).resolves.toContain('May be patched');

    await page.addInitScript((value) => window.localStorage.setItem('adminToken', value), await loginAdmin(suite));
    await page.goto(`${suite.url}/admin/dashboard/scripts`);
    await waitForHydration(page);
    const row = page.getByTestId('script-row').filter({ hasText: 'Broken Hub' });
    await expect.poll(() => row.innerText()).toContain('May be patched');
    await row.getByRole('button', { name: /^Mark Broken Hub working/ }).click();
    await expect.poll(() => row.innerText()).not.toContain('May be patched');
    await expect(row.getByRole('button', { name: /^Mark Broken Hub working/ }).count()).resolves.toBe(0);
    const answer = (await (await fetch(`${suite.url}/api/scripts/${id}`)).json()) as { mayBePatched: boolean };
    expect(answer.mayBePatched).toBe(false);
  });
});
