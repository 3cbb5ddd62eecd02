import { Check, Loader2 } from 'lucide-react';
import { forwardRef, useEffect, useState } from 'react';
import { tr } from '@contract/messages.tr';
import { cn } from '@/lib/cn';

interface Props {
  title: string;
  /** The estimate line, e.g. 'Tahmini süre: 30-60 saniye'. */
  estimate: string;
  /** 0-100; drawn at least 10 % wide so the bar never looks stuck at nothing (SPEC §4). */
  percent: number;
  /** Messages rotated every 2.5 s. */
  messages?: readonly string[];
  /** A checklist whose checkmarks advance every 3 s (the last one waits for the real end). */
  steps?: readonly string[];
  /** The engine's real step, from the job's event stream. */
  stage?: string | null;
  /** e.g. 'Geçen süre: 12 sn'. */
  elapsed?: string;
  testId?: string;
}

/**
 * The processing view shared by the editor and the studio. Timers run only while it is mounted. The
 * real stage sits in a polite live region, so a screen reader hears each step once, not every tick.
 */
export const ProgressPanel = forwardRef<HTMLDivElement, Props>(function ProgressPanel(
  { title, estimate, percent, messages = [], steps = [], stage, elapsed, testId = 'progress' },
  ref,
) {
  const [tick, setTick] = useState(0); // 0.5 s ticks: dots every tick, message every 5, checkmark every 6
  useEffect(() => {
    const id = setInterval(() => setTick((t) => t + 1), 500);
    return () => clearInterval(id);
  }, []);
  const dots = '.'.repeat((tick % 3) + 1);
  const message = messages.length ? messages[Math.floor(tick / 5) % messages.length] : null;
  const done = Math.min(Math.floor(tick / 6), Math.max(0, steps.length - 1));
  const width = Math.max(10, Math.min(100, percent));
  // Unknown stage names (a newer server) are not shown raw.
  const stageLabel = stage ? (tr.processing.stages[stage] ?? null) : null;
  return (
    <div
      ref={ref}
      className="rounded-2xl border border-brand-100 bg-white p-5 shadow-sm sm:p-6"
      data-testid={testId}
      role="region"
      aria-label={title}
      aria-busy="true"
    >
      <div className="flex items-center gap-3">
        <Loader2 className="h-6 w-6 shrink-0 animate-spin text-brand-500" aria-hidden />
        <div>
          <h2 className="text-lg font-bold">{title}</h2>
          <p className="text-sm text-slate-600">{estimate}</p>
        </div>
      </div>
      {message && (
        <p className="mt-4 text-sm font-medium text-slate-800" data-testid="progress-message">
          {message}
          <span aria-hidden="true" className="inline-block w-4 text-left" data-testid="progress-dots">
            {dots}
          </span>
        </p>
      )}
      <div
        className="mt-4 h-3 overflow-hidden rounded-full bg-slate-100"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(width)}
        aria-label={title}
      >
        <div
          className="h-full rounded-full bg-brand-500 transition-[width] duration-500"
          style={{ width: `${width}%` }}
          data-testid="progress-bar"
        />
      </div>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm">
        <p aria-live="polite" className="text-slate-700" data-testid="progress-stage">
          {stageLabel && (
            <>
              <span className="text-slate-500">{tr.processing.stageNow}: </span>
              <span className="font-semibold">{stageLabel}</span>
            </>
          )}
        </p>
        {elapsed && (
          <p className="font-mono text-slate-600 tabular-nums" data-testid="progress-elapsed">
            {elapsed}
          </p>
        )}
      </div>
      {steps.length > 0 && (
        <ul className="mt-4 grid gap-2 text-sm sm:grid-cols-2">
          {steps.map((s, i) => (
            <li
              key={s}
              className={cn('flex items-center gap-2', i < done ? 'text-slate-900' : 'text-slate-400')}
            >
              <span
                className={cn(
                  'flex h-5 w-5 items-center justify-center rounded-full',
                  i < done ? 'bg-emerald-600 text-white' : 'border border-slate-300',
                )}
                aria-hidden="true"
              >
                {i < done && <Check className="h-3 w-3" />}
              </span>
              <span data-done={i < done}>{s}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
});
