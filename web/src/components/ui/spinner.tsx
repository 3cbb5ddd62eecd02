import { tr } from '@contract/messages.tr';
import { cn } from '@/lib/cn';

export function Spinner({ className, label = tr.common.loading }: { className?: string; label?: string }) {
  return (
    <span role="status" aria-live="polite" className={cn('inline-flex items-center', className)}>
      <span
        aria-hidden="true"
        className="h-8 w-8 animate-spin rounded-full border-4 border-slate-200 border-t-brand-500"
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Full-page spinner while something the whole page depends on resolves (e.g. the auth state). */
export function PageSpinner() {
  return (
    <div className="flex min-h-[60vh] items-center justify-center" data-testid="page-spinner">
      <Spinner />
    </div>
  );
}
