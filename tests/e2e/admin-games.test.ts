import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Game } from '../../contract/games.ts';
import { sampleImage } from '../helpers/images.ts';
import { DESKTOP, expectNoSeriousViolations, overflow, PHONE, staffApi } from './harness.ts';
import { createGame as createStaffGame, dialog, toast } from './staff.ts';
import { e2eSuite } from './suite.ts';

/**
 * The admin's Games section (issue 14, docs/product.md#admin-games) at /admin/dashboard/games: the
 * table (icon, name, slug, place id, scripts), search, pages of 10, create with an icon, edit, and
 * delete behind a confirmation, in the style of the other sections. Each test arranges its own games,
 * named so no other test's games match its searches.
 */

describe('admin games section in a real browser', () => {
  const suite = e2eSuite({ admin: true });

  const api = <T>(path: string, init?: RequestInit) => staffApi<T>(suite, suite.adminToken, path, init);
  const games = async () => (await fetch(`${suite.url}/api/games`)).json() as Promise<Game[]>;

  async function section(viewport = DESKTOP): Promise<Page> {
    const page = await suite.visit('/admin/dashboard/games', { viewport, tokens: { admin: suite.adminToken } });
    await page.getByRole('heading', { level: 1, name: 'Manage Games' }).waitFor();
    return page;
  }

  const rows = (page: Page) => page.getByRole('table', { name: 'Games' }).locator('tbody tr');
  const search = (page: Page, text: string) => page.getByRole('searchbox', { name: 'Search games' }).fill(text);

  it('is a section of the sidebar, at its own path', async () => {
    const page = await suite.visit('/admin/dashboard', { tokens: { admin: suite.adminToken } });
    await page.getByRole('navigation', { name: 'Admin Panel' }).getByRole('link', { name: 'Games' }).click();
    await page.waitForURL(`${suite.url}/admin/dashboard/games`);
    await page.getByRole('heading', { level: 1, name: 'Manage Games' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Admin Panel' }).getByRole('link', { name: 'Games' }).getAttribute('aria-current')).toBe('page');
  });

  it('create with an icon: validation first, the contract’s messages; the new game shows with its icon, slug and place id', async () => {
    const page = await section();
    await page.getByRole('button', { name: 'New Game' }).first().click();
    await dialog(page).getByRole('heading', { name: 'Create New Game' }).waitFor();
    await dialog(page).getByRole('button', { name: 'Create' }).click();
    await dialog(page).getByText('Name is required').waitFor();
    await dialog(page).getByLabel('Name').fill('Iconic Tower Defense');
    await dialog(page).getByLabel('Roblox place ID').fill('12ab');
    await dialog(page).getByRole('button', { name: 'Create' }).click();
    await dialog(page).getByText('Place id must be digits').waitFor();
    expect(await page.locator('#game-place-id').evaluate((input) => document.activeElement === input)).toBe(true);
    await expectNoSeriousViolations(page, 'create game with errors', { pointerAway: true });

    await dialog(page).getByLabel('Roblox place ID').fill('4567890123');
    await dialog(page).getByLabel('Icon').setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: await sampleImage('png') });
    await dialog(page).getByRole('img', { name: 'Preview of the chosen icon' }).waitFor();
    await dialog(page).getByRole('button', { name: 'Create' }).click();
    await toast(page, 'Game created successfully').waitFor();
    await dialog(page).waitFor({ state: 'detached' });

    // The list searches for the new game, which has no scripts yet and sorts late.
    expect(await page.getByRole('searchbox', { name: 'Search games' }).inputValue()).toBe('Iconic Tower Defense');
    await expect.poll(() => rows(page).count()).toBe(1);
    const row = rows(page).first();
    expect(await row.locator('td').nth(1).textContent()).toBe('Iconic Tower Defense');
    expect(await row.locator('td').nth(2).textContent()).toBe('iconic-tower-defense');
    expect(await row.locator('td').nth(3).textContent()).toBe('4567890123');
    expect(await row.locator('td').nth(4).textContent()).toBe('0');
    const icon = await row.locator('img').getAttribute('src');
    expect(icon).toMatch(/^\/uploads\//);
    expect((await fetch(`${suite.url}${icon}`)).status).toBe(200);

    const stored = (await games()).find((game) => game.name === 'Iconic Tower Defense');
    expect(stored).toMatchObject({ slug: 'iconic-tower-defense', placeId: '4567890123', icon });

    // The same name in another case: the server's 409 beside Name.
    await page.getByRole('button', { name: 'New Game' }).first().click();
    await dialog(page).getByLabel('Name').fill('ICONIC tower defense');
    await dialog(page).getByRole('button', { name: 'Create' }).click();
    await toast(page, 'Failed to save game').waitFor();
    expect(await dialog(page).getByLabel('Name').getAttribute('aria-invalid')).toBe('true');
    expect((await page.locator('#game-name-error').textContent())?.length).toBeGreaterThan(0);
    expect((await games()).filter((game) => game.slug.startsWith('iconic-tower-defense'))).toHaveLength(1);
  });

  it('edit: rename, clear the place id and drop the icon; the slug stays', async () => {
    const created = await createStaffGame(suite, suite.adminToken, 'Editable Obby', '1818');
    const form = new FormData();
    form.append('icon', new Blob([new Uint8Array(await sampleImage('png'))], { type: 'image/png' }), 'icon.png');
    const withIcon = await api<Game>(`/api/games/${created.id}`, { method: 'PATCH', body: form });
    expect(withIcon.icon).toBeTruthy();

    const page = await section();
    await search(page, 'Editable Obby');
    await expect.poll(() => rows(page).count()).toBe(1);
    await page.getByRole('button', { name: 'Edit Editable Obby' }).click();
    await dialog(page).getByRole('heading', { name: 'Edit Game' }).waitFor();
    expect(await dialog(page).getByLabel('Name').inputValue()).toBe('Editable Obby');
    expect(await dialog(page).getByLabel('Roblox place ID').inputValue()).toBe('1818');
    await dialog(page).getByText('Current icon', { exact: true }).waitFor();
    await expectNoSeriousViolations(page, 'edit game', { pointerAway: true });

    await dialog(page).getByLabel('Name').fill('Edited Obby');
    await dialog(page).getByLabel('Roblox place ID').fill('');
    await dialog(page).getByLabel('Remove the current icon').check();
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Game updated successfully').waitFor();
    await dialog(page).waitFor({ state: 'detached' });

    await search(page, 'Edited Obby');
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await rows(page).first().getByTestId('image-placeholder').count()).toBe(1);
    const stored = (await games()).find((game) => game.id === created.id);
    expect(stored).toMatchObject({ name: 'Edited Obby', slug: 'editable-obby', placeId: null, icon: null });
  });

  it('search and paging: 12 games page by 10; a search starts on page 1; no match says so', async () => {
    for (let i = 1; i <= 12; i += 1) await createStaffGame(suite, suite.adminToken, `Pager Quest ${String(i).padStart(2, '0')}`);
    const page = await section();
    await search(page, 'pager quest');
    await page.getByText('Showing 1 - 10 of 12').waitFor();
    expect(await rows(page).count()).toBe(10);
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await pagination.getByRole('button', { name: '2', exact: true }).click();
    await page.getByText('Showing 11 - 12 of 12').waitFor();
    expect(await rows(page).count()).toBe(2);
    await expectNoSeriousViolations(page, 'games page 2', { pointerAway: true });

    // From page 2, a new search starts on page 1; a slug matches too.
    await search(page, 'pager-quest-1');
    await expect.poll(() => rows(page).count()).toBe(3);
    expect(await pagination.count()).toBe(0);
    await search(page, 'no game like this one');
    await page.getByText('No games found').waitFor();
  });

  it('delete asks first (its scripts stay), then the game is gone', async () => {
    const doomed = await createStaffGame(suite, suite.adminToken, 'Doomed Simulator');
    const script = new FormData();
    script.append('playsname', 'Doomed Simulator Hub');
    script.append('description', 'For the doomed game');
    script.append('loadstring', 'print("doomed")');
    script.append('game', 'Doomed Simulator');
    const created = await api<{ id: number; game: { id: number } | null }>('/api/ac', { method: 'POST', body: script });
    expect(created.game?.id).toBe(doomed.id);

    const page = await section();
    await search(page, 'Doomed Simulator');
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await rows(page).first().locator('td').nth(4).textContent()).toBe('1');
    await page.getByRole('button', { name: 'Delete Doomed Simulator' }).click();
    await dialog(page).getByRole('heading', { name: 'Are you sure you want to delete this game?' }).waitFor();
    await dialog(page).getByText('Its scripts stay in the catalogue, without a game.').waitFor();
    await expectNoSeriousViolations(page, 'delete game confirmation', { pointerAway: true });
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    expect((await games()).some((game) => game.id === doomed.id)).toBe(true);

    await page.getByRole('button', { name: 'Delete Doomed Simulator' }).click();
    await dialog(page).getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Game deleted successfully').waitFor();
    await page.getByText('No games found').waitFor();
    expect((await games()).some((game) => game.id === doomed.id)).toBe(false);
    const orphan = await (await fetch(`${suite.url}/api/scripts/${created.id}`)).json();
    expect(orphan.game).toBeNull();
  });

  it('375 px: the table fits without horizontal scroll; the dialog fits the screen', async () => {
    await createStaffGame(suite, suite.adminToken, 'Narrow Screen Racing', '99');
    const page = await section(PHONE);
    await search(page, 'Narrow Screen Racing');
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Edit Narrow Screen Racing' }).click();
    await dialog(page).getByRole('heading', { name: 'Edit Game' }).waitFor();
    expect(await page.evaluate(() => document.querySelector('[role="dialog"]')!.getBoundingClientRect().width <= window.innerWidth)).toBe(true);
    await expectNoSeriousViolations(page, 'games at 375 px', { pointerAway: true });
  });
});
