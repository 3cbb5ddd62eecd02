import { tr } from '@contract/messages.tr';
import { usePageTitle } from '@/lib/use-page-title';

/** Shell for a route whose screen a later issue builds; the route and its guard are already real. */
export function PlaceholderPage({ title, testId }: { title: string; testId: string }) {
  usePageTitle(title);
  return (
    <section className="mx-auto max-w-5xl px-4 py-16 sm:px-6" data-testid={testId}>
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <p className="mt-3 text-slate-600">{tr.common.comingSoon}</p>
    </section>
  );
}
