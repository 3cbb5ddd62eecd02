/** Every queue the app uses, with its payload type; handlers and senders share these names. */
export const jobs = {
  ping: 'system-ping',
  purgeSessions: 'system-purge-sessions',
  billingPeriods: 'billing-periods',
  photoProcess: 'photo-process',
  photoRetention: 'photo-retention',
  mailNotifications: 'mail-notifications',
} as const;

export interface JobPayloads {
  [jobs.ping]: { value: string };
  [jobs.purgeSessions]: Record<string, never>;
  [jobs.billingPeriods]: Record<string, never>;
  /** `group` (the customer) and `headStart`: turns between customers (JobQueue.sendFair). */
  [jobs.photoProcess]: { jobId: string; group?: string; headStart?: number };
  [jobs.photoRetention]: Record<string, never>;
  [jobs.mailNotifications]: Record<string, never>;
}
export type JobName = keyof JobPayloads;
