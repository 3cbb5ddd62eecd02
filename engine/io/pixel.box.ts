/**
 * A box grown by a margin on each side (`mx` left and right, `my` top and bottom) and clamped to an image
 * of `width` x `height`, as the corners x0,y0 (inclusive) and x1,y1 (exclusive).
 */
export function grownBox(
  box: { x: number; y: number; w: number; h: number },
  mx: number,
  my: number,
  width: number,
  height: number,
) {
  return {
    x0: Math.max(0, box.x - mx),
    y0: Math.max(0, box.y - my),
    x1: Math.min(width, box.x + box.w + mx),
    y1: Math.min(height, box.y + box.h + my),
  };
}

/**
 * Where a `cw` x `ch` patch put with its top-left corner at (left, top) overlaps a `W` x `H` canvas, in the
 * patch's own coordinates: rows y0..y1 and columns x0..x1 (exclusive ends; empty when it lies outside).
 */
export function overlapOnCanvas(left: number, top: number, cw: number, ch: number, W: number, H: number) {
  return {
    x0: Math.max(0, -left),
    x1: Math.min(cw, W - left),
    y0: Math.max(0, -top),
    y1: Math.min(ch, H - top),
  };
}

/** Rec. 601 luma of pixel `i` of interleaved 8-bit data with `channels` channels (0..255). */
export const lumaAt = (data: Uint8Array, i: number, channels = 3): number =>
  0.299 * data[i * channels] + 0.587 * data[i * channels + 1] + 0.114 * data[i * channels + 2];
