import { describe, expect, it } from 'vitest';
import { decodeImage } from './io/image.decode';
import { EngineError } from './engine.error';
import { createEngine, isWholeCar, NOTICES, VISIBLE_CHANGE } from './pipeline';
import { findPlates } from './plate/plate.find';
import { syntheticCarPhoto, syntheticInterior } from './testing/synthetic.fixture';

const engine = createEngine();

describe('honest operations: the result says what each operation did', () => {
  it('a studio run where one photo has no plate: that item says so and is not charged, the others are edited', async () => {
    const withPlate = await syntheticCarPhoto(800, 540, '34 ABC 123');
    const noPlate = await syntheticCarPhoto(800, 540, '');
    const results = await engine.processBatch(
      [withPlate, noPlate, await syntheticCarPhoto(800, 540, '06 KL 4321')],
      {
        operations: ['plate_hide'],
      },
    );
    expect(results.map((r) => r.ok)).toEqual([true, true, true]);
    const [a, b, c] = results.map((r) => r.result!.report);
    expect(b.skipped).toEqual(['plate_hide']);
    expect(b.charge).toBe(false);
    expect(b.notices).toContain(NOTICES.plateNotFound);
    for (const r of [a, c]) {
      expect(r.applied).toEqual(['plate_hide']);
      expect(r.charge).toBe(true);
      expect(r.platesChanged).toBe(1);
      expect(r.notices).toEqual([]);
    }
    // The edited photos no longer show a plate.
    const out = await decodeImage(results[0].result!.jpeg);
    expect((await findPlates(out)).length).toBe(0);
  });

  it('a plate operation on a photo without a plate reports it in the single-photo editor too', async () => {
    const r = await engine.process(await syntheticCarPhoto(640, 420, ''), { operations: ['plate_hide'] });
    expect(r.report).toMatchObject({ applied: [], skipped: ['plate_hide'], charge: false, platesChanged: 0 });
    expect(r.report.notices).toEqual([NOTICES.plateNotFound]);
  });

  it('background change with plate hide: no old plate in the result, car or floor reflection', async () => {
    const r = await engine.process(await syntheticCarPhoto(900, 600, '34 ABC 123'), {
      operations: ['background_change', 'plate_hide'],
      preset: 'luxury-showroom',
    });
    expect(r.report.applied.sort()).toEqual(['background_change', 'plate_hide']);
    expect(r.report.segmentation?.passes).toBeGreaterThanOrEqual(1);
    const out = await decodeImage(r.jpeg);
    // The plate text is read nowhere in the output (the reflection is made from the edited car).
    expect((await findPlates(out)).map((p) => p.text)).not.toContain('34ABC123');
    // Also upside down (a floor reflection is mirrored).
    const flipped = { ...out, data: Buffer.alloc(out.data.length) };
    const row = out.width * out.channels;
    for (let y = 0; y < out.height; y++)
      out.data.copy(flipped.data, (out.height - 1 - y) * row, y * row, (y + 1) * row);
    expect((await findPlates(flipped)).map((p) => p.text)).not.toContain('34ABC123');
  }, 180_000);

  it('car_clean is charged only when its change on the car is visible, and says so otherwise', async () => {
    const r = await engine.process(await syntheticCarPhoto(640, 420, ''), { operations: ['car_clean'] });
    expect(r.report.cleanChange).toBeDefined();
    const visible = r.report.cleanChange! >= VISIBLE_CHANGE;
    expect(r.report.charge).toBe(visible);
    expect(r.report.applied).toEqual(visible ? ['car_clean'] : []);
    if (!visible) expect(r.report.notices).toContain(NOTICES.cleanNoChange);
  }, 180_000);

  it('an interior photo: background change is refused (not charged); car_clean alone still runs', async () => {
    const input = await syntheticInterior(800, 540);
    const err = await engine
      .process(input, { operations: ['background_change'], preset: 'luxury-showroom' })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(err).toBeInstanceOf(EngineError);
    expect((err as EngineError).message).toBe(NOTICES.noWholeCar);
    const r = await engine.process(input, {
      operations: ['background_change', 'car_clean'],
      preset: 'luxury-showroom',
    });
    expect(r.report.skipped).toContain('background_change');
    expect(r.report.applied).not.toContain('background_change');
    expect(r.report.notices).toContain(NOTICES.noWholeCar);
    expect(r.sceneId).toBeUndefined();
  }, 240_000);

  it('a whole car runs off at most two sides; a frame-filling mask is not a whole car', () => {
    const w = 100;
    const h = 60;
    const mask = new Uint8Array(w * h);
    for (let y = 20; y < 60; y++) for (let x = 0; x < 80; x++) mask[y * w + x] = 255; // cut left and bottom
    expect(isWholeCar(mask, w, h)).toBe(true);
    for (let y = 0; y < 60; y++) for (let x = 0; x < 100; x++) if (y > 5 || x < 50) mask[y * w + x] = 255;
    expect(isWholeCar(mask, w, h)).toBe(false);
    expect(isWholeCar(new Uint8Array(w * h), w, h)).toBe(false);
  });
});
