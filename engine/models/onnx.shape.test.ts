import { describe, expect, it } from 'vitest';
import * as ort from 'onnxruntime-node';
import { freeInputSize } from './onnx.shape';

// A hand-encoded model shaped like ISNet's export at a fixed 64x64 input: a pooled map upsampled back
// "like" the input through Resize(sizes = Shape(source)[0:2] ++ a constant [64, 64]), read through a Cast,
// plus a second graph output and stored intermediate shapes (value_info) at the export size.
const varint = (v: number): number[] => {
  const out: number[] = [];
  for (; v >= 128; v = Math.floor(v / 128)) out.push((v % 128) | 128);
  return [...out, v];
};
const msg = (num: number, payload: Uint8Array | string): Buffer => {
  const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
  return Buffer.concat([Buffer.from([...varint((num << 3) | 2), ...varint(body.length)]), body]);
};
const int = (num: number, v: number): Buffer => Buffer.from([...varint(num << 3), ...varint(v)]);
const cat = (...parts: Buffer[]): Buffer => Buffer.concat(parts);

const int64Tensor = (values: number[], name = ''): Buffer => {
  const raw = Buffer.alloc(values.length * 8);
  values.forEach((v, i) => raw.writeBigInt64LE(BigInt(v), i * 8));
  return cat(int(1, values.length), int(2, 7), ...(name ? [msg(8, name)] : []), msg(9, raw));
};
const ints = (name: string, values: number[]): Buffer =>
  cat(msg(1, name), ...values.map((v) => int(8, v)), int(20, 7));
const node = (op: string, inputs: string[], output: string, ...attributes: Buffer[]): Buffer =>
  msg(
    1,
    cat(
      ...inputs.map((i) => msg(1, i)),
      msg(2, output),
      msg(3, `/${output}`),
      msg(4, op),
      ...attributes.map((a) => msg(5, a)),
    ),
  );
const value = (num: number, name: string, dims: number[]): Buffer => {
  const shape = cat(...dims.map((d) => msg(1, int(1, d))));
  const tensorType = cat(int(1, 1), msg(2, shape));
  return msg(num, cat(msg(1, name), msg(2, msg(1, tensorType))));
};

function fixedModel(): Buffer {
  const graph = cat(
    node('MaxPool', ['x'], 'p', ints('kernel_shape', [2, 2]), ints('strides', [2, 2])),
    node('Shape', ['p'], 's'),
    node('Slice', ['s', 'zero', 'two'], 'nc'),
    node('Constant', [], 'hw', cat(msg(1, 'value'), msg(5, int64Tensor([64, 64])), int(20, 4))),
    node('Concat', ['nc', 'hw'], 'sizes', cat(msg(1, 'axis'), int(3, 0), int(20, 2))),
    node('Cast', ['p'], 'pc', cat(msg(1, 'to'), int(3, 1), int(20, 2))),
    node('Resize', ['pc', '', '', 'sizes'], 'y', cat(msg(1, 'mode'), msg(4, 'linear'), int(20, 3))),
    msg(2, 'g'),
    msg(5, int64Tensor([0], 'zero')),
    msg(5, int64Tensor([2], 'two')),
    value(11, 'x', [1, 1, 64, 64]),
    value(12, 'y', [1, 1, 64, 64]),
    value(12, 'p', [1, 1, 32, 32]),
    value(13, 'p', [1, 1, 32, 32]),
    value(13, 'pc', [1, 1, 32, 32]),
  );
  return cat(int(1, 8), msg(8, cat(msg(1, ''), int(2, 13))), msg(7, graph));
}

const input = (side: number): ort.Tensor =>
  new ort.Tensor(
    'float32',
    Float32Array.from({ length: side * side }, (_, i) => Math.sin(i * 0.37) + (i % side) / side),
    [1, 1, side, side],
  );

describe('freeInputSize', () => {
  it('runs a model exported at a fixed size at another size, unchanged at the export size', async () => {
    const fixed = await ort.InferenceSession.create(fixedModel());
    // The export as it is refuses another size (the declared input), and its constant resize would not follow.
    await expect(fixed.run({ x: input(32) })).rejects.toThrow();
    const free = await ort.InferenceSession.create(freeInputSize(fixedModel()));
    expect(free.outputNames).toEqual(['y']);
    const at64 = (await free.run({ x: input(64) })).y;
    expect(at64.dims).toEqual([1, 1, 64, 64]);
    expect(Array.from(at64.data as Float32Array)).toEqual(
      Array.from((await fixed.run({ x: input(64) }, ['y'])).y.data as Float32Array),
    );
    const at32 = (await free.run({ x: input(32) })).y;
    // The resize follows the input (twice the pooled map), where the constant would have made it 64x64.
    expect(at32.dims).toEqual([1, 1, 32, 32]);
  });
});
