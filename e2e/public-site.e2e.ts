/// <reference lib="dom" />
// Browser globals are used inside page.evaluate callbacks, which run in Chromium.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseURL, launchBrowser, snap } from './support/browser';
import { newAxePage, seriousViolations } from './support/axe';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** Public pages: path, test id, h1 and the Turkish title each must carry. */
const pages = [
  {
    path: '/',
    id: 'landing',
    h1: /showroom kalitesinde/,
    title: 'Oto Stüdyo — Yapay zekâ ile showroom kalitesinde araç fotoğrafları',
  },
  { path: '/about', id: 'about', h1: /Her araç/, title: 'Hakkımızda | Oto Stüdyo' },
  { path: '/nedir', id: 'nedir', h1: /yapay zekâ stüdyosu/, title: 'Oto Stüdyo Nedir? | Oto Stüdyo' },
  { path: '/gallery', id: 'gallery', h1: /Öncesi ve sonrası/, title: 'Galeri | Oto Stüdyo' },
  { path: '/contact', id: 'contact', h1: /yardımcı olabiliriz/, title: 'İletişim | Oto Stüdyo' },
  { path: '/kvkk', id: 'kvkk', h1: /KVKK Aydınlatma Metni/, title: 'KVKK Aydınlatma Metni | Oto Stüdyo' },
] as const;

const meta = (page: Page, selector: string) => page.locator(selector).getAttribute('content');

/** Waits until every <img> that has started loading is decoded, so screenshots and checks see them. */
const imagesLoaded = (page: Page) =>
  page.waitForFunction(() =>
    Array.from(document.images)
      .filter((i) => i.loading !== 'lazy' || i.getBoundingClientRect().top < window.innerHeight)
      .every((i) => i.complete && i.naturalWidth > 0),
  );

describe('every public page, desktop and 375 px', () => {
  for (const viewport of ['desktop', 'mobile'] as const) {
    for (const p of pages) {
      it(`${p.path} (${viewport}): heading, Turkish title and description, Open Graph, no serious axe violations, no sideways scroll`, async () => {
        const page = await newAxePage(browser, viewport);
        const res = await page.goto(p.path);
        expect(res?.status()).toBe(200);
        await page.getByTestId(p.id).waitFor();
        await expect(page.locator('h1').first().textContent()).resolves.toMatch(p.h1);
        expect(await page.locator('h1').count()).toBe(1);
        await page.waitForFunction((t) => document.title === t, p.title);
        expect(await meta(page, 'meta[name="description"]')).toMatch(/^.{60,}$/);
        expect(await meta(page, 'meta[property="og:title"]')).toBe(p.title);
        expect(await meta(page, 'meta[property="og:url"]')).toBe(`${baseURL()}${p.path}`);
        expect(await meta(page, 'meta[property="og:image"]')).toMatch(/\/img\/og-image\.jpg$/);
        expect(await page.locator('html').getAttribute('lang')).toBe('tr');
        await imagesLoaded(page);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        expect(await seriousViolations(page)).toEqual([]);
        await snap(page, `public${p.path === '/' ? '-landing' : p.path.replace('/', '-')}-${viewport}`);
        await page.context().close();
      });
    }
  }

  it('descriptions differ per page', async () => {
    const page = await newAxePage(browser);
    const seen = new Set<string>();
    for (const p of pages) {
      await page.goto(p.path);
      await page.getByTestId(p.id).waitFor();
      await page.waitForFunction((t) => document.title === t, p.title);
      seen.add((await meta(page, 'meta[name="description"]')) ?? '');
    }
    expect(seen.size).toBe(pages.length);
    await page.context().close();
  });
});

describe('landing page (SPEC §2)', () => {
  it('has its sections in order with the spec strings and links', async () => {
    const page = await newAxePage(browser);
    await page.goto('/');
    await page.getByTestId('landing').waitFor();
    const cta = page.getByTestId('hero-cta');
    expect((await cta.textContent())?.trim()).toBe('ŞİMDİ BAŞLA');
    expect(await cta.getAttribute('href')).toBe('/editor');

    const featureLinks = await page
      .getByTestId('feature-cards')
      .locator('a')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(featureLinks).toEqual(['/editor', '/editor', '/new', '/editor']);
    const featureTitles = await page.getByTestId('feature-cards').locator('h3').allTextContents();
    expect(featureTitles).toEqual([
      'Arka Plan Değiştirme',
      'Plaka Gizleme',
      'Logo Ekleme',
      'Öncesi / Sonrası Karşılaştırma',
    ]);

    const cards = page.getByTestId('preset-card');
    expect(await cards.count()).toBe(6);
    const presets = await cards.evaluateAll((els) =>
      els.map((el) => ({
        title: el.querySelector('h3')?.textContent,
        badges: Array.from(el.querySelectorAll('span')).map((s) => s.textContent),
        button: el.querySelector('button')?.textContent?.trim(),
      })),
    );
    expect(presets).toEqual([
      { title: 'Lüks Showroom', badges: ['Showroom', 'Popüler'], button: 'Önizle' },
      { title: 'Modern Stüdyo', badges: ['Stüdyo', 'Popüler'], button: 'Önizle' },
      { title: 'Şehir Merkezi', badges: ['Şehir'], button: 'Önizle' },
      { title: 'Sahil Yolu', badges: ['Doğa'], button: 'Önizle' },
      { title: 'Gece Sürüşü', badges: ['Gece'], button: 'Önizle' },
      { title: 'Kırmızı Halı Sergisi', badges: ['Özel', 'Popüler'], button: 'Önizle' },
    ]);
    const startNow = page.getByTestId('preset-gallery').getByRole('link', { name: 'Hemen Başla' });
    expect(await startNow.getAttribute('href')).toBe('/register');

    const planLinks = page.getByTestId('audience-cards').getByRole('link', { name: 'Planları Görüntüle' });
    expect(await planLinks.count()).toBe(3);
    for (const href of await planLinks.evaluateAll((as) => as.map((a) => a.getAttribute('href'))))
      expect(href).toBe('/pricing');

    const closing = page.locator('section[aria-labelledby="cta-title"]').getByRole('link');
    expect(await closing.getAttribute('href')).toBe('/register');

    const footer = page.getByTestId('site-footer');
    await footer.getByRole('button', { name: 'ABONE OL' }).waitFor();
    expect(await footer.locator('input#newsletter-email').getAttribute('type')).toBe('email');
    expect(await footer.getByRole('link', { name: 'Gizlilik Politikası' }).getAttribute('href')).toBe(
      '/kvkk',
    );
    expect(await footer.getByRole('link', { name: 'Kullanım Koşulları' }).getAttribute('href')).toBe(
      '/kvkk#kullanim-kosullari',
    );
    expect(await footer.getByText('Arka plan değiştirme').count()).toBe(1);

    // Section order: hero, features, presets, audiences, closing call to action, footer.
    const tops = await page.evaluate(() =>
      [
        '#hero-title',
        '#features-title',
        '#presets-title',
        '#audience-title',
        '#cta-title',
        '[data-testid="site-footer"]',
      ].map((s) => document.querySelector(s)!.getBoundingClientRect().top + window.scrollY),
    );
    expect([...tops].sort((a, b) => a - b)).toEqual(tops);
    await page.context().close();
  });

  it("'Önizle' opens a real preview that loads the engine-rendered scene, and closes with Escape", async () => {
    for (const viewport of ['desktop', 'mobile'] as const) {
      const page = await newAxePage(browser, viewport);
      await page.goto('/');
      const button = page.getByRole('button', { name: 'Önizle: Gece Sürüşü' });
      await button.click();
      const dialog = page.getByTestId('preset-preview');
      await dialog.getByRole('heading', { name: 'Gece Sürüşü' }).waitFor();
      const img = dialog.locator('img');
      expect(await img.getAttribute('src')).toBe('/img/presets/night-drive-preview.jpg');
      await page.waitForFunction(() => {
        const i = document.querySelector<HTMLImageElement>('[data-testid="preset-preview"] img');
        return i?.complete && i.naturalWidth === 1200;
      });
      expect(await seriousViolations(page)).toEqual([]);
      await snap(page, `public-preset-preview-${viewport}`);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
        'Önizle: Gece Sürüşü',
      );
      await page.context().close();
    }
  });

  it('is usable by keyboard: skip link, call to action, preview opened and closed', async () => {
    const page = await newAxePage(browser);
    await page.goto('/');
    await page.getByTestId('landing').waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('İçeriğe geç');
    const reached: string[] = [];
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      const label = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        return el?.getAttribute('aria-label') || el?.textContent?.trim() || '';
      });
      reached.push(label);
      if (label === 'Önizle: Lüks Showroom') break;
    }
    expect(reached).toContain('ŞİMDİ BAŞLA');
    expect(reached.at(-1)).toBe('Önizle: Lüks Showroom');
    // Every focused control shows a visible focus indicator.
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    expect(outline).not.toBe('none');
    await page.keyboard.press('Enter');
    await page.getByTestId('preset-preview').getByRole('heading', { name: 'Lüks Showroom' }).waitFor();
    await page.keyboard.press('Tab');
    const inDialog = await page.evaluate(() => Boolean(document.activeElement?.closest('dialog')));
    expect(inDialog).toBe(true);
    await page.keyboard.press('Escape');
    await page.getByTestId('preset-preview').waitFor({ state: 'hidden' });
    await page.context().close();
  });
});

describe('gallery', () => {
  for (const viewport of ['desktop', 'mobile'] as const) {
    it(`has three before/after sliders starting at 50 % that move by pointer and keyboard (${viewport})`, async () => {
      const page = await newAxePage(browser, viewport);
      await page.goto('/gallery');
      await page.getByTestId('gallery').waitFor();
      const sliders = page.getByTestId('before-after');
      expect(await sliders.count()).toBe(3);
      for (let i = 0; i < 3; i++) {
        const slider = sliders.nth(i);
        await slider.scrollIntoViewIfNeeded();
        expect(await slider.getAttribute('data-position')).toBe('50');
        const range = slider.locator('input[type="range"]');
        expect(await range.inputValue()).toBe('50');
        const box = (await slider.boundingBox())!;
        if (viewport === 'mobile')
          await page.touchscreen.tap(box.x + box.width * 0.8, box.y + box.height / 2);
        else await page.mouse.click(box.x + box.width * 0.8, box.y + box.height / 2);
        const moved = Number(await slider.getAttribute('data-position'));
        expect(moved).toBeGreaterThan(70);
        expect(moved).toBeLessThan(90);
        const clip = await slider
          .locator('img')
          .nth(1)
          .evaluate((img) => (img as HTMLElement).style.clipPath);
        expect(clip).toBe(`inset(0px ${100 - moved}% 0px 0px)`);
        await range.focus();
        await page.keyboard.press('Home');
        expect(await slider.getAttribute('data-position')).toBe('0');
        await page.keyboard.press('ArrowRight');
        await page.keyboard.press('ArrowRight');
        expect(await slider.getAttribute('data-position')).toBe('2');
        expect(await range.getAttribute('aria-valuetext')).toBe('Öncesi %2, Sonrası %98');
      }
      expect(await page.getByRole('link', { name: /Hemen Kayıt Ol/ }).getAttribute('href')).toBe('/register');
      await snap(page, `public-gallery-moved-${viewport}`);
      await page.context().close();
    });
  }
});

describe('contact page', () => {
  it('shows six FAQ entries with the spec facts, the address and the phone', async () => {
    const page = await newAxePage(browser, 'mobile');
    await page.goto('/contact');
    await page.getByTestId('faq').waitFor();
    const faq = page.getByTestId('faq').locator('details');
    expect(await faq.count()).toBe(6);
    // FAQ answers open by keyboard too.
    await faq.first().locator('summary').focus();
    await page.keyboard.press('Enter');
    expect(await faq.first().getAttribute('open')).not.toBeNull();
    const text = await page.getByTestId('faq').textContent();
    for (const fact of [
      '5-10 saniye',
      '30 saniyeye',
      'JPG, PNG ve WebP',
      '512x512',
      'Pro',
      'Enterprise',
      'kişisel kullanım',
      'hesap ayarlarınızdan',
      'dönemin sonuna kadar aktif',
      'şifrelenir',
      'işlendikten sonra silinir',
      '2 saat',
    ]) {
      expect(text, fact).toContain(fact);
    }
    const address = await page.locator('address').textContent();
    expect(address).toContain('İstanbul');
    expect(await page.locator('address a[href^="tel:"]').count()).toBe(1);
    await page.context().close();
  });

  it('validates the form in Turkish, focuses the first problem, then sends by keyboard', async () => {
    const page = await newAxePage(browser);
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/contact')) posts.push(r.postData() ?? '');
    });
    await page.goto('/contact');
    const form = page.getByTestId('contact-form');
    await form.getByRole('button', { name: 'Mesajı Gönder' }).click();
    for (const msg of [
      'Adınızı girin',
      'E-posta adresi gerekli',
      'Bir kategori seçin',
      'Konu girin',
      'Mesajınızı yazın',
    ]) {
      await form.getByText(msg).waitFor();
    }
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('contact-name');
    expect(await form.locator('#contact-name').getAttribute('aria-invalid')).toBe('true');
    await form.getByLabel('Ad Soyad').fill('Deniz Aksoy');
    await form.getByLabel('E-posta').fill('deniz@');
    await form.getByLabel('Kategori').selectOption('feature');
    await form.getByLabel('Konu').fill('Toplu indirme');
    await form.getByLabel('Mesajınız').fill('kısa');
    await form.getByRole('button', { name: 'Mesajı Gönder' }).click();
    await form.getByText('Geçerli bir e-posta adresi girin').waitFor();
    await form.getByText('Mesaj en az 10 karakter olmalı').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await snap(page, 'public-contact-errors-desktop');
    expect(posts).toHaveLength(0);
    await form.getByLabel('E-posta').fill('deniz@example.com');
    await form.getByLabel('Mesajınız').fill('İlan setini ZIP olarak indirmek mümkün mü?');
    await form.getByLabel('Konu').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('contact-sent').getByText('Mesajınız alındı').waitFor();
    expect(posts).toHaveLength(1);
    expect(JSON.parse(posts[0])).toMatchObject({ category: 'feature', email: 'deniz@example.com' });
    expect(await form.getByLabel('Konu').inputValue()).toBe('');
    await page.context().close();
  });
});

describe('newsletter box', () => {
  it('rejects an invalid address in Turkish and confirms a valid one', async () => {
    const page = await newAxePage(browser, 'mobile');
    await page.goto('/about');
    const form = page.getByTestId('newsletter-form');
    await form.getByRole('button', { name: 'ABONE OL' }).click();
    await form.getByText('E-posta adresi gerekli').waitFor();
    await form.getByLabel('Bülten için e-posta adresiniz').fill('yanlis-adres');
    await form.getByRole('button', { name: 'ABONE OL' }).click();
    await form.getByText('Geçerli bir e-posta adresi girin').waitFor();
    expect(await form.getByLabel('Bülten için e-posta adresiniz').getAttribute('aria-invalid')).toBe('true');
    await form.getByLabel('Bülten için e-posta adresiniz').fill('okur@example.com');
    await form.getByRole('button', { name: 'ABONE OL' }).click();
    await form.getByText('Bültenimize abone oldunuz. Teşekkürler!').waitFor();
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Bültenimize abone oldunuz' }).waitFor();
    await snap(page, 'public-newsletter-mobile');
    await page.context().close();
  });
});

describe('KVKK notice', () => {
  it('covers controller, data, purposes, retention, transfers, rights and how to apply', async () => {
    const page = await newAxePage(browser);
    await page.goto('/kvkk');
    await page.getByTestId('kvkk').waitFor();
    const text = (await page.getByTestId('kvkk').textContent()) ?? '';
    for (const part of [
      'Veri sorumlusu',
      'İşlenen kişisel veriler',
      'hukuki sebepler',
      'md. 5/2-c',
      '24 saat',
      'işlem tamamlandıktan sonra silinir',
      'PayTR',
      'Replicate',
      'ABD',
      'standart sözleşme',
      'md. 11',
      '30 gün',
      'zorunludur',
      'EXIF/GPS',
    ]) {
      expect(text, part).toContain(part);
    }
    await page.getByRole('link', { name: '7. Haklarınız (KVKK md. 11)' }).click();
    expect(new URL(page.url()).hash).toBe('#haklar');
    await page.context().close();
  });
});

describe('search engines and link previews', () => {
  it('serves robots.txt, sitemap.xml, the favicon and the Open Graph image', async () => {
    const robots = await fetch(`${baseURL()}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(await robots.text()).toContain(`Sitemap: ${baseURL()}/sitemap.xml`);
    const sitemap = await (await fetch(`${baseURL()}/sitemap.xml`)).text();
    expect(sitemap).toContain(`<loc>${baseURL()}/gallery</loc>`);
    const icon = await fetch(`${baseURL()}/favicon.svg`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toContain('image/svg+xml');
    const og = await fetch(`${baseURL()}/img/og-image.jpg`);
    expect(og.headers.get('content-type')).toBe('image/jpeg');
    const html = await (await fetch(`${baseURL()}/gallery`)).text();
    expect(html).toContain('<html lang="tr">');
    expect(html).toContain('property="og:image"');
  });

  it('does not download the signed-in app or zod on a public page', async () => {
    const page = await newAxePage(browser);
    const scripts: string[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto('/');
    await page.getByTestId('landing').waitFor();
    await page.waitForLoadState('networkidle');
    const names = scripts.map((s) => s.split('/').pop()!);
    for (const forbidden of ['dashboard-page', 'admin-page', 'user-menu', 'login-page', 'schemas']) {
      expect(
        names.some((n) => n.startsWith(forbidden)),
        `${forbidden} in ${names.join(', ')}`,
      ).toBe(false);
    }
    await page.context().close();
  });
});
