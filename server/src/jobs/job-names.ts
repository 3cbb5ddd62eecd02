/** Every queue the app uses, with its payload type; handlers and senders share these names. */
export const jobs = {
  ping: 'system-ping',
  purgeSessions: 'system-purge-sessions',
  billingPeriods: 'billing-periods',
} as const;

export interface JobPayloads {
  [jobs.ping]: { value: string };
  [jobs.purgeSessions]: Record<string, never>;
  [jobs.billingPeriods]: Record<string, never>;
}
export type JobName = keyof JobPayloads;
