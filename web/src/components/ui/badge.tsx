import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

const tones = {
  slate: 'bg-slate-100 text-slate-700',
  brand: 'bg-brand-100 text-brand-700',
  green: 'bg-emerald-100 text-emerald-800',
  violet: 'bg-violet-100 text-violet-800',
} as const;

export function Badge({
  tone = 'slate',
  className,
  ...props
}: HTMLAttributes<HTMLSpanElement> & { tone?: keyof typeof tones }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold',
        tones[tone],
        className,
      )}
      {...props}
    />
  );
}
