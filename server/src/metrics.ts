import client from 'prom-client';

/**
 * Prometheus metrics of one process (GET /metrics): HTTP latency, the photo queue (depth, oldest wait),
 * photo jobs (duration by outcome, engine time by stage, failures), quota reservations, image workers, and
 * Node's own process metrics. One registry per composition, so tests can build several apps in a process.
 */
export function createMetrics() {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const http = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by route, method and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 120, 600],
    registers: [registry],
  });
  const jobSeconds = new client.Histogram({
    name: 'photo_job_duration_seconds',
    help: 'Photo job attempts from start to end, by outcome (succeeded, failed, crashed)',
    labelNames: ['outcome'] as const,
    buckets: [1, 2, 5, 10, 20, 30, 60, 120, 300, 600],
    registers: [registry],
  });
  const jobWaitSeconds = new client.Histogram({
    name: 'photo_job_queue_wait_seconds',
    help: 'Time from queueing a photo job to its first attempt starting',
    buckets: [0.1, 0.5, 1, 2, 5, 10, 30, 60, 120, 300, 600],
    registers: [registry],
  });
  const stageSeconds = new client.Histogram({
    name: 'photo_stage_duration_seconds',
    help: 'Engine time per stage of a photo',
    labelNames: ['stage'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30],
    registers: [registry],
  });
  const jobsLost = new client.Counter({
    name: 'photo_jobs_lost_worker_total',
    help: 'Running photo jobs handed back to the queue because their worker stopped its heartbeat',
    registers: [registry],
  });
  const quota = new client.Counter({
    name: 'quota_reservations_total',
    help: 'Photo quota reservations by result (reserved, refused)',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  return {
    registry,
    http,
    jobSeconds,
    jobWaitSeconds,
    stageSeconds,
    jobsLost,
    quota,
    /** Gauges read at scrape time (queue depth, image workers). */
    gauge(name: string, help: string, collect: () => Promise<number> | number) {
      new client.Gauge({
        name,
        help,
        registers: [registry],
        async collect() {
          try {
            this.set(await collect());
          } catch {
            // The database is unreachable: the last value stays; readiness reports the outage.
          }
        },
      });
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;
