import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseURL, launchBrowser, loginViaForm, newPage, snap } from './support/browser';
import { paytrNotification } from '../server/test/fakes/paytr-notify';

/**
 * Issue 13's customer-facing fixes: a promo code at registration, a declined card answered inside the
 * modal with a retry (the registration form is never typed again), the upgrade's price breakdown, the
 * success page without an order, and the frame on an address other than PUBLIC_URL.
 */
let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  page = await newPage(browser);
});
afterAll(async () => browser?.close());

const email = `promo.kayit.${Date.now()}@example.com`;
const password = 'promo-sifre-1';
const toast = (p: Page, text: string) => p.locator('[data-sonner-toast]').filter({ hasText: text }).first();
const frame = (p: Page) => p.frameLocator('[data-testid="payment-frame"]');

async function payInFrame(p: Page, card?: string) {
  await frame(p).getByRole('button', { name: 'Ödemeyi Tamamla' }).waitFor();
  if (card) await frame(p).getByLabel('Kart numarası').fill(card);
  await frame(p).getByRole('button', { name: 'Ödemeyi Tamamla' }).click();
}

describe('payment UX (issue 13)', () => {
  it('registers with a promo code; a declined card is retried from the modal without retyping the form', async () => {
    await page.goto('/register?plan=pro');
    const form = page.getByTestId('register');
    await form.getByLabel('Ad', { exact: true }).fill('Pelin');
    await form.getByLabel('Soyad').fill('Promosyon');
    await form.getByLabel('E-posta', { exact: true }).fill(email);
    await form.getByLabel('Telefon').fill('0532 444 55 66');
    await form.getByLabel('Şifre', { exact: true }).fill(password);
    await form.getByLabel('Şifre tekrarı').fill(password);
    await form.getByRole('checkbox').first().check();
    await form.getByLabel('Promosyon kodu').fill('YANLISKOD');
    await form.getByRole('button', { name: 'Uygula' }).click();
    await form.getByText('Geçersiz promosyon kodu').waitFor();
    await form.getByLabel('Promosyon kodu').fill('hosgeldin20');
    await form.getByRole('button', { name: 'Uygula' }).click();
    await form.getByTestId('register-promo-price').waitFor();
    expect(await form.getByTestId('register-total').textContent()).toBe('₺200,00');
    await snap(page, 'register-promo-desktop');
    await form.getByRole('button', { name: 'Ödemeye Geç' }).click();

    const modal = page.getByTestId('payment-modal');
    await modal.getByTestId('price-breakdown').getByText('Promosyon indirimi').waitFor();
    await payInFrame(page, '4111 1111 1111 1111');
    const declined = modal.getByTestId('payment-declined');
    await declined.getByText('Ödeme reddedildi').waitFor();
    // Compact: the site's header and footer are not inside the modal.
    expect(await modal.getByTestId('main-nav').count()).toBe(0);
    await snap(page, 'payment-declined-desktop');
    await declined.getByRole('button', { name: 'Tekrar Dene' }).click();
    await payInFrame(page);
    await page.waitForURL((u) => u.pathname === '/payment-success');
    await toast(page, 'Hesap Oluşturuldu!').waitFor({ timeout: 30_000 });
    await page.waitForURL((u) => u.pathname === '/dashboard', { timeout: 15_000 });
    await page.getByTestId('plan-card').getByText('Profesyonel Plan').waitFor();
    const rows = page.getByTestId('invoices').locator('tbody tr');
    expect(await rows.first().textContent()).toContain('₺200,00');
  });

  it('an upgrade shows list price, credit and total; a declined card there is retried in the modal', async () => {
    await page.goto('/pricing');
    await page.getByTestId('current-subscription').getByText('Profesyonel Plan · Aylık').waitFor();
    await page.getByTestId('credit-rule').getByText('kalanı yeni planınıza ek süre olarak eklenir').waitFor();
    // Monthly -> yearly is an upgrade: the unused part of the month is credited.
    await page.getByRole('button', { name: /Yıllık/ }).click();
    await page.getByTestId('plan-pro').getByRole('button', { name: 'Planı Seç' }).click();
    const modal = page.getByTestId('payment-modal');
    const breakdown = modal.getByTestId('price-breakdown');
    await breakdown.getByText('Liste fiyatı').waitFor();
    await breakdown.getByText('Mevcut dönemden kalan kredi').waitFor();
    const text = (await breakdown.textContent()) ?? '';
    expect(text).toContain('₺2.700,00');
    expect(text).toContain('Ödenecek tutar');
    await snap(page, 'upgrade-breakdown-desktop');
    await payInFrame(page, '5555 5555 5555 4444');
    await modal.getByTestId('payment-declined').getByRole('button', { name: 'Tekrar Dene' }).click();
    await payInFrame(page);
    await toast(page, 'Ödeme Başarılı').waitFor({ timeout: 20_000 });
    await page.getByTestId('current-subscription').getByText('Profesyonel Plan · Yıllık').waitFor();
  });

  it('/payment-success without an order says so and offers a way on, with no endless spinner', async () => {
    const p = await newPage(browser, 'mobile');
    await p.goto('/payment-success');
    const stuck = p.getByTestId('payment-success-stuck');
    await stuck.getByText('Ödeme kaydı bulunamadı').waitFor();
    await stuck.getByRole('link', { name: 'Giriş Yap' }).waitFor();
    await stuck.getByRole('link', { name: 'Planlara Dön' }).waitFor();
    await p.goto('/payment-success?merchantOid=SUBYOKBOYLEBIRSIPARIS');
    await p.getByTestId('payment-success-stuck').getByText('Ödeme kaydı bulunamadı.').waitFor();
    await snap(p, 'payment-success-no-order-mobile');
    await p.context().close();
  });

  it('the payment frame loads when the site is opened on another address than PUBLIC_URL', async () => {
    // An order opened on PUBLIC_URL (writes are accepted from that origin only, issue 14).
    const res = await fetch(`${baseURL()}/api/payments/subscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseURL() },
      body: JSON.stringify({
        planType: 'basic',
        registrationData: {
          email: `baska.adres.${Date.now()}@example.com`,
          password: 'adres-sifre-12',
          confirmPassword: 'adres-sifre-12',
          phone: '05321234567',
          kvkkAccepted: true,
        },
      }),
    });
    const token = ((await res.json()) as { paymentIntent: { iframeToken: string } }).paymentIntent
      .iframeToken;
    // The same site on another host name: the frame is built as the payment modal builds it.
    const other = baseURL().replace('127.0.0.1', 'localhost');
    const context = await browser.newContext({ baseURL: other, locale: 'tr-TR' });
    const p = await context.newPage();
    await p.goto('/pricing');
    const base = await p.evaluate(async () => {
      const config = (await (await fetch('/api/config')).json()) as { paymentFrameBase: string };
      return config.paymentFrameBase;
    });
    expect(base.startsWith('/')).toBe(true);
    await p.evaluate(
      ([src]) => {
        const f = document.createElement('iframe');
        f.src = src;
        f.dataset.testid = 'payment-frame';
        document.body.append(f);
      },
      [`${base}/${token}`],
    );
    await frame(p).getByRole('button', { name: 'Ödemeyi Tamamla' }).waitFor();
    await context.close();
  });

  it('lists a paid order that could not be honoured for the admins to refund, and marks it refunded', async () => {
    // A sign-up whose notification reports another amount than the order: money in, nothing granted.
    const mail = `iade.${Date.now()}@example.com`;
    const res = await fetch(`${baseURL()}/api/payments/subscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseURL() },
      body: JSON.stringify({
        planType: 'basic',
        registrationData: {
          email: mail,
          password: 'iade-sifre-12',
          confirmPassword: 'iade-sifre-12',
          phone: '05321234567',
          kvkkAccepted: true,
        },
      }),
    });
    expect(res.status).toBe(200);
    const oid = ((await res.json()) as { paymentIntent: { id: string } }).paymentIntent.id;
    const cb = await fetch(`${baseURL()}/api/payments/paytr/callback`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: paytrNotification(oid, 'success', 1),
    });
    expect(await cb.text()).toBe('OK');
    const p = await newPage(browser);
    await loginViaForm(p, 'admin@example.com');
    await p.goto('/admin?tab=refunds');
    const row = p.getByTestId('refunds').locator('tr').filter({ hasText: oid });
    await row.getByText('Bildirilen tutar sipariş tutarından farklı').waitFor();
    expect(await row.textContent()).toContain(mail);
    await snap(p, 'admin-refunds-desktop');
    // Refunded in PayTR's panel: the admin records the reference, confirms, and the order leaves the list.
    await row.getByLabel(`İade referansı: ${oid}`).fill('PAYTR-IADE-7');
    p.once('dialog', (d) => void d.accept());
    await row.getByRole('button', { name: 'İade yapıldı' }).click();
    await p.getByText('İade yapıldı olarak işaretlendi.').waitFor();
    await row.waitFor({ state: 'detached' });
    await p.context().close();
  });
});
