import { useEffect, useState } from 'react';

export interface JobStage {
  status: string;
  stage: string | null;
  progress: number | null;
}

/**
 * Follows GET /api/jobs/<id>/events (server-sent events) while `jobId` is set, so the progress view can
 * name the engine's real step. The stream answers {status:'pending'} until the job row exists; it closes
 * itself when the job ends, and the browser must not reconnect after that.
 */
export function useJobStage(jobId: string | null): JobStage | null {
  const [state, setState] = useState<{ jobId: string; value: JobStage } | null>(null);
  useEffect(() => {
    if (!jobId || typeof EventSource === 'undefined') return;
    const source = new EventSource(`/api/jobs/${jobId}/events`, { withCredentials: true });
    source.onmessage = (e) => {
      try {
        const data = JSON.parse(String(e.data)) as Partial<JobStage>;
        setState({
          jobId,
          value: {
            status: data.status ?? 'pending',
            stage: data.stage ?? null,
            progress: data.progress ?? null,
          },
        });
        if (data.status === 'succeeded' || data.status === 'failed') source.close();
      } catch {
        // A malformed event is skipped; the next one carries the full state again.
      }
    };
    source.onerror = () => source.close();
    return () => source.close();
  }, [jobId]);
  return state && state.jobId === jobId ? state.value : null;
}
