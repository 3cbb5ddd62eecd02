import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { tr } from '@contract/messages.tr';
import { isQuotaError, newJobId, quotaErrorText, refreshQuota } from '@/shared/photos/api/photo.api';
import { useJobClock } from './use-job-clock';
import { useJobStage } from './use-job-stage';

interface Failure {
  /** Toast title when the run fails for another reason than the quota. */
  title: string;
  /** Toast text for that failure. */
  describe: (err: unknown) => string;
}

/**
 * One processing run of the editor or the studio: a fresh job id (so the progress stream and a resume after
 * a lost connection can name the job before the call returns), the clock that drives the bar, the engine's
 * stage, the quota toast on a refusal and the quota refresh after a success. `start(work, failure)` runs
 * `work(jobId, startedAt)` and returns its value, or null once the failure has been shown.
 */
export function useProcessingRun(tickMs = 250) {
  const queryClient = useQueryClient();
  const [jobId, setJobId] = useState<string | null>(null);
  const running = jobId !== null;
  const clock = useJobClock(running, tickMs);
  const stage = useJobStage(jobId);

  async function start<T>(
    work: (jobId: string, startedAt: number) => Promise<T>,
    failure: Failure,
  ): Promise<T | null> {
    const id = newJobId();
    const startedAt = clock.start();
    setJobId(id);
    try {
      const value = await work(id, startedAt);
      void refreshQuota(queryClient);
      return value;
    } catch (err) {
      if (isQuotaError(err))
        toast.error(tr.processing.quotaTitle, { description: quotaErrorText(err, tr.processing.quotaBody) });
      else toast.error(failure.title, { description: failure.describe(err) });
      return null;
    } finally {
      setJobId(null);
    }
  }

  return {
    start,
    running,
    /** The engine's current step while running (from the job's event stream), else null. */
    stage: stage?.stage ?? stage?.status ?? null,
    elapsedSeconds: clock.elapsedSeconds,
  };
}
