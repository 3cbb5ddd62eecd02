import sharp from 'sharp';
import { getSession, ort } from '../models/model.loader';
import type { RawImage } from '../io/image.decode';

/** ISNet's training input side (the model is fully convolutional: other sides run too). */
export const ISNET_SIZE = 1024;

/** Low-resolution saliency map: size x size, 0..255, stretched over the whole image. */
export interface SaliencyMap {
  data: Uint8Array;
  size: number;
  /** The image as the model saw it (size x size RGB), for refinement steps that need colour. */
  rgb?: Buffer;
}

/**
 * Runs ISNet on an RGB image (any size; it is stretched to size x size, by default 1024 as the model was
 * trained; any multiple of 64 runs, see engine/models/onnx.shape) and returns the raw 0..255 alpha at model
 * resolution. The model session is created once per process.
 */
export async function runIsnet(image: RawImage, size = ISNET_SIZE): Promise<SaliencyMap> {
  const rgb = await stretchToModel(image, size);
  return { ...(await inferIsnet(toIsnetInput(rgb, size), size)), rgb };
}

/** The image stretched over a size x size square (RGB), as ISNet sees it. */
export function stretchToModel(image: RawImage, size = ISNET_SIZE): Promise<Buffer> {
  return sharp(image.data, { raw: { width: image.width, height: image.height, channels: image.channels } })
    .removeAlpha()
    .resize(size, size, { fit: 'fill', kernel: 'linear' })
    .raw()
    .toBuffer();
}

/** Preprocessing only: the image stretched to 1024x1024, (px - 128) / 256, planar RGB float32. */
export async function prepareIsnetInput(image: RawImage, size = ISNET_SIZE): Promise<Float32Array> {
  return toIsnetInput(await stretchToModel(image, size), size);
}

function toIsnetInput(data: Buffer, size = ISNET_SIZE): Float32Array {
  const plane = size * size;
  const input = new Float32Array(3 * plane);
  for (let i = 0, p = 0; p < plane; p++, i += 3) {
    input[p] = (data[i] - 128) / 256;
    input[plane + p] = (data[i + 1] - 128) / 256;
    input[2 * plane + p] = (data[i + 2] - 128) / 256;
  }
  return input;
}

// One ISNet run at a time in the process: each holds a large activation peak (the arenas are off, so it is
// freed after the run), and two at once would double it; a studio run overlaps the other photos' own work
// with the one inference instead (see processBatch).
let modelTurn: Promise<unknown> = Promise.resolve();

/** Model inference only (plus the 0..255 conversion) on a prepared input. */
export async function inferIsnet(input: Float32Array, size = ISNET_SIZE): Promise<SaliencyMap> {
  const session = await getSession('segmentation');
  const plane = size * size;
  const feeds = { [session.inputNames[0]]: new ort.Tensor('float32', input, [1, 3, size, size]) };
  // Fetch only the final map: the side outputs are large (hundreds of MB) and unused.
  const turn = modelTurn.then(() => session.run(feeds, [session.outputNames[0]]));
  modelTurn = turn.catch(() => undefined);
  const results = await turn;
  const out = results[session.outputNames[0]].data as Float32Array;
  const alpha = new Uint8Array(plane);
  for (let p = 0; p < plane; p++) {
    const v = out[p];
    alpha[p] = v <= 0 ? 0 : v >= 1 ? 255 : Math.round(v * 255);
  }
  for (const t of Object.values(results)) t.dispose?.();
  return { data: alpha, size };
}
