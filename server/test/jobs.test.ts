import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase } from './harness';
import type { Database } from '../src/db/client';
import { startJobQueue, type JobQueue } from '../src/jobs/boss';
import { jobs } from '../src/jobs/job-names';
import { loadSettings } from '../src/config/env';
import { composeServices } from '../src/compose';
import pino from 'pino';

let database: Database;
let queue: JobQueue;
beforeAll(async () => {
  database = await createTestDatabase();
  const services = composeServices(database, loadSettings({ NODE_ENV: 'test' }));
  queue = await startJobQueue({
    database,
    worker: true,
    handlers: services.jobHandlers,
    log: pino({ level: 'silent' }),
  });
});
afterAll(async () => {
  await queue?.stop();
  await database?.close();
});

it('runs a job end to end through pg-boss on the app database', async () => {
  const id = await queue.send(jobs.ping, { value: 'merhaba' });
  expect(id).toBeTruthy();
  let job = null;
  for (let i = 0; i < 100; i++) {
    job = await queue.boss.getJobById(jobs.ping, id!);
    if (job?.state === 'completed' || job?.state === 'failed') break;
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(job?.state).toBe('completed');
  expect(job?.output).toEqual({ pong: 'merhaba' });
});
