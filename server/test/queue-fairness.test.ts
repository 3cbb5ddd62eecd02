// Issue 15: fairness between customers. One customer's batch of 100 photos used to be taken first to last
// before another customer's single photo (pg-boss serves by priority, then age); now each customer's jobs
// take turns, and Business (SPEC: priority queue) gets a head start without starving anyone for long.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestContext } from './harness';
import { carPhoto, subscriber } from './photo-fixtures';
import { jobs } from '../src/jobs/job-names';
import { BUSINESS_HEAD_START } from '../src/services/photos/jobs';
import type { UserRow } from '../src/repositories/user.repository';
import { waitUntil } from './wait-until';

describe('the photo queue between customers', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
    // Jobs are queued with no worker running, then a worker that only records the order it is handed them.
    await ctx.services.queue.start({ worker: false, handlers: {} });
  });
  afterAll(async () => {
    await ctx?.services.queue.stop();
    await ctx?.close();
  });

  async function queueJobs(user: UserRow, count: number) {
    const photos = ctx.services.photos;
    const { imageUrl } = await photos.upload(user, { data: await carPhoto() });
    const ids: string[] = [];
    for (let i = 0; i < count; i++)
      ids.push(
        await photos.startEditorJob(user, {
          imageUrl,
          operations: ['background_change'],
          backgroundPreset: 'luxury-showroom',
          removeWatermark: false,
        }),
      );
    return ids;
  }

  /** Starts a worker on the queue and returns the first `n` job ids it is handed, in order. */
  async function firstHandedOut(n: number) {
    const order: string[] = [];
    const queue = ctx.services.queue;
    await queue.stop();
    await queue.start({
      worker: true,
      handlers: {
        [jobs.photoProcess]: async (data) => {
          order.push(data.jobId);
        },
      },
    });
    await waitUntil(() => order.length >= n, `the worker to be handed ${n} jobs`, { timeoutMs: 30_000 });
    await queue.stop();
    await queue.start({ worker: false, handlers: {} });
    return order.slice(0, n);
  }

  it("runs another customer's single photo next, not after the first customer's 100", async () => {
    const heavy = await subscriber(ctx);
    await ctx.services.billing.quota.adjustExtra(heavy.id, 100);
    const light = await subscriber(ctx);
    const hundred = await queueJobs(heavy, 100);
    const [single] = await queueJobs(light, 1);
    const business = await createUser(ctx, { overrideAllAccess: true }); // privileged: runs as Business
    const [urgent] = await queueJobs(business, 1);

    const order = await firstHandedOut(4);
    // Business first (head start), then turns: the heavy customer's first job (older), the single photo,
    // then the heavy customer's next job, in the order they were sent.
    expect(order).toEqual([urgent, hundred[0], single, hundred[1]]);
  }, 120_000);

  it("gives a Business customer's batch a head start of a few turns, then takes turns", async () => {
    const big = await createUser(ctx, { overrideAllAccess: true });
    const batch = await queueJobs(big, BUSINESS_HEAD_START + 3);
    const basic = await subscriber(ctx);
    const [single] = await queueJobs(basic, 1);

    const order = await firstHandedOut(BUSINESS_HEAD_START + 3);
    // Jobs left over from the first test are still queued (the recorder does not end them); only the order
    // between these two customers matters here.
    const mine = order.filter((id) => batch.includes(id) || id === single);
    expect(mine.indexOf(single)).toBeGreaterThanOrEqual(BUSINESS_HEAD_START);
    expect(mine.indexOf(single)).toBeLessThanOrEqual(BUSINESS_HEAD_START + 1);
    expect(mine.filter((id) => id !== single)).toEqual(batch.slice(0, mine.length - 1));
  }, 120_000);
});
