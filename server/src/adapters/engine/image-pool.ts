import { Worker } from 'node:worker_threads';
import { EngineError } from '../../../../engine/engine.error';
import type { BatchItemResult, Engine, ProcessResult, StageName } from '../../../../engine/pipeline';
import { revive, type ThreadError, type ThreadReply, type ThreadTask } from './thread-protocol';

type Distribute<T> = T extends unknown ? Omit<T, 'id'> : never;
type TaskBody = Distribute<ThreadTask>;

interface Pending {
  body: TaskBody;
  onStage?: (stage: StageName, index: number) => void;
  resolve(value: unknown): void;
  reject(err: Error): void;
}

export type SanitizedImage = { data: Buffer; format: 'jpeg' | 'png'; width: number; height: number };

/** What the photo service needs of the engine, run on image threads. */
export interface ImageWorkers extends Pick<Engine, 'process' | 'processBatch'> {
  /** Validates and re-encodes an upload (full decode, metadata dropped); throws EngineError. */
  sanitize(input: Buffer): Promise<SanitizedImage>;
  /** Tasks waiting for a thread plus tasks running. */
  load(): { queued: number; running: number; threads: number };
  close(): Promise<void>;
}

const toError = (e: ThreadError) =>
  e.engine ? new EngineError(e.code, e.detail, e.message) : new Error(`image thread: ${e.message}`);

const threadFile = new URL('./engine.thread.ts', import.meta.url);

/**
 * A fixed number of image threads (IMAGE_THREADS) that run the engine and upload decoding, so image work
 * never blocks the API's event loop and at most `size` images are decoded at once per process (bounded
 * memory). Tasks queue in order; a thread that dies fails its task (retried by the queue) and is replaced.
 */
export function imageThreadPool(opts: {
  size: number;
  log?: { error(o: object, msg: string): void };
}): ImageWorkers {
  let nextId = 1;
  const queue: Pending[] = [];
  const idle: Worker[] = [];
  const busy = new Map<Worker, { id: number; task: Pending }>();
  let threads = 0;
  let closed = false;

  function spawn() {
    // The thread runs TypeScript through tsx, registered in the thread itself (Node 20 checks a worker's
    // file extension before any --import hook runs; vitest has no tsx at all).
    const worker = new Worker(
      `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(threadFile.href)}); })`,
      { eval: true },
    );
    worker.unref();
    threads += 1;
    worker.on('message', (reply: ThreadReply) => {
      const current = busy.get(worker);
      if (!current || current.id !== reply.id) return;
      if (reply.type === 'stage') return current.task.onStage?.(reply.stage, reply.index);
      busy.delete(worker);
      if (reply.type === 'done') current.task.resolve(revive(reply.value));
      else current.task.reject(toError(reply.error));
      idle.push(worker);
      pump();
    });
    const lost = (err: Error) => {
      threads -= 1;
      const current = busy.get(worker);
      busy.delete(worker);
      const at = idle.indexOf(worker);
      if (at >= 0) idle.splice(at, 1);
      if (current) {
        opts.log?.error({ err }, 'image thread died; its task fails and is retried');
        current.task.reject(err);
      }
      pump();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => {
      if (threads > 0 && (busy.has(worker) || idle.includes(worker)))
        lost(new Error(`image thread exited (${code})`));
    });
    idle.push(worker);
  }

  function pump() {
    while (queue.length > 0 && !closed) {
      if (idle.length === 0 && threads < opts.size) spawn();
      const worker = idle.pop();
      if (!worker) return;
      const task = queue.shift()!;
      const id = nextId++;
      busy.set(worker, { id, task });
      worker.ref();
      worker.postMessage({ ...task.body, id });
    }
    for (const w of idle) w.unref();
  }

  function submit<T>(body: TaskBody, onStage?: Pending['onStage']): Promise<T> {
    if (closed) return Promise.reject(new Error('image threads closed'));
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
      const items = await submit<(Omit<BatchItemResult, 'error'> & { error?: ThreadError })[]>(
        { op: 'processBatch', inputs, request },
        (stage, index) => onItem?.(index, stage),
      );
      // Per-item failures are engine refusals (crashes reject the whole run above).
      return items.map((item) => ({
        ...item,
        error: item.error && new EngineError(item.error.code, item.error.detail, item.error.message),
      }));
    },
    load: () => ({ queued: queue.length, running: busy.size, threads }),
    async close() {
      closed = true;
      for (const t of queue.splice(0)) t.reject(new Error('image threads closed'));
      const all = [...idle, ...busy.keys()];
      threads = 0;
      await Promise.all(all.map((w) => w.terminate()));
    },
  };
}
