import { Link } from 'react-router';
import { tr } from '../../../../contract/messages.tr';
import { displayName } from '../../../../contract/user-display';
import { Badge } from '../../components/ui/badge';
import { buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useAuth } from '../../lib/use-auth';
import { usePageTitle } from '../use-page-title';

/** Dashboard shell: the welcome line; plans, quota and invoices arrive with the billing issue. */
export default function DashboardPage() {
  const { user } = useAuth();
  usePageTitle(tr.nav.dashboard);
  if (!user) return null;
  return (
    <section className="mx-auto max-w-6xl px-4 py-10 sm:px-6" data-testid="dashboard">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold tracking-tight">Hoş geldiniz, {displayName(user)}</h1>
        {user.overrideAllAccess && <Badge tone="green">{tr.nav.allAccess}</Badge>}
      </div>
      <div className="mt-8 grid gap-4 sm:grid-cols-2">
        <Card className="p-6">
          <h2 className="text-lg font-semibold">{tr.nav.editor}</h2>
          <p className="mt-1 text-sm text-slate-600">Tek fotoğrafı adım adım düzenleyin.</p>
          <Link to="/editor" className={`${buttonClass('dark', 'sm')} mt-4`}>
            {tr.nav.editor}
          </Link>
        </Card>
        <Card className="p-6">
          <h2 className="text-lg font-semibold">{tr.nav.studio}</h2>
          <p className="mt-1 text-sm text-slate-600">
            Logo ve plaka değişikliğiyle ilan setinizi hazırlayın.
          </p>
          <Link to="/new" className={`${buttonClass('dark', 'sm')} mt-4`}>
            {tr.nav.studio}
          </Link>
        </Card>
      </div>
    </section>
  );
}
