import { Link } from 'react-router';
import { tr } from '@contract/messages.tr';
import { buttonClass } from '@/components/ui/button';
import { usePageTitle } from '@/lib/use-page-title';

export default function NotFoundPage() {
  usePageTitle(tr.notFound.title);
  return (
    <section
      className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center"
      data-testid="not-found"
    >
      <p className="text-7xl font-black text-brand-500">404</p>
      <h1 className="mt-4 text-2xl font-bold">{tr.notFound.title}</h1>
      <p className="mt-2 text-slate-600">{tr.notFound.body}</p>
      <Link to="/" className={`${buttonClass('dark')} mt-8`}>
        {tr.common.backHome}
      </Link>
    </section>
  );
}
