import type { OriginalPlacement } from '../../../../contract/photo-job.schema';
import type { ProcessResult } from '../../../../engine/pipeline';

/**
 * Where the original photo lies in a re-framed result, as fractions of the result's size: the engine places
 * the working image at output = input * scale + (dx, dy) on its canvas, so the original's rectangle is
 * (dx, dy, inputWidth * scale, inputHeight * scale) in canvas pixels. Fractions hold at any display size
 * and survive the encoder's downscale. Undefined when the photo was not re-framed.
 */
export function originalPlacement(p: ProcessResult['placement']): OriginalPlacement | undefined {
  if (!p || !(p.scale > 0) || !(p.outputWidth > 0) || !(p.outputHeight > 0)) return undefined;
  const round = (v: number) => Math.round(v * 10_000) / 10_000;
  return {
    left: round(p.dx / p.outputWidth),
    top: round(p.dy / p.outputHeight),
    width: round((p.inputWidth * p.scale) / p.outputWidth),
    height: round((p.inputHeight * p.scale) / p.outputHeight),
  };
}
