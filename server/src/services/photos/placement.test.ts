import { describe, expect, it } from 'vitest';
import { originalPlacement } from './placement';

describe('originalPlacement', () => {
  it('maps the engine placement to fractions of the result', () => {
    // A 1200 x 800 photo scaled by 1.5 onto a 1600 x 1000 canvas, its corner at (-200, -100).
    const p = originalPlacement({
      scale: 1.5,
      dx: -200,
      dy: -100,
      inputWidth: 1200,
      inputHeight: 800,
      outputWidth: 1600,
      outputHeight: 1000,
    });
    expect(p).toEqual({ left: -0.125, top: -0.1, width: 1.125, height: 1.2 });
    // A point of the original lands where the engine put it: input (400, 300) -> output (400, 350).
    const x = p!.left + (400 / 1200) * p!.width;
    const y = p!.top + (300 / 800) * p!.height;
    expect(x * 1600).toBeCloseTo(400 * 1.5 - 200, 6);
    expect(y * 1000).toBeCloseTo(300 * 1.5 - 100, 6);
  });

  it('is the identity for an unmoved photo and undefined without a placement', () => {
    const same = {
      scale: 1,
      dx: 0,
      dy: 0,
      inputWidth: 640,
      inputHeight: 480,
      outputWidth: 640,
      outputHeight: 480,
    };
    expect(originalPlacement(same)).toEqual({ left: 0, top: 0, width: 1, height: 1 });
    expect(originalPlacement(undefined)).toBeUndefined();
    expect(originalPlacement({ ...same, scale: 0 })).toBeUndefined();
  });
});
