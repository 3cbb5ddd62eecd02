import { Check } from 'lucide-react';
import { cn } from '@/lib/cn';

/** Numbered steps (editor: 3, studio: 6); the current one carries aria-current="step" for screen readers. */
export function StepIndicator({
  steps,
  current,
  label,
}: {
  steps: readonly string[];
  current: number;
  label: string;
}) {
  return (
    <nav aria-label={label} data-testid="step-indicator" data-current={current}>
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-2 sm:gap-x-3">
        {steps.map((name, i) => {
          const n = i + 1;
          const done = n < current;
          const active = n === current;
          return (
            <li key={name} className="flex items-center gap-2" aria-current={active ? 'step' : undefined}>
              <span
                className={cn(
                  'flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-xs font-bold',
                  done && 'bg-emerald-600 text-white',
                  active && 'bg-brand-500 text-ink-900 ring-4 ring-brand-100',
                  !done && !active && 'bg-slate-200 text-slate-600',
                )}
                aria-hidden="true"
              >
                {done ? <Check className="h-4 w-4" /> : n}
              </span>
              <span
                className={cn(
                  'text-sm',
                  active ? 'font-semibold text-slate-900' : 'text-slate-600',
                  // On a phone only the current step's name fits; the others keep their numbers.
                  !active && 'sr-only sm:not-sr-only',
                )}
              >
                {name}
              </span>
              {n < steps.length && (
                <span aria-hidden="true" className="hidden h-px w-6 bg-slate-300 sm:block" />
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
