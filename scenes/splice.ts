import sharp from 'sharp';

/**
 * Session 18: a band of rows re-rendered (scenes/build.py --rows, the rest of the frame left black) spliced into
 * the committed render of the same scene, so a change confined to those rows costs a band's render, not a full
 * one (45-60 min on the shared 2 cores). The band's outer `margin` rows are dropped (the denoiser and the
 * compositor see black beyond them), then the new rows are blended in over `feather` rows at each end.
 * `seamDiff`: the mean absolute difference (levels) between old and new over the feather rows, where the scene
 * did not change: the renders are deterministic (fixed seeds), so anything above the grain and the old JPEG's
 * loss there means the band does not match the frame it goes into, and the splice is refused.
 */
export async function spliceRows(
  oldFile: string,
  bandPng: string,
  rows: [number, number],
  { margin = 8, feather = 16, maxSeamDiff = 2 } = {},
): Promise<{ image: Buffer; width: number; height: number; seamDiff: number }> {
  const old = await sharp(oldFile).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const band = await sharp(bandPng).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width: W, height: H } = old.info;
  if (band.info.width !== W || band.info.height !== H)
    throw new Error(`band ${band.info.width}x${band.info.height} does not match the render ${W}x${H}`);
  const y0 = Math.ceil(rows[0] * H) + margin;
  const y1 = Math.floor(rows[1] * H) - margin;
  if (y1 - y0 < 2 * feather) throw new Error('band too thin for its margins and feather');
  const image = Buffer.from(old.data);
  let diff = 0;
  let n = 0;
  for (let y = y0; y < y1; y++) {
    const edge = Math.min(y - y0, y1 - 1 - y);
    const w = Math.min(1, (edge + 0.5) / feather);
    for (let i = y * W * 3; i < (y + 1) * W * 3; i++) {
      if (w < 1) {
        diff += Math.abs(band.data[i] - old.data[i]);
        n++;
      }
      image[i] = Math.round(old.data[i] * (1 - w) + band.data[i] * w);
    }
  }
  const seamDiff = diff / n;
  if (seamDiff > maxSeamDiff)
    throw new Error(
      `band differs from the render by ${seamDiff.toFixed(2)} levels at its seams: not the same scene`,
    );
  return { image, width: W, height: H, seamDiff };
}
