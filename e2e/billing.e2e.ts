import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, snap } from './support/browser';

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  page = await newPage(browser);
});
afterAll(async () => browser?.close());

const email = `yeni.bayi.${Date.now()}@example.com`;
const toast = (p: Page, text: string) => p.locator('[data-sonner-toast]').filter({ hasText: text }).first();

async function fillRegistration(p: Page, mail: string) {
  await p.goto('/register?plan=pro');
  const form = p.getByTestId('register');
  await form.getByLabel('Ad', { exact: true }).fill('Emre');
  await form.getByLabel('Soyad').fill('Galerici');
  await form.getByLabel('E-posta', { exact: true }).fill(mail);
  await form.getByLabel('Telefon').fill('0532 111 22 33');
  await form.getByLabel('Şifre', { exact: true }).fill('galeri-sifre-1');
  const submit = form.getByRole('button', { name: 'Ödemeye Geç' });
  await form.getByLabel('Şifre tekrarı').fill('galeri-sifre-2');
  expect(await submit.isDisabled()).toBe(true); // passwords differ
  await form.getByLabel('Şifre tekrarı').fill('galeri-sifre-1');
  expect(await submit.isDisabled()).toBe(true); // KVKK not ticked
  await form.getByRole('checkbox').first().check();
  expect(await submit.isDisabled()).toBe(false);
  return submit;
}

async function payInFrame(p: Page, card?: string) {
  const frame = p.frameLocator('[data-testid="payment-frame"]');
  await frame.getByRole('button', { name: 'Ödemeyi Tamamla' }).waitFor();
  if (card) await frame.getByLabel('Kart numarası').fill(card);
  await frame.getByRole('button', { name: 'Ödemeyi Tamamla' }).click();
}

describe('payments end to end (sandbox provider)', () => {
  it('a declined card during registration shows a compact result in the modal; the form keeps its values', async () => {
    const p = await newPage(browser, 'mobile');
    const mail = `reddedilen.${Date.now()}@example.com`;
    const submit = await fillRegistration(p, mail);
    await submit.click();
    await payInFrame(p, '4111 1111 1111 1111');
    const declined = p.getByTestId('payment-declined');
    await declined.getByText('Kart limiti yetersiz veya kart bilgileri hatalı').waitFor();
    await declined.getByRole('button', { name: 'Tekrar Dene' }).waitFor();
    expect(new URL(p.url()).pathname).toBe('/register');
    await snap(p, 'payment-declined-mobile');
    await p.getByTestId('payment-modal').getByRole('button', { name: 'Kapat' }).click();
    expect(await p.getByTestId('register').getByLabel('E-posta', { exact: true }).inputValue()).toBe(mail);
    await p.context().close();
  });

  it('registers payment-first, pays with a test card, is logged in automatically and sees the plan and quota', async () => {
    const submit = await fillRegistration(page, email);
    await snap(page, 'register-desktop');
    await submit.click();
    await toast(page, 'Ödeme Sayfası Hazırlandı').waitFor();
    await snap(page, 'payment-modal-desktop');
    await payInFrame(page);
    await page.waitForURL((u) => u.pathname === '/payment-success');
    await toast(page, 'Hesap Oluşturuldu!').waitFor({ timeout: 30_000 });
    await page.waitForURL((u) => u.pathname === '/dashboard', { timeout: 15_000 });
    await page.locator('[data-testid="main-nav"][data-auth="authenticated"]').waitFor();
    await page.getByTestId('plan-card').getByText('Profesyonel Plan').waitFor();
    expect(await page.getByTestId('quota-remaining').textContent()).toBe('10 / 10 fotoğraf kaldı');
    expect(await page.getByTestId('studio-card-text').textContent()).toContain('Çoklu fotoğraf');
    await snap(page, 'dashboard-pro-desktop');
  });

  it('upgrades monthly -> yearly with a promo code through the payment frame', async () => {
    await page.goto('/pricing');
    await page.getByTestId('current-subscription').getByText('Profesyonel Plan · Aylık').waitFor();
    expect(await page.getByTestId('plan-pro').getByRole('button', { name: 'Mevcut Plan' }).isDisabled()).toBe(
      true,
    );
    await page.getByRole('button', { name: /Yıllık/ }).click();
    const pro = page.getByTestId('plan-pro');
    await pro.getByRole('button', { name: 'Uygula' }).click();
    await pro.getByText('Promosyon kodu girin').waitFor();
    await pro.getByLabel('Promosyon kodu').fill('YANLISKOD');
    await pro.getByRole('button', { name: 'Uygula' }).click();
    await pro.getByText('Geçersiz promosyon kodu').waitFor();
    await pro.getByLabel('Promosyon kodu').fill('hosgeldin20');
    await pro.getByRole('button', { name: 'Uygula' }).click();
    await pro.getByTestId('promo-price').waitFor();
    expect(await pro.getByLabel('Promosyon kodu').getAttribute('readonly')).not.toBeNull();
    await snap(page, 'pricing-promo-desktop');
    await pro.getByRole('button', { name: 'Planı Seç' }).click();
    await payInFrame(page);
    await toast(page, 'Ödeme Başarılı').waitFor({ timeout: 20_000 });
    await page.getByTestId('payment-modal').waitFor({ state: 'detached' });
    await page.getByTestId('current-subscription').getByText('Profesyonel Plan · Yıllık').waitFor();
  });

  it('buys a pack and sees the quota grow; the invoices appear and their PDF opens', async () => {
    await page.getByTestId('pack-5').click();
    await payInFrame(page);
    await toast(page, 'Ekstra paket satın alındı!').waitFor({ timeout: 20_000 });
    await page.goto('/dashboard');
    await page.getByTestId('quota-remaining').getByText('15 / 15 fotoğraf kaldı').waitFor();
    const rows = page.getByTestId('invoices').locator('tbody tr');
    expect(await rows.count()).toBe(3);
    expect(await rows.first().textContent()).toContain('Ek paket +5 fotoğraf');
    expect(await rows.first().textContent()).toContain('₺50,00');
    const href = await rows.first().getByRole('link', { name: 'Görüntüle' }).getAttribute('href');
    const pdf = await page.request.get(href!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await snap(page, 'dashboard-invoices-desktop');
  });
});
