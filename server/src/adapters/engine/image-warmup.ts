import type { Engine } from '../../../../engine/pipeline';

/** Set to '1' on a worker process's environment by a pool that runs photo jobs: load the models at start. */
export const WARMUP_ENV = 'IMAGE_WORKER_WARMUP';

/**
 * A worker process of a worker-only server loads the engine's models as it starts, in the
 * background (a task that arrives meanwhile waits on the same loads, never a second copy), so its first
 * photo does not load them stage by stage (ISNet before segmenting, the text models before the plates).
 * Workers of a server that also answers the API (mostly decoding uploads) do not load them. A failed load is reported and
 * left to the first task, which tries again. Returns the warm-up when one was started.
 */
export function warmAtStart(
  env: NodeJS.ProcessEnv,
  engine: () => Pick<Engine, 'warmup'>,
  onError: (err: unknown) => void,
): Promise<void> | undefined {
  if (env[WARMUP_ENV] !== '1') return undefined;
  return engine()
    .warmup()
    .catch((err: unknown) => onError(err));
}
