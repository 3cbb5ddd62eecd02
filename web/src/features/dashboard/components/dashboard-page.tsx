import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, FileText, Images, Infinity as InfinityIcon, Layers, Sparkles, Wand2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { tr } from '@contract/messages.tr';
import { displayName } from '@contract/user-display';
import { formatTl, plans } from '@contract/plans';
import { Badge } from '@/components/ui/badge';
import { buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageSpinner } from '@/components/ui/spinner';
import { Tooltip } from '@/components/ui/tooltip';
import {
  activateSubscription,
  ADMIN_STATS_KEY,
  INVOICES_KEY,
  QUOTA_KEY,
  refreshBilling,
  SUBSCRIPTION_STATUS_KEY,
  type InvoiceView,
  type QuotaStatus,
  type SubscriptionStatusResponse,
} from '@/shared/billing/api/billing.api';
import { formatDate } from '@/lib/format';
import { useAuth } from '@/shared/auth/hooks/use-auth';
import { usePageTitle } from '@/lib/use-page-title';
import { VerifyEmailBanner } from '@/components/verify-email-banner';
import { InvoiceLink } from '@/components/invoice-link';
import { isPrivileged } from '@contract/privileges';

const t = tr.dashboardPage;

interface AdminStats {
  totalUsers: number;
  totalProcessedImages: number;
  activeSubscriptions: number;
  planDistribution: Record<string, number>;
}

/** SPEC §2 Dashboard: subscription gate, welcome, plan/quota/processed cards, admin tiles, invoices, features. */
export default function DashboardPage() {
  usePageTitle(tr.nav.dashboard);
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const status = useQuery<SubscriptionStatusResponse>({ queryKey: SUBSCRIPTION_STATUS_KEY });
  const quota = useQuery<QuotaStatus>({ queryKey: QUOTA_KEY });
  const invoices = useQuery<{ invoices: InvoiceView[] }>({ queryKey: INVOICES_KEY });
  const isAdmin = user?.role === 'admin';
  const stats = useQuery<AdminStats>({
    queryKey: ADMIN_STATS_KEY,
    enabled: isAdmin,
    refetchInterval: 60_000,
  });
  const activatedOnce = useRef(false);

  // Returning with ?payment=success: activate a pending subscription once, then clean the address.
  useEffect(() => {
    if (params.get('payment') !== 'success' || !status.data || activatedOnce.current) return;
    activatedOnce.current = true;
    const clean = () => navigate('/dashboard', { replace: true });
    if (status.data.subscription?.status === 'pending') {
      void activateSubscription()
        .then(async (res) => {
          if (res.success) toast.success(tr.payment.subscriptionActiveTitle, { description: t.activated });
          await refreshBilling(queryClient);
        })
        .finally(clean);
    } else clean();
  }, [params, status.data, navigate, queryClient]);

  if (!user || status.isPending) return <PageSpinner />;
  const sub = status.data?.subscription;
  const active = status.data?.hasSubscription === true;
  // Admins and All-Access users pass every plan gate on the server (photo service); the page agrees.
  const unlimited = isPrivileged(user);
  if (!active && !unlimited) {
    return (
      <section className="mx-auto max-w-xl px-4 py-20 text-center" data-testid="subscription-gate">
        <Sparkles className="mx-auto text-brand-500" size={48} aria-hidden />
        <h1 className="mt-4 text-2xl font-bold">{tr.dashboard.subscriptionRequiredTitle}</h1>
        <p className="mt-2 text-slate-600">{tr.dashboard.subscriptionRequiredBody}</p>
        <Link to="/pricing" className={`${buttonClass('primary', 'lg')} mt-8`}>
          {tr.dashboard.choosePlan}
        </Link>
      </section>
    );
  }

  const planType = sub?.plan.type;
  const multi = unlimited || (planType ? plans[planType].canBatchProcess : false);
  const q = quota.data;
  const features = [
    'Arka plan değiştirme (30+ hazır sahne)',
    'Otomatik plaka gizleme ve özel plaka yazısı',
    'Araç temizleme ve kalite iyileştirme',
    'Önce/sonra karşılaştırma ve indirme',
    ...(multi || planType === 'pro' || planType === 'business' ? [t.multiPhoto] : []),
    ...(planType && plans[planType].canRemoveWatermark ? ['Filigransız indirme'] : []),
  ];

  return (
    <section className="mx-auto max-w-6xl px-4 py-10 sm:px-6" data-testid="dashboard">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t.welcome(displayName(user))}</h1>
        {user.overrideAllAccess && <Badge tone="green">{tr.nav.allAccess}</Badge>}
      </div>
      <VerifyEmailBanner user={user} className="mt-4" />

      <div className="mt-8 grid gap-4 sm:grid-cols-2">
        <Card className="p-6">
          <Wand2 className="text-brand-600" aria-hidden />
          <h2 className="mt-2 text-lg font-semibold">{t.editorTitle}</h2>
          <p className="mt-1 text-sm text-slate-600">{t.editorBody}</p>
          <Link to="/editor" className={`${buttonClass('dark', 'sm')} mt-4`}>
            {t.open}
          </Link>
        </Card>
        <Card className="p-6">
          <Layers className="text-brand-600" aria-hidden />
          <h2 className="mt-2 text-lg font-semibold">{t.studioTitle}</h2>
          <p className="mt-1 text-sm text-slate-600" data-testid="studio-card-text">
            {multi ? t.studioMulti : t.studioSingle}
          </p>
          <Link to="/new" className={`${buttonClass('dark', 'sm')} mt-4`}>
            {t.open}
          </Link>
        </Card>
      </div>

      <div className="mt-4 grid gap-4 md:grid-cols-3">
        <Card className="p-6" data-testid="plan-card">
          <h2 className="text-sm font-semibold text-slate-500">{t.planTitle}</h2>
          <p className="mt-2 text-xl font-bold">
            {sub?.plan.displayName ?? (user.overrideAllAccess ? tr.nav.allAccess : t.noPlan)}
          </p>
          {sub?.periodEnd && (
            <p className="text-sm text-slate-600">
              {tr.pricing.validUntil}: {formatDate(sub.periodEnd)}
            </p>
          )}
          {!user.overrideAllAccess && (
            <Tooltip content="Planları, yıllık indirimi ve ek fotoğraf paketlerini görün">
              <Link to="/pricing" className={`${buttonClass('outline', 'sm')} mt-4`}>
                {t.upgrade}
              </Link>
            </Tooltip>
          )}
        </Card>
        <Card className="p-6" data-testid="quota-card">
          <h2 className="text-sm font-semibold text-slate-500">{t.quotaTitle}</h2>
          {quota.isError ? (
            <p role="alert" className="mt-2 text-sm text-red-700">
              {t.quotaError}
            </p>
          ) : !q ? (
            <p className="mt-2 text-sm text-slate-500">{tr.common.loading}</p>
          ) : q.unlimited ? (
            <p className="mt-2 flex items-center gap-2 text-xl font-bold">
              <InfinityIcon aria-hidden /> {t.unlimited}
            </p>
          ) : (
            <>
              <p className="mt-2 text-xl font-bold" data-testid="quota-remaining">
                {t.remainingOf(q.remaining ?? 0, q.quota ?? 0)}
              </p>
              <div className="mt-3 h-2 rounded-full bg-slate-100" aria-hidden>
                <div
                  className="h-2 rounded-full bg-brand-500"
                  style={{
                    width: `${q.quota ? Math.min(100, ((q.quota - (q.remaining ?? 0)) / q.quota) * 100) : 0}%`,
                  }}
                />
              </div>
              <p className="mt-2 text-sm text-slate-600">
                {t.used(q.used)} · {t.resetIn(q.daysUntilReset)}
              </p>
            </>
          )}
        </Card>
        <Card className="p-6">
          <h2 className="text-sm font-semibold text-slate-500">{t.processedTitle}</h2>
          <p className="mt-2 flex items-center gap-2 text-3xl font-extrabold">
            <Images className="text-brand-600" aria-hidden /> {q?.used ?? 0}
            <span className="text-sm font-medium text-slate-500">{t.processedUnit}</span>
          </p>
        </Card>
      </div>

      {isAdmin && stats.data && (
        <div className="mt-4 grid grid-cols-2 gap-4 md:grid-cols-4" data-testid="admin-stats">
          {[
            [t.stats.users, stats.data.totalUsers],
            [t.stats.images, stats.data.totalProcessedImages],
            [t.stats.active, stats.data.activeSubscriptions],
            [t.stats.plans, Object.keys(stats.data.planDistribution ?? {}).length],
          ].map(([label, value]) => (
            <Card key={label} className="p-5">
              <p className="text-sm text-slate-500">{label}</p>
              <p className="mt-1 text-2xl font-bold">{value}</p>
            </Card>
          ))}
        </div>
      )}

      <Card className="mt-8 p-6">
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <FileText size={20} aria-hidden /> {t.invoicesTitle}
        </h2>
        {invoices.data && invoices.data.invoices.length === 0 && (
          <p className="mt-3 text-sm text-slate-500">{t.invoicesEmpty}</p>
        )}
        {invoices.data && invoices.data.invoices.length > 0 && (
          // Narrow screens get a list (no sideways scrolling at 375 px); the table from the sm breakpoint.
          <ul className="mt-4 divide-y divide-slate-100 sm:hidden" data-testid="invoices-list">
            {invoices.data.invoices.slice(0, 5).map((inv) => (
              <li key={inv.id} className="flex items-center justify-between gap-3 py-3 text-sm">
                <div className="min-w-0">
                  <p className="font-medium">{inv.serviceName}</p>
                  <p className="text-slate-500">
                    {formatDate(inv.orderDate)} ·{' '}
                    <span className="font-semibold">{formatTl(inv.totalAmount)}</span>
                  </p>
                </div>
                <InvoiceLink href={inv.invoiceUrl} />
              </li>
            ))}
          </ul>
        )}
        {invoices.data && invoices.data.invoices.length > 0 && (
          <div className="mt-4 hidden overflow-x-auto sm:block">
            <table className="w-full min-w-[640px] text-left text-sm" data-testid="invoices">
              <thead className="text-slate-500">
                <tr>
                  {Object.values(t.invoiceCols).map((c) => (
                    <th key={c} scope="col" className="py-2 pr-4 font-medium">
                      {c}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {invoices.data.invoices.slice(0, 5).map((inv) => (
                  <tr key={inv.id} className="border-t border-slate-100">
                    <td className="py-2 pr-4">{inv.serviceName}</td>
                    <td className="py-2 pr-4">
                      <Badge
                        tone={
                          inv.status === 'created' ? 'green' : inv.status === 'pending' ? 'brand' : 'slate'
                        }
                      >
                        {t.invoiceStatus[inv.status] ?? t.invoiceStatus.failed}
                      </Badge>
                    </td>
                    <td className="py-2 pr-4">{inv.invoiceType === 'e-fatura' ? 'e-Fatura' : 'e-Arşiv'}</td>
                    <td className="py-2 pr-4">{formatDate(inv.orderDate)}</td>
                    <td className="py-2 pr-4 font-semibold">{formatTl(inv.totalAmount)}</td>
                    <td className="py-2">
                      <InvoiceLink href={inv.invoiceUrl} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>

      <Card className="mt-4 p-6">
        <h2 className="text-lg font-semibold">{t.featuresTitle}</h2>
        <ul className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
          {features.map((f) => (
            <li key={f} className="flex gap-2">
              <Check size={18} className="text-emerald-600" aria-hidden /> {f}
            </li>
          ))}
        </ul>
      </Card>
    </section>
  );
}
