import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** Eyebrow, heading and lead paragraph used by every marketing section. */
export function SectionHeading({
  eyebrow,
  title,
  lead,
  id,
  className,
  dark,
}: {
  eyebrow?: string;
  title: ReactNode;
  lead?: ReactNode;
  id?: string;
  className?: string;
  dark?: boolean;
}) {
  return (
    <div className={cn('mx-auto max-w-3xl text-center', className)}>
      {eyebrow && (
        <p
          className={cn(
            'text-sm font-semibold tracking-wide uppercase',
            dark ? 'text-brand-400' : 'text-brand-700',
          )}
        >
          {eyebrow}
        </p>
      )}
      <h2 id={id} className={cn('mt-2 text-3xl font-bold tracking-tight sm:text-4xl', dark && 'text-white')}>
        {title}
      </h2>
      {lead && <p className={cn('mt-4 text-lg', dark ? 'text-slate-300' : 'text-slate-600')}>{lead}</p>}
    </div>
  );
}

/** A marketing section of the standard width: its heading, then what it holds. */
export function HeadedSection({
  id,
  children,
  ...heading
}: {
  id: string;
  eyebrow: string;
  title: ReactNode;
  lead?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
      <SectionHeading id={id} {...heading} />
      {children}
    </section>
  );
}
