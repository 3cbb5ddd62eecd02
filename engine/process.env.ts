/**
 * glibc allocator settings for a process that runs the engine. Each of onnxruntime's and libvips' worker
 * threads gets its own malloc arena, and the large transient buffers of a photo (decoded images, model
 * tensors, canvases, freed after every photo) fragment them: the peak RSS of a 12-MP background change +
 * plate hide rose with every photo in one process (979 MiB after the first, 1166 after five; the bench's
 * engine section read 1267 MiB after nine). With two arenas it stays at 1045 MiB, flat; timings of the
 * same runs, alternated with the default, showed no difference beyond the machine's noise. (Serving every
 * buffer over 128 KiB by mmap went lower, 900 MiB, but tripled the plate stage: fresh pages on every call.)
 * glibc reads this once at process start, so it goes on the environment of the child processes that run
 * the engine (the server's image workers, the bench); elsewhere it has no effect. A value already in the
 * environment wins (an operator's own tuning).
 */
export const ENGINE_ALLOCATOR_ENV: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: '2' };

/** `env` (default: this process's) with the engine's allocator settings where it has none of its own. */
export function engineProcessEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return { ...ENGINE_ALLOCATOR_ENV, ...env };
}
