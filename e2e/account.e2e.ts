/// <reference lib="dom" />
// Browser globals are used inside page.evaluate callbacks, which run in Chromium.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseURL, launchBrowser, loginViaForm, newPage, snap } from './support/browser';
import { newAxePage, seriousViolations } from './support/axe';
import { buyPlan } from './support/photos';
import { E2E_PASSWORD, e2eUsers } from './support/users';
import { linkIn, subjectOf, type ReceivedMail } from '../server/test/fakes/smtp.fake';
import { waitUntil } from '../server/test/wait-until';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const email = (key: string) => e2eUsers.find((u) => u.key === key)!.email;

/** Waits for the n-th message to `to` at the loopback SMTP server (through the setup's mailbox). */
async function mailTo(to: string, count = 1): Promise<ReceivedMail> {
  return waitUntil(
    async () => {
      const res = await fetch(`${inject('mailboxURL')}/?to=${encodeURIComponent(to)}`);
      const mails = (await res.json()) as ReceivedMail[];
      return mails.length >= count && mails[count - 1];
    },
    `mail #${count} to ${to}`,
    { timeoutMs: 20_000, intervalMs: 200 },
  );
}

/** The page fits a 375 px screen: nothing sticks out sideways. */
async function fitsWidth(page: Page) {
  const [scroll, inner] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    window.innerWidth,
  ]);
  expect(scroll).toBeLessThanOrEqual(inner);
}

describe('forgot password -> e-mail -> reset -> login', () => {
  it('works end to end with the link from the e-mail', async () => {
    const page = await newPage(browser, 'mobile');
    await page.goto('/login');
    await page.waitForFunction(() => document.title === 'Giriş Yap | Oto Stüdyo');
    await page.getByRole('link', { name: 'Şifremi unuttum' }).click();
    await page.getByRole('heading', { name: 'Şifremi Unuttum' }).waitFor();
    await fitsWidth(page);
    await page.locator('main form').first().getByLabel('E-posta').fill(email('forgot'));
    await page.getByRole('button', { name: 'Sıfırlama Bağlantısı Gönder' }).click();
    await page.getByTestId('forgot-sent').waitFor();

    const mail = await mailTo(email('forgot'));
    expect(subjectOf(mail)).toBe('Oto Stüdyo: Şifre sıfırlama');
    const link = linkIn(mail, '/sifre-sifirla?token=');
    expect(link.origin).toBe(baseURL());
    await page.goto(link.pathname + link.search);
    await page.getByLabel('Yeni şifre', { exact: true }).fill('yeni-e2e-sifre-1');
    await page.getByLabel('Yeni şifre (tekrar)').fill('yeni-e2e-sifre-1');
    await snap(page, 'reset-password-375');
    await page.getByRole('button', { name: 'Şifreyi Değiştir' }).click();
    await page.getByTestId('reset-done').waitFor();

    await loginViaForm(page, email('forgot'), 'yeni-e2e-sifre-1');
    await page.context().close();
  });
});

describe('account settings', () => {
  it('verifies the e-mail address through the mailed link', async () => {
    const page = await newPage(browser);
    await loginViaForm(page, email('settings'));
    await page.goto('/hesap');
    await page.getByRole('heading', { name: 'Hesap Ayarları' }).waitFor();
    await page.getByTestId('verify-banner').waitFor();
    await page.getByRole('button', { name: 'Doğrulama e-postasını tekrar gönder' }).click();
    const link = linkIn(await mailTo(email('settings')), '/eposta-dogrula?token=');
    await page.goto(link.pathname + link.search);
    await page.getByTestId('verify-done').waitFor();
    await page.goto('/hesap');
    await page.getByText('Doğrulandı', { exact: true }).waitFor();
    expect(await page.getByTestId('verify-banner').count()).toBe(0);
    await page.context().close();
  });

  it('changes the password, cancels and undoes the cancel, and exports the data', async () => {
    await buyPlan(baseURL(), email('settings'), 'basic');
    const page = await newPage(browser);
    await loginViaForm(page, email('settings'));
    // The avatar menu's "Abonelik" opens the settings page at the subscription section.
    await page.getByTestId('user-menu-trigger').click();
    await page.getByRole('menuitem', { name: 'Abonelik' }).click();
    await page.waitForURL(/\/hesap#abonelik$/);

    const sub = page.getByTestId('subscription-card');
    await sub.getByText('Başlangıç Planı').waitFor();
    page.once('dialog', (d) => void d.accept());
    await sub.getByRole('button', { name: 'Dönem sonunda iptal et' }).click();
    await sub.getByText('Aboneliğiniz dönem sonunda sona erecek.').waitFor();
    await sub.getByRole('button', { name: 'İptali geri al' }).click();
    await sub.getByRole('button', { name: 'Dönem sonunda iptal et' }).waitFor();

    await page.getByLabel('Mevcut şifre').fill(E2E_PASSWORD);
    await page.getByLabel('Yeni şifre', { exact: true }).fill('ayarlar-yeni-sifre');
    await page.getByRole('button', { name: 'Şifreyi Değiştir' }).click();
    await page.getByText('Şifreniz değiştirildi', { exact: false }).first().waitFor();

    const download = page.waitForEvent('download');
    await page.getByTestId('export-data').click();
    const file = await (await download).path();
    const { readFileSync } = await import('node:fs');
    const zip = readFileSync(file);
    expect(zip.subarray(0, 2).toString()).toBe('PK');
    expect(zip.toString('latin1')).toContain('profil.json');
    await page.context().close();

    const again = await newPage(browser);
    await loginViaForm(again, email('settings'), 'ayarlar-yeni-sifre');
    await again.context().close();
  });

  it('lists the invoices on the dashboard without sideways scrolling at 375 px', async () => {
    const page = await newPage(browser, 'mobile');
    await loginViaForm(page, email('settings'), 'ayarlar-yeni-sifre');
    await page.goto('/dashboard');
    await page.getByTestId('invoices-list').locator('li').first().waitFor();
    await fitsWidth(page);
    await page.context().close();
  });

  it('deletes the account: signed out, and the old password no longer works', async () => {
    const page = await newPage(browser, 'mobile');
    await loginViaForm(page, email('deleter'));
    await page.goto('/hesap#verilerim');
    await fitsWidth(page);
    await page.getByLabel('Onaylamak için şifrenizi girin').fill(E2E_PASSWORD);
    await page.getByRole('button', { name: 'Hesabımı kalıcı olarak sil' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.locator('[data-testid="main-nav"][data-auth="anonymous"]').waitFor();

    await page.goto('/login');
    const form = page.locator('main form').first();
    await form.getByLabel('E-posta').fill(email('deleter'));
    await form.getByLabel('Şifre', { exact: true }).fill(E2E_PASSWORD);
    await form.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
    await page.getByText('E-posta adresi veya şifre hatalı.').first().waitFor();
    const farewell = await mailTo(email('deleter'));
    expect(subjectOf(farewell)).toBe('Oto Stüdyo: Hesabınız silindi');
    await page.context().close();
  });
});

describe('accessibility and 375 px', () => {
  for (const viewport of ['desktop', 'mobile'] as const) {
    it(`new pages have no serious axe violations (${viewport})`, async () => {
      const page = await newAxePage(browser, viewport);
      for (const path of ['/sifremi-unuttum', '/sifre-sifirla?token=ornek-gecersiz-kod', '/login']) {
        await page.goto(path);
        await page.locator('main h1').first().waitFor();
        expect(await seriousViolations(page, ['[data-sonner-toaster]']), path).toEqual([]);
        if (viewport === 'mobile') await fitsWidth(page);
      }
      await loginViaForm(page, email('pro'));
      await page.goto('/hesap');
      await page.getByRole('heading', { name: 'Faturalar' }).waitFor();
      await snap(page, `account-settings-${viewport}`);
      expect(await seriousViolations(page, ['[data-sonner-toaster]']), '/hesap').toEqual([]);
      if (viewport === 'mobile') await fitsWidth(page);
      await page.context().close();
    });
  }
});
