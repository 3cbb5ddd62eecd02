import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase } from './harness';
import type { Database } from '../src/db/client';
import { startJobQueue, type JobQueue } from '../src/jobs/boss';
import { jobs } from '../src/jobs/job-names';
import { loadSettings } from '../src/config/env';
import { composeServices } from '../src/compose';
import pino from 'pino';
import { waitUntil } from './wait-until';

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
  const job = await waitUntil(async () => {
    const found = await queue.boss.getJobById(jobs.ping, id!);
    return (found?.state === 'completed' || found?.state === 'failed') && found;
  }, 'the ping job to end');
  expect(job?.state).toBe('completed');
  expect(job?.output).toEqual({ pong: 'merhaba' });
});
