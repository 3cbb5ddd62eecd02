import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { EngineError } from '../../../../engine/engine.error';
import { engineProcessEnv } from '../../../../engine/process.env';
import type { BatchItemResult, Engine, ProcessResult, StageName } from '../../../../engine/pipeline';
import { revive, type ImageError, type ImageReply, type ImageTask } from './image-protocol';
import { WARMUP_ENV } from './image-warmup';

type Distribute<T> = T extends unknown ? Omit<T, 'id'> : never;
type TaskBody = Distribute<ImageTask>;

interface Pending {
  body: TaskBody;
  onStage?: (stage: StageName, index: number) => void;
  resolve(value: unknown): void;
  reject(err: Error): void;
}

export type SanitizedImage = { data: Buffer; format: 'jpeg' | 'png'; width: number; height: number };

/** What the photo service needs of the engine, run in image worker processes. */
export interface ImageWorkers extends Pick<Engine, 'process' | 'processBatch'> {
  /** Validates and re-encodes an upload (full decode, metadata dropped); throws EngineError. */
  sanitize(input: Buffer): Promise<SanitizedImage>;
  /** Tasks waiting, tasks running, and worker processes alive now. */
  load(): { queued: number; running: number; workers: number; pids: number[] };
  close(): Promise<void>;
}

const toError = (e: ImageError) =>
  e.engine ? new EngineError(e.code, e.detail, e.message) : new Error(`image worker: ${e.message}`);

const workerFile = fileURLToPath(new URL('./image.worker.ts', import.meta.url));

interface Slot {
  child: ChildProcess;
  current: { id: number; task: Pending } | null;
  idleTimer: NodeJS.Timeout | null;
}

/**
 * Image work in up to `size` child processes (IMAGE_WORKERS): the engine and upload decoding never block the
 * API's event loop, at most `size` images are decoded at once per server (bounded memory), and a process
 * idle for `idleMs` exits, so the memory a large image took is given back to the system, not kept by the
 * allocator. A worker that dies fails its task (the queue retries it) and is replaced on the next task.
 */
export function imageWorkerPool(opts: {
  size: number;
  /** Added to the workers' nice value (lower CPU priority than the server), 0 for none. */
  nice?: number;
  idleMs?: number;
  /** Workers load the engine's models as they start (a worker-only server; see image-warmup.ts). */
  warmup?: boolean;
  log?: { info(o: object, msg: string): void; error(o: object, msg: string): void };
}): ImageWorkers {
  const idleMs = opts.idleMs ?? 30_000;
  const nice = opts.nice ?? 0;
  let nextId = 1;
  const queue: Pending[] = [];
  const slots = new Set<Slot>();
  let closed = false;

  function spawn(): Slot {
    // tsx loads the TypeScript worker like the server itself (also under vitest, which has no tsx).
    const child = fork(workerFile, [], {
      execArgv: ['--import', 'tsx'],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: { ...engineProcessEnv(), ...(opts.warmup ? { [WARMUP_ENV]: '1' } : {}) },
    });
    // Image work yields the CPU to the event loop that answers HTTP: on a machine with few cores the engine
    // would otherwise take every core and API latency would follow the photos (issue 15, reproduction 8).
    try {
      if (child.pid && nice > 0) os.setPriority(child.pid, Math.min(19, os.getPriority() + nice));
    } catch {
      // not permitted here (some containers): the worker runs at the server's priority
    }
    const slot: Slot = { child, current: null, idleTimer: null };
    slots.add(slot);
    child.on('message', (reply: ImageReply) => {
      const current = slot.current;
      if (reply.type === 'ready' || !current || current.id !== reply.id) return;
      if (reply.type === 'stage') return current.task.onStage?.(reply.stage, reply.index);
      slot.current = null;
      if (reply.type === 'done') current.task.resolve(revive(reply.value));
      else current.task.reject(toError(reply.error));
      pump();
    });
    child.on('exit', (code, signal) => {
      slots.delete(slot);
      if (slot.idleTimer) clearTimeout(slot.idleTimer);
      const current = slot.current;
      slot.current = null;
      if (current) {
        opts.log?.error({ code, signal, pid: child.pid }, 'image worker died; its task fails and is retried');
        current.task.reject(new Error(`image worker exited (${signal ?? code})`));
      }
      pump();
    });
    child.on('error', (err) => opts.log?.error({ err }, 'image worker error'));
    return slot;
  }

  function retire(slot: Slot) {
    slot.idleTimer = null;
    if (slot.current || !slot.child.connected) return;
    slot.child.disconnect(); // the worker exits on disconnect; its memory goes back to the system
  }

  function pump() {
    while (queue.length > 0 && !closed) {
      let slot = [...slots].find((s) => !s.current && s.child.connected);
      if (!slot && slots.size < opts.size) slot = spawn();
      if (!slot) return;
      if (slot.idleTimer) clearTimeout(slot.idleTimer);
      slot.idleTimer = null;
      const task = queue.shift()!;
      const id = nextId++;
      slot.current = { id, task };
      slot.child.send({ ...task.body, id });
    }
    for (const slot of slots) {
      if (!slot.current && !slot.idleTimer && slot.child.connected) {
        slot.idleTimer = setTimeout(() => retire(slot), idleMs);
        slot.idleTimer.unref();
      }
    }
  }

  function submit<T>(body: TaskBody, onStage?: Pending['onStage']): Promise<T> {
    if (closed) return Promise.reject(new Error('image workers closed'));
    return new Promise<T>((resolve, reject) => {
      queue.push({ body, onStage, resolve: resolve as (v: unknown) => void, reject });
      pump();
    });
  }

  return {
    sanitize: (input) => submit<SanitizedImage>({ op: 'sanitize', input }),
    process: (input, request, onStage) =>
      submit<ProcessResult>({ op: 'process', input, request }, (stage) => onStage?.(stage)),
    async processBatch(inputs, request, onItem) {
      const items = await submit<(Omit<BatchItemResult, 'error'> & { error?: ImageError })[]>(
        { op: 'processBatch', inputs, request },
        (stage, index) => onItem?.(index, stage),
      );
      // Per-item failures are engine refusals (crashes reject the whole run above).
      return items.map((item) => ({
        ...item,
        error: item.error && new EngineError(item.error.code, item.error.detail, item.error.message),
      }));
    },
    load: () => ({
      queued: queue.length,
      running: [...slots].filter((s) => s.current).length,
      workers: slots.size,
      pids: [...slots].flatMap((s) => (s.child.pid ? [s.child.pid] : [])),
    }),
    async close() {
      closed = true;
      for (const t of queue.splice(0)) t.reject(new Error('image workers closed'));
      await Promise.all(
        [...slots].map(
          (s) =>
            new Promise<void>((resolve) => {
              if (s.child.exitCode !== null || s.child.signalCode !== null) return resolve();
              s.child.once('exit', () => resolve());
              if (s.child.connected) s.child.disconnect();
              setTimeout(() => s.child.kill('SIGKILL'), 10_000).unref();
            }),
        ),
      );
    },
  };
}
