import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { jobs, type JobName, type JobPayloads } from './job-names';

/** `final` is true on the last attempt pg-boss will make. */
export type JobHandler<N extends JobName> = (
  data: JobPayloads[N],
  meta: { id: string; final: boolean },
) => Promise<unknown>;
export type JobHandlers = { [N in JobName]?: JobHandler<N> };

/** Sends jobs; the one thing services need of the queue (built before the services, started after). */
export interface JobSender {
  send<N extends JobName>(
    name: N,
    data: JobPayloads[N],
    options?: PgBoss.SendOptions,
  ): Promise<string | null>;
}

/** Options of a job placed fairly among customers (see JobQueue.sendFair). */
export interface FairSendOptions extends PgBoss.SendOptions {
  /** Whose job it is: each group gets its turn. */
  group: string;
  /** Turns a group's jobs may jump ahead of everyone's (Business), 0 for none. */
  headStart?: number;
}

export interface JobQueue extends JobSender {
  /** The running pg-boss instance; throws before start(). */
  readonly boss: PgBoss;
  isStarted(): boolean;
  /** Connects, creates every queue (under the boot lock), and registers handlers when `worker` is true. */
  start(opts: { worker: boolean; handlers: JobHandlers }): Promise<void>;
  /**
   * Fails the active queue entry whose payload names `jobId` (its worker is gone), so pg-boss retries it
   * after the retry delay instead of after the full expiry. 'final' when no retry is left, 'none' when no
   * entry is active.
   */
  retryNow(name: JobName, jobId: string, reason: string): Promise<'retrying' | 'final' | 'none'>;
  /**
   * Sends a job in turn with other groups' (customers'), so one customer's batch of 100 does not starve
   * another's single photo: pg-boss takes the highest priority first, and a job's priority is minus its turn.
   * Its turn is the one served now (the lowest turn still open) or the one after its group's last open job,
   * whichever is later; `headStart` turns earlier for Business. A backlog thus goes round robin between
   * customers, a newcomer's first job goes next, and a customer's own jobs keep their order. When the queue
   * is empty turns start again at 0. The payload carries `group` and `headStart`.
   */
  sendFair<N extends JobName>(
    name: N,
    data: JobPayloads[N],
    options: FairSendOptions,
  ): Promise<string | null>;
  /** Entries per state of a queue (metrics). */
  depth(name: JobName): Promise<{ queued: number; active: number; oldestQueuedSeconds: number }>;
  /** Stops polling and waits (up to 10 s) for running handlers; start() may be called again afterwards. */
  stop(): Promise<void>;
}

/** Session purge daily at 03:17 UTC (an odd minute, away from everyone else's top-of-the-hour jobs). */
const schedules: Partial<Record<JobName, string>> = {
  [jobs.purgeSessions]: '17 3 * * *',
  // Period ends, queued plan changes and order expiry: every 10 minutes.
  [jobs.billingPeriods]: '*/10 * * * *',
  [jobs.photoRetention]: '*/15 * * * *',
  // Receipts, verification links, ending and quota notices: a paying customer gets the receipt within a minute.
  [jobs.mailNotifications]: '* * * * *',
};

/** How often maintenance looks for jobs whose worker died: five times per job timeout, at most every 30 s. */
export const maintenanceIntervalFor = (jobTimeoutSeconds: number) =>
  Math.max(1, Math.min(30, Math.floor(jobTimeoutSeconds / 5)));

interface QueueOptions {
  database: Database;
  log: FastifyBaseLogger;
  /** JOB_TIMEOUT_SECONDS: jobs of dead workers are found by maintenance, so it runs several times per timeout. */
  jobTimeoutSeconds?: number;
}

/**
 * The job queue on the app's database (PGlite through executeSql, PostgreSQL through pg-boss's own pool).
 * Built without I/O so services can be composed with it; start() connects.
 */
export function createJobQueue(opts: QueueOptions): JobQueue {
  const { database } = opts;
  const maintenanceIntervalSeconds = maintenanceIntervalFor(opts.jobTimeoutSeconds ?? 300);
  let current: PgBoss | null = null;
  // Queue name -> this process's worker, so a job sent from here wakes it at once instead of at its next poll.
  const localWorkers = new Map<string, string>();
  const running = () => {
    if (!current) throw new Error('job queue not started');
    return current;
  };

  const queue: JobQueue = {
    get boss() {
      return running();
    },
    isStarted: () => current !== null,
    async start({ worker, handlers }) {
      const boss = database.executeSql
        ? new PgBoss({
            db: { executeSql: database.executeSql },
            schema: 'pgboss',
            maintenanceIntervalSeconds,
          })
        : new PgBoss({
            connectionString: database.connectionString!,
            schema: 'pgboss',
            max: 4,
            maintenanceIntervalSeconds,
          });
      boss.on('error', (err) => opts.log.error({ err }, 'pg-boss error'));
      // pg-boss installs its schema on first start; two processes doing it at once fail (duplicate type,
      // deadlock), so installation and queue creation happen one process at a time.
      await database.withBootLock(async () => {
        await boss.start();
        for (const name of Object.values(jobs)) await boss.createQueue(name);
      });
      current = boss;
      if (!worker) return;
      for (const [name, handler] of Object.entries(handlers) as [JobName, JobHandler<JobName>][]) {
        const options = { pollingIntervalSeconds: 0.5, includeMetadata: true as const };
        const workerId = await boss.work<JobPayloads[JobName]>(name, options, async ([job]) => {
          const started = Date.now();
          try {
            const out = await handler(job.data, { id: job.id, final: job.retryCount >= job.retryLimit });
            opts.log.info({ job: name, jobId: job.id, ms: Date.now() - started }, 'job done');
            return out;
          } catch (err) {
            opts.log.error({ err, job: name, jobId: job.id, attempt: job.retryCount + 1 }, 'job failed');
            throw err;
          }
        });
        localWorkers.set(name, workerId);
      }
      for (const [name, cron] of Object.entries(schedules))
        await boss.schedule(name, cron, {}, { tz: 'UTC' });
    },
    async send(name, data, options) {
      const boss = running();
      const id = await boss.send(name, data as object, options ?? {});
      const local = localWorkers.get(name);
      if (local) boss.notifyWorker(local);
      return id;
    },
    async sendFair(name, data, { group, headStart = 0, ...options }) {
      // Turns are counted without head starts (a Business batch jumping ahead does not move the turn
      // everyone else's newcomers join at).
      const { rows } = await running()
        .getDb()
        .executeSql(
          `select min(-priority + coalesce((data->>'headStart')::int, 0)) as now_serving,
                  max(-priority) filter (where data->>'group' = $2) as group_last
             from pgboss.job where name = $1 and state < 'completed'`,
          [name, group],
        );
      const r = rows[0] as { now_serving: number | null; group_last: number | null } | undefined;
      const serving = Number(r?.now_serving ?? 0);
      const last = r?.group_last == null ? -Infinity : Number(r.group_last);
      const turn = Math.max(serving - headStart, last + 1);
      return queue.send(name, { ...data, group, headStart }, { ...options, priority: -turn });
    },
    async retryNow(name, jobId, reason) {
      const boss = running();
      const { rows } = await boss
        .getDb()
        .executeSql(
          `select id, retry_count, retry_limit from pgboss.job where name = $1 and state = 'active' and data->>'jobId' = $2`,
          [name, jobId],
        );
      const entry = rows[0] as { id: string; retry_count: number; retry_limit: number } | undefined;
      if (!entry) return 'none';
      await boss.fail(name, entry.id, { reason });
      return entry.retry_count >= entry.retry_limit ? 'final' : 'retrying';
    },
    async depth(name) {
      const { rows } = await running()
        .getDb()
        .executeSql(
          `select count(*) filter (where state in ('created', 'retry')) as queued,
                  count(*) filter (where state = 'active') as active,
                  coalesce(extract(epoch from now() - min(created_on) filter (where state in ('created', 'retry'))), 0) as oldest
             from pgboss.job where name = $1`,
          [name],
        );
      const r = rows[0] as { queued: string; active: string; oldest: string } | undefined;
      return {
        queued: Number(r?.queued ?? 0),
        active: Number(r?.active ?? 0),
        oldestQueuedSeconds: Number(r?.oldest ?? 0),
      };
    },
    async stop() {
      if (!current) return;
      const boss = current;
      current = null;
      localWorkers.clear();
      await boss.stop({ graceful: true, timeout: 10_000, wait: true });
    },
  };
  return queue;
}

/** createJobQueue + start, for tools and tests that need nothing in between. */
export async function startJobQueue(
  opts: QueueOptions & { worker: boolean; handlers: JobHandlers },
): Promise<JobQueue> {
  const queue = createJobQueue(opts);
  await queue.start(opts);
  return queue;
}
