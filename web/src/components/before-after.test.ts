import { describe, expect, it } from 'vitest';
import { placementStyle } from './before-after';

describe('BeforeAfter placement', () => {
  it('places the original in % of the result frame', () => {
    expect(placementStyle({ left: -0.125, top: -0.1, width: 1.125, height: 1.2 })).toEqual({
      left: '-12.5%',
      top: '-10%',
      width: '112.5%',
      height: '120%',
    });
  });

  it('keeps an unmoved original on the whole frame', () => {
    expect(placementStyle({ left: 0, top: 0, width: 1, height: 1 })).toEqual({
      left: '0%',
      top: '0%',
      width: '100%',
      height: '100%',
    });
  });
});
