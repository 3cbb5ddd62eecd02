import type { EngineErrorCode } from '../../../../engine/engine.error';
import type { ProcessRequest, StageName } from '../../../../engine/pipeline';

/** Messages between the image pool and its worker processes. */
export type ImageTask =
  | { id: number; op: 'sanitize'; input: Uint8Array }
  | { id: number; op: 'process'; input: Uint8Array; request: ProcessRequest }
  | { id: number; op: 'processBatch'; inputs: Uint8Array[]; request: ProcessRequest };

export type ImageReply =
  | { id: 0; type: 'ready' }
  | { id: number; type: 'stage'; stage: StageName; index: number }
  | { id: number; type: 'done'; value: unknown }
  | {
      id: number;
      type: 'error';
      error: { engine: boolean; code: EngineErrorCode; message: string; detail?: string };
    };

export type ImageError = Extract<ImageReply, { type: 'error' }>['error'];

// Structured clone hands Buffers over as plain Uint8Arrays: view them as Buffers again, without copying.
export const asBuffer = (u: Uint8Array): Buffer => Buffer.from(u.buffer, u.byteOffset, u.byteLength);
/** Turns every Uint8Array inside a cloned value back into a Buffer (the engine's and the services' type). */
export function revive<T>(value: T): T {
  if (value instanceof Uint8Array) return asBuffer(value) as T;
  if (Array.isArray(value)) return value.map(revive) as T;
  if (value && typeof value === 'object' && !(value instanceof Date) && !(value instanceof Error)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = revive(v);
    return out as T;
  }
  return value;
}
