import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Game } from '../../contract/games.ts';
import type { PublicScript } from '../../contract/scripts.ts';
import { expectNoSeriousViolations, staffApi } from './harness.ts';
import { createGame, createScript, dialog, toast } from './staff.ts';
import { e2eSuite } from './suite.ts';

/**
 * The admin's script form with the listing facts (issue 14, docs/product.md#script-form): Game as a
 * type-ahead over the games that also takes a new name (which creates the game), Universal (clears and
 * disables Game), Key system with its Key link, Patched and Verified; the list's game and badges; the
 * public script API carrying what was saved. Each test makes its own scripts and games.
 */

describe('admin script facts in a real browser', () => {
  const suite = e2eSuite({
    admin: true,
    arrange: async ({ adminToken }) => {
      for (const name of ['Blox Fruits', 'Brookhaven RP']) await createGame(suite, adminToken, name);
    },
  });

  const api = <T>(path: string, init?: RequestInit) => staffApi<T>(suite, suite.adminToken, path, init);
  const games = async () => (await fetch(`${suite.url}/api/games`)).json() as Promise<Game[]>;
  const publicScript = async (id: number) => (await fetch(`${suite.url}/api/scripts/${id}`)).json() as Promise<PublicScript>;
  /** The script of that name, as the admin's list answers it. */
  async function scriptNamed(name: string): Promise<PublicScript> {
    const { items } = await api<{ items: PublicScript[] }>(`/api/scripts?limit=10&q=${encodeURIComponent(name)}`);
    const found = items.find((item) => item.playsname === name);
    if (!found) throw new Error(`no script ${name}`);
    return found;
  }

  async function scriptsSection(): Promise<Page> {
    const page = await suite.visit('/admin/dashboard/scripts', { tokens: { admin: suite.adminToken } });
    await page.getByRole('heading', { level: 1, name: 'Manage Scripts' }).waitFor();
    return page;
  }

  const gameBox = (page: Page) => dialog(page).getByRole('combobox', { name: 'Game' });
  const row = (page: Page, name: string) => page.getByTestId('script-row').filter({ hasText: name });

  async function openCreate(page: Page, name: string) {
    await page.getByRole('button', { name: 'New Script' }).first().click();
    await dialog(page).getByRole('heading', { name: 'Create New Script' }).waitFor();
    await dialog(page).getByLabel('Script Name').fill(name);
    await dialog(page).getByLabel('Description').fill(`About ${name}`);
    await dialog(page).getByLabel('Loadstring').fill(`loadstring(game:HttpGet("https://example.test/${encodeURIComponent(name)}"))()`);
  }

  it('create with a new game name, key system and link, patched and verified: the game is created; list and public API show it all', async () => {
    const page = await scriptsSection();
    await openCreate(page, 'Facts Hub Alpha');
    await gameBox(page).fill('Pet Simulator 99');
    const options = dialog(page).getByRole('listbox', { name: 'Suggestions' });
    await options.getByRole('option', { name: 'New game “Pet Simulator 99”' }).waitFor();
    await dialog(page).getByLabel('Key system').check();
    await dialog(page).getByLabel('Key link').fill('https://keys.example.test/alpha');
    await dialog(page).getByLabel('Patched').check();
    await dialog(page).getByLabel('Verified').check();
    await expectNoSeriousViolations(page, 'script form with facts', { pointerAway: true });
    await dialog(page).getByRole('button', { name: 'Create' }).click();
    await toast(page, 'Script created successfully').waitFor();
    await dialog(page).waitFor({ state: 'detached' });

    const listed = row(page, 'Facts Hub Alpha');
    await listed.waitFor();
    const facts = listed.getByTestId('script-facts');
    await expect.poll(() => facts.textContent()).toBe('Game: Pet Simulator 99Key systemVerifiedPatched');

    const created = await scriptNamed('Facts Hub Alpha');
    const script = await publicScript(created.id);
    expect(script).toMatchObject({
      game: { name: 'Pet Simulator 99', slug: 'pet-simulator-99' },
      universal: false,
      keySystem: true,
      keyLink: 'https://keys.example.test/alpha',
      patched: true,
      verified: true,
    });
    expect((await games()).find((game) => game.slug === 'pet-simulator-99')?.scripts).toBe(1);
  });

  it('the type-ahead finds an existing game by part of its name (keyboard), and no new game is made', async () => {
    const before = await games();
    const page = await scriptsSection();
    await openCreate(page, 'Facts Hub Beta');
    await gameBox(page).fill('brook');
    const option = dialog(page).getByRole('option', { name: /^Brookhaven RP/ });
    await option.waitFor();
    expect(await dialog(page).getByRole('option', { name: /New game/ }).count()).toBe(1);
    await gameBox(page).press('ArrowDown');
    await expect.poll(() => option.getAttribute('aria-selected')).toBe('true');
    await gameBox(page).press('Enter');
    // The pick re-renders the field: waited for, not read at once (a loaded machine renders later).
    await expect.poll(() => gameBox(page).inputValue()).toBe('Brookhaven RP');
    expect(await dialog(page).getByRole('listbox', { name: 'Suggestions' }).isVisible()).toBe(false);

    // Escape in the open list closes the list, not the dialog.
    await gameBox(page).press('ArrowDown');
    await option.waitFor();
    await gameBox(page).press('Escape');
    await option.waitFor({ state: 'detached' });
    expect(await dialog(page).isVisible()).toBe(true);
    expect(await gameBox(page).inputValue()).toBe('Brookhaven RP');

    await dialog(page).getByRole('button', { name: 'Create' }).click();
    await toast(page, 'Script created successfully').waitFor();
    const script = await publicScript((await scriptNamed('Facts Hub Beta')).id);
    const brookhaven = before.find((game) => game.name === 'Brookhaven RP');
    expect(script.game).toEqual({ id: brookhaven?.id, name: 'Brookhaven RP', slug: 'brookhaven-rp' });
    expect((await games()).length).toBe(before.length);
  });

  it('Universal clears and disables Game; the script is saved universal, without a game', async () => {
    const page = await scriptsSection();
    await openCreate(page, 'Facts Hub Universal');
    await gameBox(page).fill('Blox Fruits');
    // Tab leaves the field and closes its suggestions, which cover what is under them.
    await gameBox(page).press('Tab');
    await dialog(page).getByLabel('Universal').check();
    await expect.poll(() => gameBox(page).inputValue()).toBe('');
    expect(await gameBox(page).isDisabled()).toBe(true);
    await dialog(page).getByRole('button', { name: 'Create' }).click();
    await toast(page, 'Script created successfully').waitFor();
    await row(page, 'Facts Hub Universal').getByText('Universal', { exact: true }).waitFor();
    const script = await publicScript((await scriptNamed('Facts Hub Universal')).id);
    expect(script).toMatchObject({ universal: true, game: null, keySystem: false, keyLink: null, patched: false, verified: false });
  });

  it('the key link is checked with the contract’s rule before any call; shown only with a key system', async () => {
    const page = await scriptsSection();
    await openCreate(page, 'Facts Hub Bad Link');
    expect(await dialog(page).getByLabel('Key link').count()).toBe(0);
    await dialog(page).getByLabel('Key system').check();
    await dialog(page).getByLabel('Key link').fill('http://keys.example.test/plain');
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/ac')) sent.push(request.url());
    });
    await dialog(page).getByRole('button', { name: 'Create' }).click();
    await dialog(page).getByText('Key link must be an https:// URL').waitFor();
    expect(await page.locator('#script-key-link').evaluate((input) => document.activeElement === input)).toBe(true);
    await expectNoSeriousViolations(page, 'key link error', { pointerAway: true });
    // Switching the key system off hides the link, which is then neither checked nor sent.
    await dialog(page).getByLabel('Key system').uncheck();
    expect(await dialog(page).getByLabel('Key link').count()).toBe(0);
    await dialog(page).getByRole('button', { name: 'Create' }).click();
    await toast(page, 'Script created successfully').waitFor();
    expect(sent).toHaveLength(1);
    const script = await publicScript((await scriptNamed('Facts Hub Bad Link')).id);
    expect(script).toMatchObject({ keySystem: false, keyLink: null });
  });

  it('edit shows the stored facts and saves only what changed: key system off drops the link; verified off', async () => {
    const created = await createScript(suite, suite.adminToken, {
      playsname: 'Facts Hub Edited',
      description: 'To be edited',
      loadstring: 'print("edit")',
      game: 'Blox Fruits',
      keySystem: true,
      keyLink: 'https://keys.example.test/edit',
      verified: true,
    });
    const page = await scriptsSection();
    await page.getByRole('searchbox', { name: 'Search scripts' }).fill('Facts Hub Edited');
    await expect.poll(() => page.getByTestId('script-row').count()).toBe(1);
    await expect.poll(() => row(page, 'Facts Hub Edited').getByTestId('script-facts').textContent()).toBe('Game: Blox FruitsKey systemVerified');
    await page.getByRole('button', { name: 'Edit Facts Hub Edited' }).click();
    await dialog(page).getByRole('heading', { name: 'Edit Script' }).waitFor();
    expect(await gameBox(page).inputValue()).toBe('Blox Fruits');
    expect(await dialog(page).getByLabel('Key system').isChecked()).toBe(true);
    expect(await dialog(page).getByLabel('Key link').inputValue()).toBe('https://keys.example.test/edit');
    expect(await dialog(page).getByLabel('Verified').isChecked()).toBe(true);
    expect(await dialog(page).getByLabel('Patched').isChecked()).toBe(false);

    await dialog(page).getByLabel('Key system').uncheck();
    await dialog(page).getByLabel('Verified').uncheck();
    await dialog(page).getByLabel('Patched').check();
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Script updated successfully').waitFor();
    await expect.poll(async () => row(page, 'Facts Hub Edited').getByTestId('script-facts').textContent()).toBe('Game: Blox FruitsPatched');
    const script = await publicScript(created.id);
    expect(script).toMatchObject({ game: { name: 'Blox Fruits' }, keySystem: false, keyLink: null, patched: true, verified: false });
  });
});
