import { Download, FileArchive } from 'lucide-react';
import { useState } from 'react';
import { tr } from '@contract/messages.tr';
import { BeforeAfter } from '@/components/before-after';
import { InlineAlert } from '@/components/inline-alert';
import { Button } from '@/components/ui/button';
import { downloadJobZip, downloadResult, studioFileName } from '@/shared/photos/api/download';
import type { StudioResultItem } from '@/shared/photos/api/photo.api';

const t = tr.studio;

/** A download button that says 'İndiriliyor...' and stays disabled until its download settles. */
function DownloadButton({
  run,
  label,
  testId,
  all = false,
}: {
  run: () => Promise<unknown>;
  label: string;
  testId: string;
  all?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const Icon = all ? FileArchive : Download;
  return (
    <Button
      size={all ? 'md' : 'sm'}
      variant={all ? 'dark' : 'outline'}
      disabled={busy}
      data-testid={testId}
      onClick={() => {
        setBusy(true);
        void run().finally(() => setBusy(false));
      }}
    >
      <Icon className="h-4 w-4" aria-hidden />
      {busy ? tr.processing.downloading : label}
    </Button>
  );
}

const ResultDownload = ({ url, index }: { url: string; index: number }) => (
  <DownloadButton
    run={() => downloadResult(url, studioFileName(index))}
    label={tr.processing.download}
    testId={`download-${index}`}
  />
);

/**
 * Step 6: one result as a before/after slider, several as a grid with per-item errors and downloads, plus
 * one ZIP of all results when there are two or more (a dealer's listing is a set of photos).
 */
export function StudioResults({
  results,
  originals,
  jobId,
}: {
  results: StudioResultItem[];
  originals: string[];
  jobId: string | null;
}) {
  if (results.length === 1) {
    const r = results[0]!;
    return r.output ? (
      <div className="space-y-3" data-testid="studio-result-single">
        <BeforeAfter
          before={originals[r.index] ?? r.carImage ?? r.output}
          after={r.output}
          placement={originals[r.index] || r.carImage ? r.placement : null}
          alt={t.photoAlt(r.index + 1)}
          testId="compare"
        />
        <ResultDownload url={r.output} index={r.index} />
      </div>
    ) : (
      <InlineAlert>{r.error || t.itemFailed}</InlineAlert>
    );
  }
  const succeeded = results.filter((r) => r.output).length;
  return (
    <div className="space-y-4">
      {jobId && succeeded > 1 && (
        <DownloadButton run={() => downloadJobZip(jobId)} label={t.downloadAll} testId="download-all" all />
      )}
      <ul className="grid gap-4 sm:grid-cols-2" data-testid="studio-result-grid">
        {results.map((r) => (
          <li
            key={r.index}
            className="overflow-hidden rounded-xl border border-slate-200 bg-white"
            data-testid="studio-result"
            data-success={r.success}
          >
            {r.output ? (
              <img
                src={r.output}
                alt={t.resultAlt(r.index + 1)}
                className="aspect-[3/2] w-full bg-slate-100 object-contain"
                data-role="after"
              />
            ) : (
              <div className="flex aspect-[3/2] items-center justify-center bg-slate-100 p-4">
                <InlineAlert>{r.error || t.itemFailed}</InlineAlert>
              </div>
            )}
            <div className="flex items-center justify-between gap-2 p-3">
              <span className="text-sm font-semibold">{t.photoAlt(r.index + 1)}</span>
              {r.output && <ResultDownload url={r.output} index={r.index} />}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
