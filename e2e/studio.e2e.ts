import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseURL, launchBrowser, loginViaForm, newPage, snap } from './support/browser';
import { assertEvalSet, buyPlan, carPhoto, platePhoto, waitImagesLoaded } from './support/photos';
import { e2eUsers } from './support/users';

// Five photos through the real engine on a shared CPU: allow minutes, not seconds.
const RUN_TIMEOUT = 300_000;
const user = (key: string) => e2eUsers.find((u) => u.key === key)!.email;
const toast = (p: Page, text: string) => p.locator('[data-sonner-toast]').filter({ hasText: text }).first();

let browser: Browser;
beforeAll(async () => {
  assertEvalSet();
  browser = await launchBrowser();
  // Real paid subscriptions (signed sandbox callbacks): plan flags come from the plan, not All-Access.
  await buyPlan(baseURL(), user('studioPro'), 'pro');
  await buyPlan(baseURL(), user('studioBasic'), 'basic');
});
afterAll(async () => browser?.close());

async function openStudio(email: string, viewport: 'desktop' | 'mobile' = 'desktop') {
  const page = await newPage(browser, viewport);
  await loginViaForm(page, email);
  await page.goto('/new');
  await page.getByTestId('studio-presets').waitFor();
  return page;
}

const step = (page: Page) => page.getByTestId('studio').getAttribute('data-step');
const next = (page: Page) => page.getByTestId('next');

/** A dealer logo with transparency, drawn by the browser's canvas (no file of anyone's brand is needed). */
async function logoPng(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const c = document.createElement('canvas');
    c.width = 360;
    c.height = 120;
    const g = c.getContext('2d')!;
    g.fillStyle = 'rgba(15,23,42,0.85)';
    g.beginPath();
    g.roundRect(0, 0, 360, 120, 20);
    g.fill();
    g.fillStyle = '#f59e0b';
    g.font = 'bold 48px sans-serif';
    g.fillText('YILDIZ OTO', 24, 78);
    return c.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

describe('studio (six steps) with real photos and the real engine', () => {
  it('pro plan: preset/custom background rules, five photos, a logo and a plate change, five results', async () => {
    const page = await openStudio(user('studioPro'));
    expect(await step(page)).toBe('1');
    expect(await next(page).isDisabled()).toBe(true); // 1 -> 2 needs a background
    await waitImagesLoaded(page, '[data-testid="studio-presets"] img', 7);
    expect(await page.getByTestId('studio-presets').locator('[data-preset]').count()).toBe(7);

    // A preset and a custom background clear each other.
    await page.locator('[data-preset="studio-showroom"]').click();
    expect(await next(page).isDisabled()).toBe(false);
    await page
      .getByTestId('background-drop')
      .locator('input[type=file]')
      .setInputFiles(carPhoto('ig02_carsgraz_001.png'));
    await page.getByTestId('custom-background').waitFor();
    await toast(page, 'Görsel başarıyla yüklendi').waitFor();
    expect(await page.locator('[data-preset="studio-showroom"]').getAttribute('aria-pressed')).toBe('false');
    await page.locator('[data-preset="studio-showroom"]').click();
    await page.getByTestId('custom-background').waitFor({ state: 'detached' });
    await snap(page, 'studio-background-desktop');
    await next(page).click();

    // Step 2: nothing uploaded yet; six files are too many; five are accepted.
    expect(await step(page)).toBe('2');
    await next(page).click();
    await page.getByTestId('photo-error').getByText('En az bir araç fotoğrafı gereklidir').waitFor();
    expect(await step(page)).toBe('2');
    const cars = [
      carPhoto('carvana_1adaeb44f109_03.jpg'),
      carPhoto('carvana_c7a94c46a3b2_04.jpg'),
      carPhoto('ig02_carsgraz_161.png'),
      platePhoto('oalpr_eu_test_005.jpg'),
      platePhoto('oalpr_eu_test_021.jpg'),
    ];
    const input = page.getByTestId('photos-drop').locator('input[type=file]');
    await input.setInputFiles([...cars, carPhoto('ig02_carsgraz_236.png')]);
    await page.getByTestId('photo-error').getByText('Maksimum 5 fotoğraf yükleyebilirsiniz').waitFor();
    await input.setInputFiles(cars);
    await toast(page, '5 fotoğraf yüklendi').waitFor();
    expect(await page.getByTestId('photo-count').textContent()).toBe('5/5 fotoğraf');
    await snap(page, 'studio-photos-desktop');
    await next(page).click();

    // Step 3: the logo (PNG with transparency).
    expect(await step(page)).toBe('3');
    await page
      .getByTestId('logo-drop')
      .locator('input[type=file]')
      .setInputFiles({ name: 'bayi-logo.png', mimeType: 'image/png', buffer: await logoPng(page) });
    await page.getByTestId('logo-preview').waitFor();
    await next(page).click();

    // Step 4: plate change on with empty text blocks 4 -> 5 (max 20 characters).
    expect(await step(page)).toBe('4');
    await page.getByLabel('Plakayı değiştir').check();
    expect(await next(page).isDisabled()).toBe(true);
    const text = page.getByLabel('Plaka yazısı');
    expect(await text.getAttribute('maxlength')).toBe('20');
    await text.fill('34 galeri 2026');
    await page.getByText('Sarı', { exact: true }).click();
    await page.locator('fieldset').filter({ hasText: 'Yazı rengi' }).getByText('Siyah').click();
    expect(await next(page).isDisabled()).toBe(false);
    await snap(page, 'studio-plate-desktop');
    // Back keeps what was chosen.
    await page.getByRole('button', { name: 'Geri' }).click();
    expect(await step(page)).toBe('3');
    await page.getByTestId('logo-preview').waitFor();
    await next(page).click();
    await next(page).click();

    // Step 5: summary; Pro may remove the watermark (ticked by default).
    expect(await step(page)).toBe('5');
    const summary = page.getByTestId('studio-summary');
    await summary.getByText('Cam Showroom').waitFor();
    await summary.getByText('34 GALERİ 2026 · Sarı / Siyah').waitFor();
    expect(await page.getByLabel('Filigranı kaldır').isChecked()).toBe(true);
    await page.getByText('Tahmini süre: 45-75 saniye (plaka düzenleme ile)').first().waitFor();
    await snap(page, 'studio-summary-desktop');
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/gen4/generate'));
    await page.getByTestId('generate').click();
    await page.getByTestId('progress').waitFor();
    await page
      .getByTestId('progress-elapsed')
      .getByText(/Geçen süre: [1-9]/)
      .waitFor();
    await snap(page, 'studio-progress-desktop');
    const body = (await sent).postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({
      backgroundPreset: 'studio-showroom',
      enablePlateEdit: true,
      plateColor: 'yellow',
      plateTextColor: 'black',
      plateText: '34 GALERİ 2026',
      removeWatermark: true,
    });
    expect((body.carImages as string[]).length).toBe(5);
    expect(body.logoImage).toMatch(/^\/api\/images\//);

    // Step 6: a grid of five, every picture really loaded; each has its own download.
    await page.getByTestId('studio-result-grid').waitFor({ timeout: RUN_TIMEOUT });
    await toast(page, 'Başarılı').waitFor();
    expect(
      await page
        .locator('[data-sonner-toast]')
        .filter({ hasText: /5 görsel \d+ saniyede/ })
        .count(),
    ).toBe(1);
    expect(await page.getByTestId('studio-result').count()).toBe(5);
    expect(await waitImagesLoaded(page, '[data-testid="studio-result"] img', 5)).toHaveLength(5);
    await snap(page, 'studio-results-desktop');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('download-2').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^studio-2-\d{13}\.jpg$/);
    // Download all: one ZIP holding the five results as studio-1.jpg ... studio-5.jpg.
    const [zip] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('download-all').click(),
    ]);
    expect(zip.suggestedFilename()).toBe('oto-studyo-sonuclar.zip');
    const archive = await fs.readFile((await zip.path())!);
    expect(archive.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
    const names = [...archive.toString('latin1').matchAll(/studio-(\d)\.jpg/g)].map((m) => m[1]);
    expect(new Set(names)).toEqual(new Set(['1', '2', '3', '4', '5']));

    await page.getByRole('button', { name: 'Yeniden Başla' }).click();
    expect(await step(page)).toBe('1');
    expect(await next(page).isDisabled()).toBe(true);
    await page.context().close();
  }, 420_000);

  it('basic plan on a phone: one photo only with the upgrade message, no watermark option, one result in a slider', async () => {
    const page = await openStudio(user('studioBasic'), 'mobile');
    await page.locator('[data-preset="studio-white"]').click();
    await next(page).click();
    await page.getByTestId('batch-upgrade').waitFor();
    const input = page.getByTestId('photos-drop').locator('input[type=file]');
    expect(await input.getAttribute('multiple')).toBeNull();
    // A multi-file pick (e.g. dropped) is refused with the upgrade message.
    await input.evaluate((el) => el.setAttribute('multiple', ''));
    await input.setInputFiles([
      carPhoto('carvana_cf5add31c130_05.jpg'),
      carPhoto('carvana_cf89c3220bc4_08.jpg'),
    ]);
    await page.getByTestId('photo-error').getByText('Pro ve Business').waitFor();
    expect(await page.getByTestId('photo-count').textContent()).toBe('0/1 fotoğraf');
    await snap(page, 'studio-basic-limit-mobile');
    await input.setInputFiles(carPhoto('carvana_cf5add31c130_05.jpg'));
    await toast(page, 'Görsel başarıyla yüklendi').waitFor();
    expect(await page.getByTestId('photo-count').textContent()).toBe('1/1 fotoğraf');
    await next(page).click();
    await next(page).click(); // no logo
    await next(page).click(); // plate left alone: hidden automatically
    expect(await step(page)).toBe('5');
    expect(await page.getByLabel('Filigranı kaldır').count()).toBe(0);
    await page.getByText('Tahmini süre: 25-45 saniye').first().waitFor();
    await page.getByTestId('generate').click();
    await page.getByTestId('studio-result-single').waitFor({ timeout: RUN_TIMEOUT });
    await waitImagesLoaded(page, '[data-testid="compare"] img', 2);
    expect(await page.getByTestId('compare').getAttribute('data-position')).toBe('50');
    // Issue 11: the original is placed where the engine put the car, so the halves line up.
    const before = page.getByTestId('compare').locator('img[data-role="before"]');
    expect(await before.getAttribute('data-placed')).toBe('true');
    await snap(page, 'studio-result-mobile');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // The server enforces the limit too: two photos from a basic account are refused with 403.
    const token = await page.evaluate(() => localStorage.getItem('auth_token'));
    const res = await page.request.post('/api/gen4/generate', {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      data: {
        carImages: ['/api/images/aaaaaaaaaaaaaaaaaaaaaaaa.jpg', '/api/images/bbbbbbbbbbbbbbbbbbbbbbbb.jpg'],
        backgroundPreset: 'studio-white',
      },
    });
    expect(res.status()).toBe(403);
    await page.context().close();
  }, 360_000);
});
