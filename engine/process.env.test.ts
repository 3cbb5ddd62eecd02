import { describe, expect, it } from 'vitest';
import { ENGINE_ALLOCATOR_ENV, engineProcessEnv } from './process.env';

describe('the environment of a process that runs the engine', () => {
  it('carries the allocator settings and keeps the rest of the environment', () => {
    const env = engineProcessEnv({ PATH: '/bin', DATABASE_URL: 'x' });
    expect(env.MALLOC_ARENA_MAX).toBe(ENGINE_ALLOCATOR_ENV.MALLOC_ARENA_MAX);
    expect(env.PATH).toBe('/bin');
    expect(env.DATABASE_URL).toBe('x');
  });

  it("leaves an operator's own allocator tuning as it is", () => {
    expect(engineProcessEnv({ MALLOC_ARENA_MAX: '4' }).MALLOC_ARENA_MAX).toBe('4');
  });
});
