import { expect, type Page } from '@playwright/test';
import type { TestAccount } from './accounts.ts';

export async function signInThroughUi(page: Page, account: TestAccount) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Senha').fill(account.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Replaces the stored access token wherever the app keeps it (its own key and the persisted session). */
export async function replaceStoredAccessToken(page: Page, token: string) {
  await page.evaluate((next) => {
    const previous = localStorage.getItem('accessToken');
    if (!previous) throw new Error('no access token stored');
    localStorage.setItem('accessToken', next);
    const session = localStorage.getItem('auth-storage');
    if (session) localStorage.setItem('auth-storage', session.split(previous).join(next));
  }, token);
}

/**
 * Replaces the stored access token just before the next document's scripts run, once. Replacing it in a live page
 * races that page: any request it sends before it unloads (a stream reconnecting, a lazily loaded screen's query)
 * meets the 401 and refreshes there, where a test listening to the next page does not see it.
 */
export async function replaceAccessTokenOnNextLoad(page: Page, token: string) {
  await page.addInitScript((next) => {
    if (sessionStorage.getItem('e2e:token-replaced')) return;
    sessionStorage.setItem('e2e:token-replaced', '1');
    const previous = localStorage.getItem('accessToken');
    if (!previous) throw new Error('no access token stored');
    localStorage.setItem('accessToken', next);
    const session = localStorage.getItem('auth-storage');
    if (session) localStorage.setItem('auth-storage', session.split(previous).join(next));
  }, token);
}

export async function waitForServiceWorker(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', undefined, { timeout: 30_000 });
}

/** Desativar on the bot details page asks first (it stops everything the bot does): answer yes. */
export async function deactivateBot(page: Page) {
  await page.getByRole('button', { name: 'Desativar' }).click();
  await page.getByRole('dialog', { name: 'Desativar bot' }).getByRole('button', { name: 'Desativar' }).click();
}

/**
 * Opens an invitation link signed out, creates the account from it ('Criar conta e entrar') and joins
 * ('Entrar na equipe'), as an invited person does; an agent lands on the inbox.
 */
export async function joinThroughInvitation(page: Page, link: string, person: TestAccount) {
  await page.goto(link);
  await page.getByRole('link', { name: 'Criar conta e entrar' }).click();
  await page.getByLabel('Nome completo').fill(person.name);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Senha').fill(person.password);
  await page.getByRole('button', { name: 'Criar Conta' }).click();
  await page.getByRole('button', { name: 'Entrar na equipe' }).click();
  await expect(page).toHaveURL(/\/chat$/);
}
