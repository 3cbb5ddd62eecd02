// Issue 15, reproduction 5 (second half): the progress stream (GET /api/jobs/:id/events) polls the database
// once a second for as long as it is open; 150 streams took half a core. An unknown id is answered within
// the short grace the web app needs, a stream whose job does not change is closed after
// PROGRESS_STREAM_IDLE_SECONDS, and a process holds at most PROGRESS_STREAMS_MAX streams of all users
// together (a Turkish 503 beyond, with Retry-After); a client that leaves frees its place at once.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, login, type TestContext } from './harness';
import { carPhoto } from './photo-fixtures';
import { tr } from '../../contract/messages.tr';
import { waitUntil } from './wait-until';

async function start(env: Record<string, string>) {
  const ctx = await createTestApp(env);
  await ctx.services.queue.start({ worker: false, handlers: {} }); // jobs stay queued: nothing changes
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = ctx.app.server.address();
  return { ctx, base: `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}` };
}

async function stop(ctx: TestContext | undefined) {
  await ctx?.services.queue.stop();
  await ctx?.close();
}

/** A user with a queued job of their own and their Authorization header. */
async function userWithJob(ctx: TestContext) {
  const user = await createUser(ctx, { overrideAllAccess: true });
  const { imageUrl } = await ctx.services.photos.upload(user, { data: await carPhoto() });
  const jobId = await ctx.services.photos.startEditorJob(user, {
    imageUrl,
    operations: ['background_change'],
    backgroundPreset: 'luxury-showroom',
    removeWatermark: false,
  });
  return { jobId, auth: { authorization: `Bearer ${await login(ctx, user.email)}` } };
}

describe('progress streams close promptly', () => {
  let ctx: TestContext;
  let base: string;
  beforeAll(async () => ({ ctx, base } = await start({ PROGRESS_STREAM_IDLE_SECONDS: '1' })));
  afterAll(() => stop(ctx));

  it('answers an id that is no job of the caller with a 404 after the short grace, not an open stream', async () => {
    const { auth } = await userWithJob(ctx);
    const t0 = Date.now();
    const res = await fetch(`${base}/api/jobs/${randomUUID()}/events`, { headers: auth });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'JOB_NOT_FOUND', message: tr.photo.jobNotFound });
    expect(Date.now() - t0).toBeLessThan(6_000); // the 3 s grace for a job posted right after its stream
  }, 20_000);

  it('closes a stream whose job shows no change for PROGRESS_STREAM_IDLE_SECONDS', async () => {
    const { jobId, auth } = await userWithJob(ctx);
    const t0 = Date.now();
    const res = await fetch(`${base}/api/jobs/${jobId}/events`, { headers: auth });
    expect(res.status).toBe(200);
    const text = await res.text(); // resolves when the server ends the stream
    const held = Date.now() - t0;
    expect(text).toMatch(/^data: \{"status":"queued"/);
    expect(text.match(/^data: /gm)).toHaveLength(1); // nothing changed after the first event
    expect(held).toBeGreaterThanOrEqual(900);
    expect(held).toBeLessThan(5_000); // idle 1 s; before, a stream stayed open for a minute (or ~16 min)
  }, 20_000);
});

describe('progress streams per process', () => {
  let ctx: TestContext;
  let base: string;
  beforeAll(async () => ({ ctx, base } = await start({ PROGRESS_STREAMS_MAX: '3' })));
  afterAll(() => stop(ctx));

  it('holds at most PROGRESS_STREAMS_MAX streams of all users together and frees a place when a client leaves', async () => {
    const users: Awaited<ReturnType<typeof userWithJob>>[] = [];
    for (let i = 0; i < 4; i++) users.push(await userWithJob(ctx));
    const aborts: AbortController[] = [];
    const open = async (u: (typeof users)[number]) => {
      const a = new AbortController();
      aborts.push(a);
      return {
        res: await fetch(`${base}/api/jobs/${u.jobId}/events`, { headers: u.auth, signal: a.signal }),
        a,
      };
    };
    try {
      // Three users, one stream each: each within its own per-user cap of 4.
      const held = [];
      for (const u of users.slice(0, 3)) {
        const s = await open(u);
        expect(s.res.status).toBe(200);
        held.push(s);
      }
      const over = await fetch(`${base}/api/jobs/${users[3].jobId}/events`, { headers: users[3].auth });
      expect(over.status).toBe(503);
      expect(over.headers.get('retry-after')).toBe('5');
      expect(await over.json()).toMatchObject({ code: 'STREAMS_BUSY', message: tr.photo.streamsBusy });

      // One client leaves: its place is free for the fourth user as soon as the server sees the close.
      held[0].a.abort();
      const admitted = await waitUntil(async () => {
        const s = await open(users[3]);
        if (s.res.status === 200) return s;
        s.a.abort();
        return false;
      }, 'a stream place to be freed after a client left');
      expect(admitted.res.headers.get('content-type')).toBe('text/event-stream');
    } finally {
      for (const a of aborts) a.abort();
    }
  }, 30_000);
});
