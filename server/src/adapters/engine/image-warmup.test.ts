import { EventEmitter } from 'node:events';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { WARMUP_ENV, warmAtStart } from './image-warmup';

// The pool's fork, captured: which environment each worker process was started with.
const forks = vi.hoisted(() => [] as { env?: NodeJS.ProcessEnv }[]);
vi.mock('node:child_process', () => ({
  fork: (_file: string, _args: string[], options: { env?: NodeJS.ProcessEnv }) => {
    forks.push(options);
    return Object.assign(new EventEmitter(), { pid: undefined, connected: true, send: () => true });
  },
}));
const { imageWorkerPool } = await import('./image-pool');

describe('image worker warm-up', () => {
  beforeEach(() => {
    forks.length = 0;
  });

  it('loads the models once at start when the pool asks for it', async () => {
    const warmup = vi.fn(async () => undefined);
    const started = warmAtStart(
      { [WARMUP_ENV]: '1' },
      () => ({ warmup }),
      () => undefined,
    );
    expect(started).toBeInstanceOf(Promise);
    await started;
    expect(warmup).toHaveBeenCalledTimes(1);
  });

  it('loads nothing in a worker that only decodes uploads', () => {
    const engine = vi.fn(() => ({ warmup: async () => undefined }));
    expect(warmAtStart({}, engine, () => undefined)).toBeUndefined();
    expect(engine).not.toHaveBeenCalled();
  });

  it('reports a failed load instead of crashing the worker', async () => {
    const onError = vi.fn();
    const failing = async () => {
      throw new Error('model missing');
    };
    await warmAtStart({ [WARMUP_ENV]: '1' }, () => ({ warmup: failing }), onError);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'model missing' }));
  });

  it('a pool asked for the warm-up starts its workers with it, one not asked without', async () => {
    for (const warmup of [true, false]) {
      const pool = imageWorkerPool({ size: 1, warmup });
      void pool.sanitize(Buffer.from('x')).catch(() => undefined);
      await pool.close();
    }
    expect(forks.map((f) => f.env?.[WARMUP_ENV])).toEqual(['1', undefined]);
  });
});
