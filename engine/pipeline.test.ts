import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { EngineError } from './engine.error';
import { createEngine, type StageName } from './pipeline';
import { syntheticCarPhoto } from './testing/synthetic.fixture';

const engine = createEngine();

describe('engine pipeline contract', () => {
  it('hides plates, adds logo and watermark, encodes JPEG q90 + preview without metadata', async () => {
    const input = await syntheticCarPhoto(960, 640, '34 ABC 123');
    const logo = await sharp({
      create: { width: 200, height: 80, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 0.8 } },
    })
      .png()
      .toBuffer();
    const stages: StageName[] = [];
    const r = await engine.process(input, { operations: ['plate_hide'], logo, watermark: true }, (s) =>
      stages.push(s),
    );
    expect(stages).toEqual(['decode', 'plates', 'plate_edit', 'logo', 'watermark', 'encode']);
    expect(Object.keys(r.timings).sort()).toEqual([...stages].sort());
    expect(r.plates.map((p) => p.text)).toEqual(['34ABC123']);
    const meta = await sharp(r.jpeg).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', 960, 640, undefined]);
    const pm = await sharp(r.preview).metadata();
    expect(Math.max(pm.width!, pm.height!)).toBe(480);
    // The logo's red is in the top-left corner.
    const { data } = await sharp(r.jpeg)
      .extract({ left: 30, top: 30, width: 20, height: 20 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(180);
    expect(data[1]).toBeLessThan(120);
  });

  it('changes the background around a segmented car and reports real stages', async () => {
    const input = await syntheticCarPhoto(900, 600);
    const stages: StageName[] = [];
    const r = await engine.process(
      input,
      { operations: ['background_change'], preset: 'studio-white' },
      (s) => stages.push(s),
    );
    expect(stages).toEqual(['decode', 'segment', 'refine', 'scene', 'encode']);
    expect([r.width, r.height]).toEqual([900, 600]);
    expect(r.sceneId).toBe('studio-white');
    // The upper-left background is now the white studio (bright and neutral), not the fixture's beige
    // wall (#c9c4bc: red 13 levels above blue). The median of a patch, not one pixel: since session 18 the
    // studio's wall carries a cable tray and its shadow across this part of the frame.
    const { data } = await sharp(r.jpeg)
      .extract({ left: 100, top: 40, width: 160, height: 120 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const median = (c: number) => {
      const v = Array.from(data.filter((_, i) => i % 3 === c)).sort((a, b) => a - b);
      return v[v.length >> 1];
    };
    expect(median(0)).toBeGreaterThan(160);
    expect(Math.abs(median(0) - median(2))).toBeLessThan(6);
  });

  it('segments to an 8-bit mask the size of the input', async () => {
    const input = await syntheticCarPhoto(640, 400);
    const { png, width, height } = await engine.segment(input);
    const meta = await sharp(png).metadata();
    expect([meta.width, meta.height, meta.channels, width, height]).toEqual([640, 400, 1, 640, 400]);
    const { data } = await sharp(png).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
    // The car body centre is car, the top-left wall is not.
    expect(data[Math.round(400 * 0.55) * 640 + 320]).toBeGreaterThan(200);
    expect(data[10 * 640 + 10]).toBeLessThan(30);
  });

  it('frames a batch the same way and reports per-item errors', async () => {
    const results = await engine.processBatch(
      [await syntheticCarPhoto(800, 600), Buffer.from('not an image'), await syntheticCarPhoto(1000, 560)],
      { operations: ['plate_hide'], watermark: true },
    );
    expect(results.map((r) => r.ok)).toEqual([true, false, true]);
    expect(results[1].error?.code).toBe('NOT_AN_IMAGE');
  });

  it('refuses invalid requests with typed errors', async () => {
    const input = await syntheticCarPhoto(320, 240);
    const code = async (p: Promise<unknown>) => {
      try {
        await p;
        return 'ok';
      } catch (err) {
        expect(err).toBeInstanceOf(EngineError);
        return (err as EngineError).code;
      }
    };
    expect(await code(engine.process(input, { operations: [] }))).toBe('INVALID_REQUEST');
    expect(await code(engine.process(input, { operations: ['background_change'] }))).toBe('INVALID_REQUEST');
    expect(await code(engine.process(input, { operations: ['background_change'], preset: 'nope' }))).toBe(
      'INVALID_REQUEST',
    );
    expect(
      await code(engine.process(input, { operations: ['plate_customize'], plate: { text: '  ' } })),
    ).toBe('INVALID_REQUEST');
    expect(await code(engine.process(Buffer.alloc(0), { operations: ['plate_hide'] }))).toBe('EMPTY_FILE');
  });
});
