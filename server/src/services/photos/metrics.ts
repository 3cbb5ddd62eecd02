/** What the module reports to Prometheus (server/src/metrics.ts); optional in tests. */
export interface PhotoMetrics {
  jobEnded(outcome: 'succeeded' | 'failed' | 'crashed', seconds: number): void;
  queueWait(seconds: number): void;
  stage(name: string, seconds: number): void;
  workerLost(): void;
  quota(result: 'reserved' | 'refused'): void;
}
