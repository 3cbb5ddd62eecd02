import { tr } from '../../../../contract/messages.tr';
import type {
  JobStateResponse,
  ProcessImageResponse,
  StudioGenerateResponse,
} from '../../../../contract/photo-job.schema';
import { isEnded, type ProcessingJobRow } from '../../repositories/processing-job.repository';
import { resultUrl } from './urls';

/** SPEC §7 answer of POST /api/process-image for an ended job. */
export function editorResponse(job: ProcessingJobRow): ProcessImageResponse {
  const done = (job.results ?? []).filter((r) => r.imageId);
  if (job.status === 'succeeded')
    return {
      status: 'succeeded',
      output: done.map((r) => resultUrl(r.imageId!)),
      error: null,
      jobId: job.id,
      placement: done[0]?.placement ?? null,
    };
  const error = job.error ?? tr.photo.itemFailed;
  return { status: 'failed', output: null, error, jobId: job.id, placement: null };
}

/** SPEC §7 answer of POST /api/gen4/generate for an ended job. */
export function studioResponse(job: ProcessingJobRow): StudioGenerateResponse {
  const results = (job.results ?? []).map((x) => ({
    index: x.index,
    carImage: x.carImage ?? null,
    status: x.imageId ? ('succeeded' as const) : ('failed' as const),
    output: x.imageId ? resultUrl(x.imageId) : null,
    success: Boolean(x.imageId),
    error: x.error ?? null,
    placement: (x.imageId && x.placement) || null,
  }));
  const successCount = results.filter((x) => x.success).length;
  return {
    success: successCount > 0,
    results,
    successCount,
    status: job.status,
    output: results.flatMap((x) => (x.output ? [x.output] : [])),
    error: successCount > 0 ? null : (job.error ?? tr.photo.itemFailed),
    jobId: job.id,
  };
}

/** GET /api/jobs/:id: the job's state, with the processing call's own answer once it has ended. */
export function jobState(job: ProcessingJobRow): JobStateResponse {
  const ended = isEnded(job);
  return {
    jobId: job.id,
    kind: job.kind,
    status: job.status,
    stage: job.stage,
    progress: job.progress,
    editor: ended && job.kind === 'editor' ? editorResponse(job) : null,
    studio: ended && job.kind === 'studio' ? studioResponse(job) : null,
  };
}
