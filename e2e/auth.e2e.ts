import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, loginViaForm, newPage, snap } from './support/browser';
import { E2E_PASSWORD, GOOGLE_USER } from './support/users';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const nav = (page: Page) => page.getByTestId('main-nav');

async function openAvatarMenu(page: Page) {
  await page.getByTestId('user-menu-trigger').click();
  return page.getByTestId('user-menu');
}

describe('signed-out navigation', () => {
  for (const viewport of ['desktop', 'mobile'] as const) {
    it(`shows the public links and they lead to their pages (${viewport})`, async () => {
      const page = await newPage(browser, viewport);
      await page.goto('/');
      await nav(page).and(page.locator('[data-auth="anonymous"]')).waitFor();
      await snap(page, `landing-${viewport}`);
      if (viewport === 'mobile') await page.getByRole('button', { name: 'Menüyü aç' }).click();
      const links: [string, string][] = [
        ['Nedir?', '/nedir'],
        ['Galeri', '/gallery'],
        ['Hakkımızda', '/about'],
        ['Fiyatlar', '/pricing'],
        ['İletişim', '/contact'],
      ];
      for (const [label, path] of links) {
        const link = page.getByRole('link', { name: label, exact: true }).first();
        expect(await link.getAttribute('href')).toBe(path);
      }
      await page.getByRole('link', { name: 'Fiyatlar', exact: true }).first().click();
      await page.waitForURL('**/pricing');
      await page.getByTestId('pricing').waitFor();
      if (viewport === 'mobile') await page.getByRole('button', { name: 'Menüyü aç' }).click();
      await expect(page.getByRole('link', { name: 'Giriş Yap' }).first().getAttribute('href')).resolves.toBe(
        '/login',
      );
      await expect(page.getByRole('link', { name: 'Kayıt Ol' }).first().getAttribute('href')).resolves.toBe(
        '/register',
      );
      expect(await page.getByRole('link', { name: 'Kendin Tasarla' }).count()).toBe(0);
      await page
        .getByRole('link', { name: /Oto Stüdyo/ })
        .first()
        .click();
      await page.waitForURL((u) => u.pathname === '/');
      await page.context().close();
    });
  }

  for (const path of ['/dashboard', '/editor', '/new', '/admin']) {
    it(`redirects ${path} to /login when signed out`, async () => {
      const page = await newPage(browser);
      await page.goto(path);
      await page.waitForURL((u) => u.pathname === '/login');
      expect(new URL(page.url()).searchParams.get('next')).toBe(path);
      await page.getByRole('heading', { name: 'Giriş Yap' }).waitFor();
      await page.context().close();
    });
  }

  it('shows the 404 page with a link home for an unknown path', async () => {
    const page = await newPage(browser);
    const res = await page.goto('/boyle-bir-sayfa-yok');
    expect(res?.status()).toBe(404);
    await page.getByTestId('not-found').waitFor();
    await expect(page.getByRole('heading', { name: 'Sayfa bulunamadı' }).isVisible()).resolves.toBe(true);
    await snap(page, 'not-found-desktop');
    await page.getByRole('link', { name: 'Ana sayfaya dön' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.context().close();
  });
});

describe('login', () => {
  it('does nothing on an empty submit', async () => {
    const page = await newPage(browser);
    const posted: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/auth/login')) posted.push(r.postData() ?? '');
    });
    await page.goto('/login');
    const submit = page.getByRole('button', { name: 'Giriş Yap', exact: true });
    await submit.click();
    // The empty submit shows nothing (SPEC §5), so no sleep can prove it sent nothing. A real sign-in after
    // it can: requests are reported in order, so the one we wait for must be the first and only one.
    const form = page.locator('main form').first();
    await form.getByLabel('E-posta').fill('zeynep@example.com');
    await page.getByLabel('Şifre', { exact: true }).fill(E2E_PASSWORD);
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/auth/login'));
    await submit.click();
    await sent;
    expect(posted).toHaveLength(1);
    expect(posted[0]).toContain('zeynep@example.com');
    await page.context().close();
  });

  it("shows 'Giriş Hatası' with the server's message for a wrong password", async () => {
    const page = await newPage(browser);
    await page.goto('/login');
    await page.locator('main form').first().getByLabel('E-posta').fill('zeynep@example.com');
    await page.getByLabel('Şifre', { exact: true }).fill('yanlis-sifre');
    await page.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Giriş Hatası' });
    await toast.waitFor();
    await expect(toast.textContent()).resolves.toContain('E-posta adresi veya şifre hatalı.');
    expect(new URL(page.url()).pathname).toBe('/login');
    await snap(page, 'login-error-desktop');
    await page.context().close();
  });

  it('toggles password visibility', async () => {
    const page = await newPage(browser, 'mobile');
    await page.goto('/login');
    const field = page.getByLabel('Şifre', { exact: true });
    await field.fill('gizli');
    expect(await field.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Şifreyi göster' }).click();
    expect(await field.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Şifreyi gizle' }).click();
    expect(await field.getAttribute('type')).toBe('password');
    await snap(page, 'login-mobile');
    await page.context().close();
  });

  it("signs in: 'Giriş Başarılı', signed-in navigation, token stored, then /login redirects", async () => {
    const page = await newPage(browser);
    await loginViaForm(page, 'admin@example.com');
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Giriş Başarılı' }).waitFor();
    await page.waitForURL((u) => u.pathname === '/dashboard');
    for (const [label, href] of [
      ['Panel', '/dashboard'],
      ['Kendin Tasarla', '/editor'],
      ['Stüdyo', '/new'],
    ]) {
      expect(await nav(page).getByRole('link', { name: label, exact: true }).getAttribute('href')).toBe(href);
    }
    expect(await nav(page).getByRole('link', { name: 'Fiyatlar' }).count()).toBe(0);
    expect(await page.evaluate("localStorage.getItem('auth_token')")).toMatch(/^[\w-]{40,}$/);
    await snap(page, 'dashboard-desktop');
    await page.goto('/login');
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await page.goto('/editor');
    await page.getByTestId('editor').waitFor();
    await page.context().close();
  });
});

describe('avatar menu', () => {
  it('admin: full name, initials, role badge, Admin Panel link', async () => {
    const page = await newPage(browser);
    await loginViaForm(page, 'admin@example.com');
    expect(await page.getByTestId('avatar-initials').first().textContent()).toBe('AY');
    const menu = await openAvatarMenu(page);
    expect(await menu.getByTestId('user-display-name').textContent()).toBe('Ali Yönetici');
    expect(await menu.getByTestId('user-role-badge').textContent()).toBe('Admin');
    await expect(menu.getByText('admin@example.com').isVisible()).resolves.toBe(true);
    expect(await menu.getByTestId('all-access-badge').count()).toBe(0);
    await snap(page, 'avatar-menu-admin');
    await menu.getByRole('menuitem', { name: 'Admin Panel' }).click();
    await page.waitForURL((u) => u.pathname === '/admin');
    await page.getByTestId('admin').waitFor();
    await page.context().close();
  });

  it('pro with override: All-Access marker, no Admin Panel, kept out of /admin', async () => {
    const page = await newPage(browser, 'mobile');
    await loginViaForm(page, 'selin.kaya@example.com');
    const menu = await openAvatarMenu(page);
    expect(await menu.getByTestId('user-display-name').textContent()).toBe('Selin Kaya');
    expect(await menu.getByTestId('user-role-badge').textContent()).toBe('Pro Plan');
    await menu.getByTestId('all-access-badge').waitFor();
    expect(await menu.getByRole('menuitem', { name: 'Admin Panel' }).count()).toBe(0);
    await snap(page, 'avatar-menu-mobile');
    // Issue 14: "Abonelik" opens the account settings at the subscription section (plan change from there).
    await menu.getByRole('menuitem', { name: 'Abonelik' }).click();
    await page.waitForURL((u) => u.pathname === '/hesap' && u.hash === '#abonelik');
    await page.goto('/admin');
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await page.context().close();
  });

  it('falls back to the username, then to the e-mail', async () => {
    const byUsername = await newPage(browser);
    await loginViaForm(byUsername, 'kullanici.adi@example.com');
    expect(await byUsername.getByTestId('avatar-initials').first().textContent()).toBe('ME');
    const menu = await openAvatarMenu(byUsername);
    expect(await menu.getByTestId('user-display-name').textContent()).toBe('mehmet42');
    expect(await menu.getByTestId('user-role-badge').textContent()).toBe('Basic Plan');
    await byUsername.context().close();

    const byEmail = await newPage(browser);
    await loginViaForm(byEmail, 'zeynep@example.com');
    expect(await byEmail.getByTestId('avatar-initials').first().textContent()).toBe('ZE');
    const menu2 = await openAvatarMenu(byEmail);
    expect(await menu2.getByTestId('user-display-name').textContent()).toBe('zeynep@example.com');
    await byEmail.context().close();
  });

  it("logs out: 'Çıkış Yapıldı', signed-out navigation, protected pages redirect again", async () => {
    const page = await newPage(browser);
    await loginViaForm(page, 'zeynep@example.com');
    const menu = await openAvatarMenu(page);
    await menu.getByRole('menuitem', { name: 'Çıkış Yap' }).click();
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Çıkış Yapıldı' }).waitFor();
    await nav(page).and(page.locator('[data-auth="anonymous"]')).waitFor();
    expect(await page.evaluate("localStorage.getItem('auth_token')")).toBeNull();
    await page.goto('/dashboard');
    await page.waitForURL((u) => u.pathname === '/login');
    await page.context().close();
  });

  it('keeps the session across reloads (token + cookie)', async () => {
    const page = await newPage(browser);
    await loginViaForm(page, 'zeynep@example.com');
    await page.reload();
    await nav(page).and(page.locator('[data-auth="authenticated"]')).waitFor();
    await page.context().close();
  });
});

describe('Google sign-in', () => {
  it('round-trips through the provider and lands signed in on the dashboard', async () => {
    const page = await newPage(browser);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Google ile Giriş Yap' }).click();
    await page.getByRole('button', { name: `Continue as ${GOOGLE_USER.email}` }).click();
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await nav(page).and(page.locator('[data-auth="authenticated"]')).waitFor();
    expect(await page.getByTestId('avatar-initials').first().textContent()).toBe('GÖ');
    await page.context().close();
  });
});
