// Edits of an ONNX model's protobuf without onnx tooling (none in Node): the graph is walked field by
// field, the few changed messages are re-encoded and every other field (the weights) is copied as bytes.

interface Field {
  /** Field number. */
  num: number;
  /** Wire type (0 varint, 1 fixed64, 2 length-delimited, 5 fixed32). */
  wire: number;
  /** Offset of the key byte(s). */
  start: number;
  /** Payload (varint bytes or length-delimited contents). */
  from: number;
  to: number;
}

function varint(buf: Uint8Array, pos: number): [number, number] {
  let value = 0;
  let scale = 1;
  for (;;) {
    const byte = buf[pos++];
    value += (byte & 127) * scale;
    scale *= 128;
    if (byte < 128) return [value, pos];
  }
}

/** The top-level fields of the protobuf message in buf[from, to). */
function* fields(buf: Uint8Array, from: number, to: number): Generator<Field> {
  let pos = from;
  while (pos < to) {
    const [key, p] = varint(buf, pos);
    const wire = key & 7;
    let f: Field;
    if (wire === 0) f = { num: key >>> 3, wire, start: pos, from: p, to: varint(buf, p)[1] };
    else if (wire === 2) {
      const [len, q] = varint(buf, p);
      f = { num: key >>> 3, wire, start: pos, from: q, to: q + len };
    } else if (wire === 1 || wire === 5) {
      f = { num: key >>> 3, wire, start: pos, from: p, to: p + (wire === 1 ? 8 : 4) };
    } else throw new Error(`onnx: unsupported protobuf wire type ${wire}`);
    yield f;
    pos = f.to;
  }
}

function str(buf: Uint8Array, f: Field): string {
  return Buffer.from(buf.buffer, buf.byteOffset + f.from, f.to - f.from).toString('utf8');
}

function encodeVarint(value: number): number[] {
  const out: number[] = [];
  while (value >= 128) {
    out.push((value % 128) | 128);
    value = Math.floor(value / 128);
  }
  out.push(value);
  return out;
}

/** A length-delimited field: key, length, payload. */
function delimited(num: number, payload: Uint8Array): Buffer {
  return Buffer.concat([
    Buffer.from([...encodeVarint((num << 3) | 2), ...encodeVarint(payload.length)]),
    payload,
  ]);
}

function child(buf: Uint8Array, parent: Field, num: number): Field | undefined {
  for (const f of fields(buf, parent.from, parent.to)) if (f.num === num) return f;
  return undefined;
}

// onnx.proto field numbers.
const MODEL_GRAPH = 7;
const GRAPH_NODE = 1;
const GRAPH_INITIALIZER = 5;
const GRAPH_INPUT = 11;
const GRAPH_OUTPUT = 12;
const GRAPH_VALUE_INFO = 13;
const NODE_INPUT = 1;
const NODE_OUTPUT = 2;
const NODE_NAME = 3;
const NODE_OP = 4;
const NODE_ATTRIBUTE = 5;
const ATTRIBUTE_TENSOR = 5;
const VALUE_NAME = 1;
const VALUE_TYPE = 2;
const TYPE_TENSOR = 1;
const TENSOR_ELEM_TYPE = 1;
const TENSOR_SHAPE = 2;
const SHAPE_DIM = 1;
const DIM_VALUE = 1;
const DIM_PARAM = 2;
const TENSOR_DIMS = 1;
const TENSOR_TYPE = 2;
const TENSOR_NAME = 8;
const TENSOR_RAW = 9;
const FLOAT = 1;
const INT64 = 7;

interface Node {
  field: Field;
  op: string;
  name: string;
  inputs: string[];
  outputs: string[];
}

function readNode(buf: Uint8Array, field: Field): Node {
  const node: Node = { field, op: '', name: '', inputs: [], outputs: [] };
  for (const f of fields(buf, field.from, field.to)) {
    if (f.num === NODE_INPUT) node.inputs.push(str(buf, f));
    else if (f.num === NODE_OUTPUT) node.outputs.push(str(buf, f));
    else if (f.num === NODE_NAME) node.name = str(buf, f);
    else if (f.num === NODE_OP) node.op = str(buf, f);
  }
  return node;
}

/** The dim fields of a ValueInfoProto's tensor shape (dimValue reads one: NaN for a symbolic dim). */
function valueDims(buf: Uint8Array, value: Field): Field[] {
  const type = child(buf, value, VALUE_TYPE);
  const tensor = type && child(buf, type, TYPE_TENSOR);
  const shape = tensor && child(buf, tensor, TENSOR_SHAPE);
  if (!shape) throw new Error('onnx: value without a tensor shape');
  return [...fields(buf, shape.from, shape.to)].filter((f) => f.num === SHAPE_DIM);
}

function dimValue(buf: Uint8Array, dim: Field): number {
  const v = child(buf, dim, DIM_VALUE);
  return v ? varint(buf, v.from)[0] : NaN;
}

/** A graph input or output re-encoded with its last two dimensions (height, width) symbolic: "h", "w". */
function freeSpatial(buf: Uint8Array, value: Field, num: number): Buffer {
  const name = child(buf, value, VALUE_NAME);
  const type = child(buf, value, VALUE_TYPE);
  const tensor = type && child(buf, type, TYPE_TENSOR);
  const elem = tensor && child(buf, tensor, TENSOR_ELEM_TYPE);
  if (!name || !elem) throw new Error('onnx: graph value without a name or tensor type');
  const dims = valueDims(buf, value).map((d) => buf.subarray(d.start, d.to));
  const free = ['h', 'w'].map((p) => delimited(SHAPE_DIM, delimited(DIM_PARAM, Buffer.from(p))));
  const shape = Buffer.concat([...dims.slice(0, -2), ...free]);
  const tensorType = Buffer.concat([buf.subarray(elem.start, elem.to), delimited(TENSOR_SHAPE, shape)]);
  return delimited(
    num,
    Buffer.concat([
      buf.subarray(name.start, name.to),
      delimited(VALUE_TYPE, delimited(TYPE_TENSOR, tensorType)),
    ]),
  );
}

/** The int64 values of a Constant node's tensor (raw_data), or null. */
function constantInts(buf: Uint8Array, node: Node): number[] | null {
  if (node.op !== 'Constant') return null;
  for (const attr of fields(buf, node.field.from, node.field.to)) {
    if (attr.num !== NODE_ATTRIBUTE) continue;
    const t = child(buf, attr, ATTRIBUTE_TENSOR);
    const type = t && child(buf, t, TENSOR_TYPE);
    const raw = t && child(buf, t, TENSOR_RAW);
    if (!type || !raw || varint(buf, type.from)[0] !== INT64) return null;
    const view = new DataView(buf.buffer, buf.byteOffset + raw.from, raw.to - raw.from);
    return Array.from({ length: view.byteLength / 8 }, (_, i) => Number(view.getBigInt64(i * 8, true)));
  }
  return null;
}

/** A float TensorProto initializer. */
function floatInitializer(name: string, values: number[]): Buffer {
  const raw = Buffer.alloc(values.length * 4);
  values.forEach((v, i) => raw.writeFloatLE(v, i * 4));
  return Buffer.concat([
    Buffer.from([(TENSOR_DIMS << 3) | 0, ...encodeVarint(values.length), (TENSOR_TYPE << 3) | 0, FLOAT]),
    delimited(TENSOR_NAME, Buffer.from(name)),
    delimited(TENSOR_RAW, raw),
  ]);
}

/**
 * Prepares a fully convolutional image model exported at a fixed input size (ISNet: 1x3x1024x1024) to run at
 * other input sizes. The exporter traced each `upsample like` (bilinear resize of a map to the size of the
 * map it is concatenated with) as Resize(sizes = the source's batch and channels ++ a constant height and
 * width): constants of the export size. Each becomes Resize(scales = 1, 1, constant / source size at export),
 * the same factor (2 between the decoder's levels, 2..32 for the side maps), so it follows the input. For
 * an input side that is a multiple of 64 every level's size is then the export's scaled exactly (the
 * encoder halves it six times), and the first input's and first output's height and width are declared
 * symbolic. The other graph outputs (ISNet's five side maps and six feature maps, never fetched) are
 * dropped, and so are the exporter's stored intermediate shapes (value_info, all at the export size): the
 * runtime infers them from the actual input. Returns a new buffer (`model` is left as it was).
 */
export function freeInputSize(model: Uint8Array): Buffer {
  const top = [...fields(model, 0, model.length)];
  const graph = top.find((f) => f.num === MODEL_GRAPH);
  if (!graph) throw new Error('onnx: model without a graph');
  const graphFields = [...fields(model, graph.from, graph.to)];
  const shapes = new Map<string, number[]>();
  const nodes = new Map<string, Node>();
  for (const f of graphFields) {
    if (f.num === GRAPH_NODE) {
      const node = readNode(model, f);
      for (const out of node.outputs) nodes.set(out, node);
    } else if (f.num === GRAPH_INPUT || f.num === GRAPH_VALUE_INFO) {
      const name = child(model, f, VALUE_NAME);
      if (name)
        shapes.set(
          str(model, name),
          valueDims(model, f).map((d) => dimValue(model, d)),
        );
    }
  }
  const pieces: Uint8Array[] = [];
  let inputs = 0;
  let outputs = 0;
  for (const f of graphFields) {
    if (f.num === GRAPH_VALUE_INFO) continue;
    if (f.num === GRAPH_OUTPUT && outputs++ > 0) continue;
    if ((f.num === GRAPH_INPUT && inputs++ === 0) || f.num === GRAPH_OUTPUT) {
      pieces.push(freeSpatial(model, f, f.num));
      continue;
    }
    const node = f.num === GRAPH_NODE ? readNode(model, f) : null;
    if (node?.op !== 'Resize') {
      pieces.push(model.subarray(f.start, f.to));
      continue;
    }
    // sizes = Concat(Slice(Shape(source)), Constant [h, w]); the source's export shape from value_info
    // (the Resize reads it through a Cast, whose input has the stored shape).
    const sizes = nodes.get(node.inputs[3] ?? '');
    const spatial = sizes?.op === 'Concat' ? constantInts(model, nodes.get(sizes.inputs[1]) ?? sizes) : null;
    const cast = nodes.get(node.inputs[0]);
    const source =
      shapes.get(node.inputs[0]) ?? (cast?.op === 'Cast' ? shapes.get(cast.inputs[0]) : undefined);
    if (!spatial || spatial.length !== 2 || !source || source.length !== 4)
      throw new Error(`onnx: ${node.name} is not a resize to a constant size`);
    const scales = [1, 1, spatial[0] / source[2], spatial[1] / source[3]];
    const scalesName = `${node.name}/scales`;
    pieces.push(delimited(GRAPH_INITIALIZER, floatInitializer(scalesName, scales)));
    const rest = [...fields(model, f.from, f.to)].filter((x) => x.num !== NODE_INPUT);
    const body = Buffer.concat([
      ...[node.inputs[0], node.inputs[1], scalesName].map((name) => delimited(NODE_INPUT, Buffer.from(name))),
      ...rest.map((x) => model.subarray(x.start, x.to)),
    ]);
    pieces.push(delimited(GRAPH_NODE, body));
  }
  if (!inputs || !outputs) throw new Error('onnx: graph without inputs or outputs');
  const graphBody = pieces.reduce((n, p) => n + p.length, 0);
  const head = Buffer.from([...encodeVarint((MODEL_GRAPH << 3) | 2), ...encodeVarint(graphBody)]);
  const before = top.filter((f) => f.num !== MODEL_GRAPH).map((f) => model.subarray(f.start, f.to));
  return Buffer.concat([...before, head, ...pieces]);
}
