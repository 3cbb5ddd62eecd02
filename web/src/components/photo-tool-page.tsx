import type { ReactNode } from 'react';
import { QuotaLeft } from '@/components/quota-left';
import { StepIndicator } from '@/components/step-indicator';

/** The editor's and studio's page: title, subtitle, photos left this month and the numbered steps, then the step. */
export function PhotoToolPage({
  testId,
  step,
  text,
  children,
}: {
  testId: string;
  step: number;
  text: { title: string; subtitle: string; steps: readonly string[]; stepsLabel: string };
  children: ReactNode;
}) {
  return (
    <section className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-10" data-testid={testId} data-step={step}>
      <header className="mb-6 space-y-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{text.title}</h1>
          <p className="mt-1 text-slate-600">{text.subtitle}</p>
          <QuotaLeft />
        </div>
        <StepIndicator steps={text.steps} current={step} label={text.stepsLabel} />
      </header>
      {children}
    </section>
  );
}
