import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseURL, launchBrowser, loginViaForm, newPage, snap } from './support/browser';
import { editorPresets } from '../contract/presets';
import { apiUpload, assertEvalSet, buyPlan, carPhoto, platePhoto, waitImagesLoaded } from './support/photos';
import { e2eUsers } from './support/users';

// The real engine runs every job on this machine's CPU: each photo takes seconds, so tests wait long.
const RUN_TIMEOUT = 120_000;
const user = (key: string) => e2eUsers.find((u) => u.key === key)!.email;
const toast = (p: Page, text: string) => p.locator('[data-sonner-toast]').filter({ hasText: text }).first();

let browser: Browser;
beforeAll(async () => {
  assertEvalSet();
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

async function openEditor(viewport: 'desktop' | 'mobile' = 'desktop', email = user('pro')) {
  const page = await newPage(browser, viewport);
  await loginViaForm(page, email);
  await page.goto('/editor');
  await page.getByTestId('editor-drop').waitFor();
  return page;
}

async function upload(page: Page, file: string) {
  await page.getByTestId('editor-drop').locator('input[type=file]').setInputFiles(file);
  await page.getByTestId('editor-preview').waitFor();
  await page.getByRole('button', { name: 'İşlemi Başlat' }).and(page.locator(':enabled')).waitFor();
}

const op = (page: Page, id: string) => page.locator(`[data-operation="${id}"]`);

/** The "before" picture sits where the engine put the original: scaled, moved, its own aspect ratio. */
async function expectPlacedOriginal(page: Page) {
  const compare = page.getByTestId('compare');
  const before = compare.locator('img[data-role="before"]');
  expect(await before.getAttribute('data-placed')).toBe('true');
  const frame = (await compare.boundingBox())!;
  const box = (await before.boundingBox())!;
  const natural = await before.evaluate((img) => {
    const i = img as HTMLImageElement;
    return i.naturalWidth / i.naturalHeight;
  });
  // Not the frame itself: the original is re-framed like the result.
  expect(Math.abs(box.width - frame.width) + Math.abs(box.x - frame.x)).toBeGreaterThan(2);
  // Scaled, not stretched: the same proportions as the original photo (within a pixel of rounding).
  expect(box.width / box.height).toBeCloseTo(natural, 1);
}

/** Starts processing and waits for the comparison view; checks both pictures really loaded. */
async function processAndCheck(page: Page, shot?: string) {
  await page.getByRole('button', { name: 'İşlemi Başlat' }).click();
  const progress = page.getByTestId('progress');
  await progress.waitFor();
  expect(
    Number(await progress.getByRole('progressbar').getAttribute('aria-valuenow')),
  ).toBeGreaterThanOrEqual(10);
  await progress.getByText('Tahmini süre: 30-60 saniye').waitFor();
  if (shot) await snap(page, shot);
  await page.getByTestId('editor-result').waitFor({ timeout: RUN_TIMEOUT });
  await toast(page, 'İşlem Tamamlandı').waitFor();
  await waitImagesLoaded(page, '[data-testid="compare"] img', 2);
  const after = await page.getByTestId('compare').locator('img[data-role="after"]').getAttribute('src');
  expect(after).toMatch(/^\/api\/images\/[A-Za-z0-9_-]+\.jpg$/);
  expect(await page.getByTestId('editor').getAttribute('data-step')).toBe('3');
  return after!;
}

describe('editor (Kendin Tasarla) with real photos and the real engine', () => {
  it('refuses non-images, checks the SPEC §5 rules, changes the background with a preset, compares and downloads', async () => {
    const page = await openEditor();
    expect(await page.getByTestId('step-indicator').getAttribute('data-current')).toBe('1');
    await snap(page, 'editor-empty-desktop');

    // A text file: refused in the page. A fake JPEG: refused by the server by its content.
    const input = page.getByTestId('editor-drop').locator('input[type=file]');
    await input.setInputFiles({ name: 'notlar.txt', mimeType: 'text/plain', buffer: Buffer.from('merhaba') });
    await page.getByTestId('editor-alert').getByText('Lütfen sadece resim dosyası yükleyin.').waitFor();
    await input.setInputFiles({
      name: 'sahte.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('bu bir resim değil'),
    });
    await page
      .getByTestId('editor-alert')
      .getByText('Dosya yükleme hatası: Lütfen sadece resim dosyası yükleyin.')
      .waitFor();

    await upload(page, carPhoto('carvana_0cdf5b5d0ce1_06.jpg'));
    expect(await page.getByTestId('step-indicator').getAttribute('data-current')).toBe('2');
    const start = page.getByRole('button', { name: 'İşlemi Başlat' });
    await start.click();
    await toast(page, 'Lütfen en az bir işlem seçin veya yaratıcı prompt girin.').waitFor();
    await op(page, 'background_change').click();
    expect(await op(page, 'background_change').getAttribute('aria-pressed')).toBe('true');
    await start.click();
    await toast(page, 'Arka plan değiştirme için bir preset seçin veya yaratıcı prompt girin.').waitFor();
    await op(page, 'plate_customize').click();
    await page.locator('[data-preset="luxury-showroom"]').click();
    await start.click();
    await toast(page, 'Plaka özelleştirme için yazı girmeniz gerekir.').waitFor();
    await op(page, 'plate_customize').click();
    expect(await page.getByLabel('Plaka yazısı').count()).toBe(0);

    // All-Access: the watermark option shows once an operation is chosen, ticked by default.
    expect(await page.getByLabel('Filigranı kaldır').isChecked()).toBe(true);
    // Every preset tile shows its rendered thumbnail.
    await waitImagesLoaded(page, '[data-testid="preset-grid"] [data-preset]:nth-child(-n+6) img', 6);
    expect(await page.getByTestId('preset-grid').locator('[data-preset]').count()).toBe(31);
    // Category chips narrow the grid; the chosen scene stays chosen and is named above the grid.
    await page.locator('[data-category="night"]').click();
    const nightCount = editorPresets.filter((p) => p.category === 'night').length;
    expect(await page.getByTestId('preset-grid').locator('[data-preset]').count()).toBe(nightCount);
    expect(nightCount).toBeGreaterThan(0);
    await page.getByTestId('selected-preset').getByText('Lüks Showroom').waitFor();
    await page.locator('[data-category="all"]').click();
    expect(await page.getByTestId('preset-grid').locator('[data-preset]').count()).toBe(31);
    await snap(page, 'editor-options-desktop');

    // Temizle clears the operations.
    await page.getByRole('button', { name: 'Temizle', exact: true }).click();
    expect(await op(page, 'background_change').getAttribute('aria-pressed')).toBe('false');
    await op(page, 'background_change').click();
    // Temizle clears operations only; the chosen preset stays.
    expect(await page.locator('[data-preset="luxury-showroom"]').getAttribute('aria-pressed')).toBe('true');

    await processAndCheck(page, 'editor-progress-desktop');
    await snap(page, 'editor-result-desktop');

    // Issue 11: the background change re-framed the car, so the original is placed where the engine put it
    // (scaled with its own proportions, not stretched to the frame) and the halves line up.
    const compare = page.getByTestId('compare');
    await expectPlacedOriginal(page);
    await snap(page, 'editor-aligned-desktop');

    // The slider starts at 50 % and follows the keyboard.
    expect(await compare.getAttribute('data-position')).toBe('50');
    await compare.getByRole('slider').focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
    expect(await compare.getAttribute('data-position')).toBe('55');
    await page.keyboard.press('Home');
    expect(await compare.getAttribute('data-position')).toBe('0');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('download').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^oto-studyo-\d{4}-\d{2}-\d{2}-\d{6}-[a-z0-9]{6}\.jpg$/);
    const saved = await download.path();
    expect(saved).toBeTruthy();

    // Back from the result: selections are reset, the photo stays for another edit.
    await page.getByRole('button', { name: 'Yeni Düzenleme' }).click();
    expect(await page.getByTestId('editor').getAttribute('data-step')).toBe('2');
    expect(await op(page, 'background_change').getAttribute('aria-pressed')).toBe('false');
    await page.context().close();
  }, 240_000);

  it('hides the plate plus a drawn mask; an operation change clears the mask; a failed save says so', async () => {
    const page = await openEditor();
    await upload(page, platePhoto('oalpr_eu_test_004.jpg'));
    await op(page, 'plate_hide').click();

    const draw = async () => {
      await page.getByRole('button', { name: /Gizlenecek Alan Çiz|Maskeyi düzenle/ }).click();
      const canvas = page.getByTestId('mask-canvas');
      await canvas.waitFor();
      const box = (await canvas.boundingBox())!;
      await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.15);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.2, { steps: 8 });
      await page.mouse.move(box.x + box.width * 0.35, box.y + box.height * 0.3, { steps: 8 });
      await page.mouse.up();
    };

    await draw();
    await snap(page, 'editor-mask-desktop');
    // The server is made to fail once: 'Maske kaydedilemedi'.
    await page.route('**/api/save-mask', (r) => r.fulfill({ status: 500, body: '{}' }), { times: 1 });
    await page.getByRole('button', { name: 'Maskeyi Kaydet' }).click();
    await page.getByTestId('mask-error').getByText('Maske kaydedilemedi').waitFor();
    await page.getByRole('button', { name: 'Maskeyi Kaydet' }).click();
    await toast(page, 'Maske kaydedildi').waitFor();
    await page.getByTestId('mask-active').waitFor();

    // SPEC §4: toggling an operation clears the mask.
    await op(page, 'car_clean').click();
    await page.getByTestId('mask-active').waitFor({ state: 'detached' });
    await op(page, 'car_clean').click();
    await draw();
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/save-mask'));
    await page.getByRole('button', { name: 'Maskeyi Kaydet' }).click();
    const { maskUrl } = (await (await saved).json()) as { maskUrl: string };
    expect(maskUrl).toMatch(/^\/api\/images\/.+\.png$/);

    const sent = page.waitForRequest((r) => r.url().endsWith('/api/process-image'));
    await processAndCheck(page);
    const body = (await sent).postDataJSON() as Record<string, unknown>;
    expect(body.operations).toEqual(['plate_hide']);
    expect(body.maskUrl).toBe(maskUrl);
    await page.context().close();
  }, 180_000);

  it('customises the plate with the entered text (max 15 characters)', async () => {
    const page = await openEditor();
    await upload(page, platePhoto('oalpr_eu_test_009.jpg'));
    await op(page, 'plate_customize').click();
    const field = page.getByLabel('Plaka yazısı');
    expect(await field.getAttribute('maxlength')).toBe('15');
    await field.fill('34 oto 2026');
    expect(await field.inputValue()).toBe('34 OTO 2026');
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/process-image'));
    await processAndCheck(page);
    const body = (await sent).postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({ operations: ['plate_customize'], plateText: '34 OTO 2026' });
    await snap(page, 'editor-plate-result-desktop');
    await page.context().close();
  }, 180_000);

  it('runs a prompt-only edit as background_change and says that free prompts are approximated', async () => {
    const page = await openEditor();
    await upload(page, carPhoto('ig02_carsgraz_105.png'));
    await page.getByTestId('prompt-note').getByText('yaklaşık').waitFor();
    await page
      .getByLabel('Yaratıcı prompt (isteğe bağlı)')
      .fill('  gün batımında sahil yolunda, sıcak ışık  ');
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/process-image'));
    await processAndCheck(page);
    const body = (await sent).postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({
      operations: ['background_change'],
      customPrompt: 'gün batımında sahil yolunda, sıcak ışık',
    });
    expect(body.backgroundPreset).toBeUndefined();
    await page.context().close();
  }, 180_000);

  it('on a phone: cleans the car; a failed request shows the error, and Tekrar Dene runs it again', async () => {
    const page = await openEditor('mobile');
    await snap(page, 'editor-empty-mobile');
    await upload(page, carPhoto('carvana_3cb21125f126_03.jpg'));
    await op(page, 'car_clean').click();
    await snap(page, 'editor-options-mobile');
    // The first processing request fails on the network; the retry goes to the real server.
    await page.route('**/api/process-image', (r) => r.abort('failed'), { times: 1 });
    await page.getByRole('button', { name: 'İşlemi Başlat' }).click();
    await toast(page, 'Hata').waitFor();
    await page.getByTestId('editor-alert').getByText('Hata oluştu. Lütfen tekrar deneyin.').waitFor();
    expect(await op(page, 'car_clean').getAttribute('aria-pressed')).toBe('true');
    await snap(page, 'editor-error-mobile');
    await page.getByTestId('retry').click();
    await page.getByTestId('progress').waitFor();
    await snap(page, 'editor-progress-mobile');
    await page.getByTestId('editor-result').waitFor({ timeout: RUN_TIMEOUT });
    await waitImagesLoaded(page, '[data-testid="compare"] img', 2);
    await snap(page, 'editor-result-mobile');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await page.context().close();
  }, 180_000);

  it('a connection reset while the photo is processed: the page follows the job by id and shows its result', async () => {
    const page = await openEditor();
    await upload(page, carPhoto('carvana_0cdf5b5d0ce1_06.jpg'));
    await op(page, 'background_change').click();
    await page.locator('[data-preset="luxury-showroom"]').click();
    // The request reaches the server (the job runs), then the browser's connection is reset under it.
    await page.route(
      '**/api/process-image',
      async (route) => {
        void route.fetch({ timeout: RUN_TIMEOUT }).catch(() => undefined);
        await new Promise((r) => setTimeout(r, 1_500));
        await route.abort('connectionreset');
      },
      { times: 1 },
    );
    const resumed = page.waitForRequest((r) => /\/api\/jobs\/[0-9a-f-]{36}$/.test(r.url()), {
      timeout: RUN_TIMEOUT,
    });
    await page.getByRole('button', { name: 'İşlemi Başlat' }).click();
    await resumed;
    await page.getByTestId('editor-result').waitFor({ timeout: RUN_TIMEOUT });
    await toast(page, 'İşlem Tamamlandı').waitFor();
    await waitImagesLoaded(page, '[data-testid="compare"] img', 2);
    expect(await page.locator('[data-sonner-toast]').filter({ hasText: 'Hata' }).count()).toBe(0);
    await page.context().close();
  }, 240_000);

  it("shows 'Kota Doldu' when a basic subscriber has used the month's photos", async () => {
    // Buy the basic plan (5 photos), then spend it through the API until the server answers 429.
    const token = await buyPlan(baseURL(), user('quotaBasic'), 'basic');
    const file = platePhoto('oalpr_eu_test_062.jpg');
    let status = 0;
    for (let i = 0; i < 7 && status !== 429; i++) {
      const imageUrl = await apiUpload(baseURL(), token, file);
      const res = await fetch(`${baseURL()}/api/process-image`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ imageUrl, operations: ['plate_hide'], removeWatermark: false }),
      });
      status = res.status;
    }
    expect(status).toBe(429);

    const page = await openEditor('desktop', user('quotaBasic'));
    await upload(page, platePhoto('oalpr_eu_test_062.jpg'));
    await op(page, 'plate_hide').click();
    // Basic cannot remove the watermark, so the option is not offered.
    expect(await page.getByLabel('Filigranı kaldır').count()).toBe(0);
    await page.getByRole('button', { name: 'İşlemi Başlat' }).click();
    const quota = toast(page, 'Kota Doldu');
    await quota.waitFor({ timeout: 30_000 });
    expect(await quota.textContent()).toContain(
      'Aylık kotanız doldu. Planınızı yükseltmek için Fiyatlar sayfasını ziyaret edin.',
    );
    await snap(page, 'editor-quota-desktop');
    await page.context().close();
  }, 180_000);
});
