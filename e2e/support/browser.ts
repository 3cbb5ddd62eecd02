import fs from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { E2E_PASSWORD } from './users';

export const baseURL = () => inject('baseURL');

const executablePath = () => {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  const found = candidates.find((p) => p && fs.existsSync(p));
  if (!found) throw new Error('Chromium not found: apt-get install -y chromium, or set CHROMIUM_PATH');
  return found;
};

/** Debian's Chromium with the flags this machine needs (no sandbox as root, no background network). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: executablePath(),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export const viewports = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 375, height: 812 },
} as const;

export async function newPage(browser: Browser, viewport: keyof typeof viewports = 'desktop') {
  const context: BrowserContext = await browser.newContext({
    baseURL: baseURL(),
    viewport: viewports[viewport],
    locale: 'tr-TR',
    timezoneId: 'Europe/Istanbul',
    isMobile: viewport === 'mobile',
    hasTouch: viewport === 'mobile',
  });
  const page = await context.newPage();
  return page;
}

/** Signs in through the login form and waits for the signed-in navigation. */
export async function loginViaForm(page: Page, email: string, password = E2E_PASSWORD) {
  await page.goto('/login');
  const form = page.locator('main form').first();
  await form.getByLabel('E-posta').fill(email);
  await form.getByLabel('Şifre', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
  await page.locator('[data-testid="main-nav"][data-auth="authenticated"]').waitFor();
}

/** Screenshots for a person to look at, only when E2E_SCREENSHOTS names a folder. */
export async function snap(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}
