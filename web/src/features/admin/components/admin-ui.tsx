import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Spinner } from '@/components/ui/spinner';

/** A horizontally scrollable table region; focusable so keyboard users can scroll it too. */
export function TableRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="overflow-x-auto rounded-xl border border-slate-200 bg-white"
    >
      <table className="w-full min-w-[36rem] text-left text-sm">{children}</table>
    </div>
  );
}

export const th = 'bg-slate-50 px-3 py-2 font-semibold text-slate-600';
export const td = 'border-t border-slate-100 px-3 py-2 align-top';

export function Panel({
  title,
  actions,
  children,
  className,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={cn('space-y-4', className)} aria-label={title}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-bold">{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

export function QueryState({ isPending, error }: { isPending: boolean; error: Error | null }) {
  if (isPending) return <Spinner />;
  if (error)
    return (
      <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-700">
        {error.message}
      </p>
    );
  return null;
}

const dateTime = new Intl.DateTimeFormat('tr-TR', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/Istanbul',
});
export const fmtDateTime = (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : '—');
