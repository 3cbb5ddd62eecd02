/// <reference lib="dom" />
// Browser globals are used inside page.evaluate callbacks, which run in Chromium.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseURL, launchBrowser, loginViaForm, newPage, snap } from './support/browser';
import { newAxePage, seriousViolations } from './support/axe';
import { E2E_PASSWORD, e2eUsers } from './support/users';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const stamp = Date.now().toString(36);
// Our own account to change role, All-Access and quota of (made before the server starts, support/users.ts).
const managed = e2eUsers.find((u) => u.key === 'managed')! as { email: string; username: string };

/**
 * Two widgets the console does not own are left out of its axe scans, both reported to their owner:
 * sonner's rich-colour success toast (title contrast about 4.3:1, below 4.5:1) and the avatar-menu button,
 * whose accessible name does not contain its visible initials (label-content-name-mismatch).
 */
const outsideConsole = ['[data-sonner-toaster]', '[data-testid="user-menu-trigger"]'];

/** Every admin endpoint with a plausible body. */
const adminCalls: [string, string, object?][] = [
  ['GET', '/api/admin/stats'],
  ['GET', '/api/admin/users?q=a'],
  ['GET', '/api/admin/users/any-id'],
  ['PATCH', '/api/admin/users/any-id', { role: 'admin' }],
  ['POST', '/api/admin/users/any-id/quota', { amount: 100 }],
  ['GET', '/api/admin/promo-codes'],
  ['POST', '/api/admin/promo-codes', { code: 'HEPSI100', kind: 'percent', value: 100 }],
  ['PATCH', '/api/admin/promo-codes/any-id', { active: false }],
  ['GET', '/api/admin/promo-codes/any-id/usage'],
  ['GET', '/api/admin/contact-messages'],
  ['PATCH', '/api/admin/contact-messages/any-id', { handled: true }],
  ['GET', '/api/admin/newsletter'],
  ['GET', '/api/admin/newsletter.csv'],
  ['GET', '/api/admin/audit-log'],
];

async function apiLogin(email: string) {
  const res = await fetch(`${baseURL()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: E2E_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

const openTab = async (page: Page, name: string) => {
  await page.getByRole('tab', { name }).click();
  await page.getByRole('tab', { name, selected: true }).waitFor();
};

describe('admin access', () => {
  it('a basic user gets 403 from every admin API, a visitor 401', async () => {
    const token = await apiLogin('zeynep@example.com');
    for (const [method, path, body] of adminCalls) {
      const init = {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: body ? JSON.stringify(body) : undefined,
      };
      const res = await fetch(`${baseURL()}${path}`, init);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(((await res.json()) as { message: string }).message).toBe('Bu işlem için yetkiniz yok.');
      const anon = await fetch(`${baseURL()}${path}`, {
        ...init,
        headers: { 'content-type': 'application/json' },
      });
      expect(anon.status, `${method} ${path}`).toBe(401);
    }
  });

  it('a basic user is kept out of /admin and never sees the console', async () => {
    const page = await newPage(browser, 'mobile');
    const adminCallsSeen: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/admin/')) adminCallsSeen.push(r.url());
    });
    await loginViaForm(page, 'zeynep@example.com');
    await page.goto('/admin');
    await page.waitForURL((u) => u.pathname === '/dashboard');
    expect(await page.getByTestId('admin').count()).toBe(0);
    expect(adminCallsSeen).toEqual([]);
    await page.context().close();
  });
});

describe('admin console', () => {
  it('finds contact messages and newsletter sign-ups sent from the public site, and exports the CSV', async () => {
    const visitor = await newPage(browser);
    const subject = `Galeri paketi ${stamp}`;
    await visitor.goto('/contact');
    const form = visitor.getByTestId('contact-form');
    await form.getByLabel('Ad Soyad').fill('Hakan Demir');
    await form.getByLabel('E-posta').fill(`hakan.${stamp}@example.com`);
    await form.getByLabel('Kategori').selectOption('partnership');
    await form.getByLabel('Konu').fill(subject);
    await form.getByLabel('Mesajınız').fill('20 araçlık galerimiz için kurumsal teklif rica ediyoruz.');
    await form.getByRole('button', { name: 'Mesajı Gönder' }).click();
    await visitor.getByTestId('contact-sent').getByText('Mesajınız alındı').waitFor();
    const news = visitor.getByTestId('newsletter-form');
    const field = news.getByLabel('Bülten için e-posta adresiniz');
    await field.fill(`gecersiz-${stamp}`);
    await news.getByRole('button', { name: 'ABONE OL' }).click();
    await news.getByText('Geçerli bir e-posta adresi girin').waitFor();
    await field.fill(`abone.${stamp}@example.com`);
    await news.getByRole('button', { name: 'ABONE OL' }).click();
    await news.getByText('Bültenimize abone oldunuz. Teşekkürler!').waitFor();
    await visitor.context().close();

    const page = await newAxePage(browser);
    await loginViaForm(page, 'admin@example.com');
    await page.goto('/admin?tab=messages');
    const message = page.getByTestId('admin-message').filter({ hasText: subject });
    await message.waitFor();
    expect(await message.textContent()).toContain('İş Ortaklığı');
    await message.getByRole('button', { name: 'Yanıtlandı olarak işaretle' }).click();
    await message.getByText('Yanıtlandı', { exact: true }).waitFor();

    await openTab(page, 'Bülten');
    await page
      .getByTestId('admin-subscriber')
      .filter({ hasText: `abone.${stamp}@example.com` })
      .waitFor();
    expect(
      await page
        .getByTestId('admin-subscriber')
        .filter({ hasText: `gecersiz-${stamp}` })
        .count(),
    ).toBe(0);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('newsletter-csv').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^bulten-aboneleri-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(csv).toContain(`"abone.${stamp}@example.com"`);
    expect(csv.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('e-posta,kaynak,kayit_tarihi');

    // Erasure on request (KVKK md. 11): confirmed, then gone from the list.
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: `Sil: abone.${stamp}@example.com` }).click();
    await page
      .getByTestId('admin-subscriber')
      .filter({ hasText: `abone.${stamp}@example.com` })
      .waitFor({ state: 'detached' });

    await openTab(page, 'İşlem Kaydı');
    await page.getByTestId('admin-audit-row').filter({ hasText: 'Bülten kaydı silme' }).first().waitFor();
    await page
      .getByTestId('admin-audit-row')
      .filter({ hasText: 'Bülten listesi dışa aktarma' })
      .first()
      .waitFor();
    await page.getByTestId('admin-audit-row').filter({ hasText: 'Mesaj durumu' }).first().waitFor();
    await page.context().close();
  });

  it('manages a user (All-Access, quota, role) and promo codes; every action lands in the audit log', async () => {
    const page = await newAxePage(browser);
    await loginViaForm(page, 'admin@example.com');
    await page.goto('/admin');
    await page.getByTestId('admin-stats').waitFor();
    await page.getByTestId('plan-chart').waitFor();
    expect(await page.getByTestId('plan-chart').getAttribute('aria-label')).toMatch(
      /^Plan dağılımı: Başlangıç: \d+, Profesyonel: \d+, Kurumsal: \d+$/,
    );

    await openTab(page, 'Kullanıcılar');
    await page.getByLabel('E-posta, ad, kullanıcı adı veya şirket').fill(managed.username);
    await page.getByRole('button', { name: 'Ara' }).click();
    const row = page.getByTestId('admin-user-row').filter({ hasText: managed.email });
    // exact: the default substring match also finds "11 kullanıcı bulundu" of the list before the search returns
    await page.getByText('1 kullanıcı bulundu', { exact: true }).waitFor();
    await row.waitFor();
    expect(await page.getByTestId('admin-user-row').count()).toBe(1);
    await row.getByRole('button', { name: `Görüntüle: ${managed.email}` }).click();
    const detail = page.getByTestId('admin-user-detail');
    await detail.getByRole('heading', { name: managed.username }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('admin-user-title');

    const toggle = detail.getByRole('switch');
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await toggle.click();
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="admin-override-toggle"]')?.getAttribute('aria-checked') ===
        'true',
    );

    await detail.getByLabel('Ek fotoğraf kotası (eksi değer geri alır)').fill('7');
    await detail.getByLabel('Not (isteğe bağlı)').fill('Telafi');
    await detail.getByRole('button', { name: 'Uygula' }).click();
    await detail.getByTestId('admin-user-quota').filter({ hasText: 'Ek: 7' }).waitFor();

    await detail.getByLabel('Rol').selectOption('pro');
    await detail.getByRole('button', { name: 'Rolü Kaydet' }).click();
    await row.getByText('Pro Plan').waitFor();
    expect(await seriousViolations(page, outsideConsole)).toEqual([]);
    await snap(page, 'admin-users-desktop');

    await openTab(page, 'Promosyon Kodları');
    const code = `E2E${stamp}`.toUpperCase();
    await page.getByLabel('Kod', { exact: true }).fill(code);
    await page.getByLabel('Değer').fill('15');
    await page.getByRole('button', { name: 'Kod Oluştur' }).click();
    const promo = page.getByTestId('admin-promo-row').filter({ hasText: code });
    await promo.waitFor();
    expect(await promo.textContent()).toContain('%15');
    await promo.getByRole('button', { name: `Devre Dışı Bırak: ${code}` }).click();
    await promo.getByText('Devre dışı').waitFor();
    await promo.getByRole('button', { name: 'Kullanım' }).click();
    await promo.getByText('Bu kod henüz kullanılmadı.').waitFor();
    expect(await seriousViolations(page, outsideConsole)).toEqual([]);

    await openTab(page, 'İşlem Kaydı');
    for (const label of [
      'All-Access değişikliği',
      'Kota düzeltme',
      'Rol değişikliği',
      'Promosyon kodu oluşturma',
      'Promosyon kodu durumu',
    ]) {
      await page.getByTestId('admin-audit-row').filter({ hasText: label }).first().waitFor();
    }
    expect(
      await page.getByTestId('admin-audit-row').filter({ hasText: 'Kota düzeltme' }).first().textContent(),
    ).toContain('admin@example.com');
    expect(await seriousViolations(page, outsideConsole)).toEqual([]);
    await page.context().close();
  });

  it('has no serious axe violations on any tab, works by keyboard and fits 375 px', async () => {
    for (const viewport of ['desktop', 'mobile'] as const) {
      const page = await newAxePage(browser, viewport);
      await loginViaForm(page, 'admin@example.com');
      await page.goto('/admin');
      await page.getByTestId('admin-stats').waitFor();
      await page.getByRole('tab', { name: 'Genel Bakış' }).focus();
      for (const name of ['Kullanıcılar', 'Promosyon Kodları', 'Mesajlar', 'Bülten', 'İşlem Kaydı']) {
        await page.keyboard.press('ArrowRight');
        await page.getByRole('tab', { name, selected: true }).waitFor();
        expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(name);
        await page.getByRole('tabpanel').locator('h2').first().waitFor();
        await page.waitForLoadState('networkidle');
        expect(await seriousViolations(page, outsideConsole), `${name} (${viewport})`).toEqual([]);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${name} (${viewport})`).toBeLessThanOrEqual(0);
      }
      await page.keyboard.press('Home');
      await page.getByRole('tab', { name: 'Genel Bakış', selected: true }).waitFor();
      expect(await seriousViolations(page, outsideConsole)).toEqual([]);
      await snap(page, `admin-overview-${viewport}`);
      await page.context().close();
    }
  });
});
