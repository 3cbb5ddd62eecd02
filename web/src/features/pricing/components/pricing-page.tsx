import { useQuery } from '@tanstack/react-query';
import { Check, Minus, Star } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { tr } from '@contract/messages.tr';
import {
  formatTl,
  periodPriceKurus,
  plans,
  planTypes,
  quotaPacks,
  shownMonthlyPriceKurus,
  type BillingCycle,
  type PlanType,
} from '@contract/plans';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { PaymentModal } from '@/components/payment-modal';
import {
  purchaseAddon,
  subscribe,
  SUBSCRIPTION_STATUS_KEY,
  type SubscriptionStatusResponse,
} from '@/shared/billing/api/billing.api';
import { formatDate } from '@/lib/format';
import { useCheckout } from '@/shared/billing/hooks/use-checkout';
import { usePromoCode } from '@/shared/billing/hooks/use-promo-code';
import { useAuth } from '@/shared/auth/hooks/use-auth';
import { usePageTitle } from '@/lib/use-page-title';
import { cn } from '@/lib/cn';

const t = tr.pricing;

const comparison: { label: string; value: (p: PlanType) => string | boolean }[] = [
  { label: 'Aylık fotoğraf', value: (p) => String(plans[p].photosPerMonth) },
  { label: 'Arka plan değiştirme', value: () => true },
  { label: 'Plaka gizleme ve özelleştirme', value: () => true },
  { label: 'Çoklu fotoğraf (stüdyo, en fazla 5)', value: (p) => plans[p].canBatchProcess },
  { label: 'Filigransız indirme', value: (p) => plans[p].canRemoveWatermark },
  { label: 'Öncelikli işlem kuyruğu', value: (p) => plans[p].priorityQueue },
  { label: 'Ticari kullanım', value: (p) => p !== 'basic' },
  { label: 'e-Fatura', value: () => true },
];

export default function PricingPage() {
  usePageTitle(t.title);
  const { status } = useAuth();
  const signedIn = status === 'authenticated';
  const navigate = useNavigate();
  const [cycle, setCycle] = useState<BillingCycle>('monthly');
  const promoCode = usePromoCode();
  const promo = promoCode.applied;
  const [error, setError] = useState<string | null>(null);
  const promoId = useId();
  const checkout = useCheckout();
  const addonCheckout = useCheckout({
    successTitle: tr.payment.addonSuccess,
    errorTitle: tr.common.error,
    errorFallback: tr.payment.addonError,
  });
  const subscription = useQuery<SubscriptionStatusResponse>({
    queryKey: SUBSCRIPTION_STATUS_KEY,
    enabled: signedIn,
    staleTime: 30_000,
  });
  // The server says whether it is live (billing/policy.ts); a status alone can be past its period end.
  const current = subscription.data?.hasSubscription ? subscription.data.subscription : null;

  const changeCycle = (next: BillingCycle) => {
    setCycle(next);
    promoCode.clear(); // changing the plan clears the promo (SPEC §4)
  };

  async function choose(plan: PlanType) {
    if (!signedIn) return navigate('/login?next=/pricing');
    if (plan === 'business') return navigate('/contact?category=partnership');
    if (current && current.plan.type === plan && current.billingCycle === cycle) return; // Mevcut Plan
    if (plan !== 'pro' && promo) promoCode.clear();
    setError(null);
    const res = await checkout.start(() =>
      subscribe({
        planType: plan,
        billingCycle: cycle,
        ...(plan === 'pro' && promo ? { promoCode: promo.code } : {}),
      }),
    );
    if (!res) setError(tr.payment.subscriptionErrorFallback);
  }

  async function buyPack(photos: number) {
    if (!signedIn) return navigate('/login?next=/pricing');
    await addonCheckout.start(() => purchaseAddon(photos));
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14" data-testid="pricing">
      <header className="text-center">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{t.title}</h1>
        <p className="mt-3 text-slate-600">{t.subtitle}</p>
        <div role="group" aria-label="Ödeme dönemi" className="mt-6 inline-flex rounded-xl bg-slate-200 p-1">
          {(['monthly', 'yearly'] as const).map((c) => (
            <button
              key={c}
              type="button"
              aria-pressed={cycle === c}
              onClick={() => changeCycle(c)}
              className={cn(
                'rounded-lg px-5 py-2 text-sm font-semibold transition-colors',
                cycle === c ? 'bg-white text-slate-900 shadow' : 'text-slate-600 hover:text-slate-900',
              )}
            >
              {c === 'monthly' ? t.monthly : t.yearly}
              {c === 'yearly' && <span className="ml-2 text-xs text-emerald-700">{t.yearlyBadge}</span>}
            </button>
          ))}
        </div>
      </header>

      {error && (
        <div
          role="alert"
          className="mx-auto mt-6 max-w-2xl rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800"
        >
          {error}
        </div>
      )}

      {!signedIn && status !== 'loading' && (
        <Card
          className="mx-auto mt-6 flex max-w-2xl flex-col gap-3 p-5 sm:flex-row sm:items-center"
          data-testid="login-prompt"
        >
          <div className="flex-1">
            <p className="font-semibold">{t.loginPromptTitle}</p>
            <p className="text-sm text-slate-600">{t.loginPromptBody}</p>
          </div>
          <div className="flex gap-2">
            <Link to="/auth" className={buttonClass('dark', 'sm')}>
              {t.loginPromptCta}
            </Link>
            <Link to="/register" className={buttonClass('outline', 'sm')}>
              {t.registerCta}
            </Link>
          </div>
        </Card>
      )}

      {current && (
        <Card
          className="mx-auto mt-6 max-w-2xl border-emerald-200 bg-emerald-50 p-5"
          data-testid="current-subscription"
        >
          <p className="text-sm font-semibold text-emerald-900">{t.currentTitle}</p>
          <p className="mt-1 text-lg font-bold">
            {current.plan.displayName} · {current.billingCycle === 'yearly' ? t.yearly : t.monthly}
          </p>
          {current.periodEnd && (
            <p className="text-sm text-emerald-900">
              {t.validUntil}: <time dateTime={current.periodEnd}>{formatDate(current.periodEnd)}</time>
            </p>
          )}
          {current.cancelAtPeriodEnd && <p className="text-sm text-emerald-900">{t.cancelAtEnd}</p>}
          {current.nextPlanType && (
            <p className="text-sm text-emerald-900">
              {t.queued(plans[current.nextPlanType as PlanType].displayName)}
            </p>
          )}
          {/* ADR 0001: how a change is priced against the running period, stated where it is chosen. */}
          <p className="mt-2 text-xs text-emerald-900" data-testid="credit-rule">
            {tr.billing.creditRule}
          </p>
        </Card>
      )}

      <div className="mt-10 grid gap-6 md:grid-cols-3">
        {planTypes.map((type) => {
          const plan = plans[type];
          const isCurrent = Boolean(current && current.plan.type === type && current.billingCycle === cycle);
          const shown = shownMonthlyPriceKurus(type, cycle);
          const proPromo = type === 'pro' && promo;
          return (
            <Card
              key={type}
              className={cn(
                'relative flex flex-col p-6',
                plan.mostPopular && 'border-2 border-brand-500 shadow-lg',
              )}
              data-testid={`plan-${type}`}
            >
              {plan.mostPopular && (
                <Badge tone="brand" className="absolute -top-3 left-6">
                  <Star size={12} className="mr-1" aria-hidden /> {t.mostPopular}
                </Badge>
              )}
              <h2 className="text-xl font-bold">{plan.name}</h2>
              <p className="mt-3">
                <span className="text-4xl font-extrabold">{formatTl(shown)}</span>
                <span className="text-slate-500">{t.perMonth}</span>
              </p>
              {cycle === 'yearly' && (
                <p className="text-sm text-slate-600">
                  {t.yearlyTotal(formatTl(periodPriceKurus(type, 'yearly')))}
                </p>
              )}
              {proPromo && (
                <p className="mt-1 text-sm font-semibold text-emerald-700" data-testid="promo-price">
                  {t.promoApplied(formatTl(promo.discount))} → {formatTl(promo.discountedPrice)}
                </p>
              )}
              <ul className="mt-5 flex-1 space-y-2 text-sm">
                {plan.features.map((f) => (
                  <li key={f} className="flex gap-2">
                    <Check size={18} className="shrink-0 text-emerald-600" aria-hidden />
                    {f}
                  </li>
                ))}
              </ul>
              {type === 'pro' && (
                <div className="mt-5">
                  <label htmlFor={promoId} className="mb-1 block text-sm font-medium">
                    {t.promoLabel}
                  </label>
                  <div className="flex gap-2">
                    <Input
                      id={promoId}
                      value={promo ? promo.code : promoCode.input}
                      onChange={(e) => promoCode.setInput(e.target.value)}
                      placeholder={t.promoPlaceholder}
                      readOnly={Boolean(promo)}
                      aria-invalid={Boolean(promoCode.error)}
                      aria-describedby={promoCode.error ? `${promoId}-error` : undefined}
                      className="uppercase"
                    />
                    {promo ? (
                      <Button variant="outline" onClick={promoCode.clear}>
                        {t.promoRemove}
                      </Button>
                    ) : (
                      <Button
                        variant="outline"
                        onClick={() => promoCode.apply('pro', cycle)}
                        disabled={promoCode.busy}
                      >
                        {t.promoApply}
                      </Button>
                    )}
                  </div>
                  {promoCode.error && (
                    <p id={`${promoId}-error`} role="alert" className="mt-1 text-sm text-red-600">
                      {promoCode.error}
                    </p>
                  )}
                </div>
              )}
              <Button
                className="mt-5 w-full"
                variant={plan.mostPopular ? 'primary' : 'dark'}
                disabled={isCurrent || checkout.starting}
                onClick={() => choose(type)}
              >
                {isCurrent ? t.currentPlan : plan.salesContact ? t.contactSales : t.choose}
              </Button>
            </Card>
          );
        })}
      </div>
      <p className="mt-4 text-center text-xs text-slate-500">{t.kdvNote}</p>

      <section className="mt-14" aria-labelledby="packs-title">
        <h2 id="packs-title" className="text-2xl font-bold">
          {t.packsTitle}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t.packsSubtitle}</p>
        <div className="mt-5 grid grid-cols-2 gap-3 md:grid-cols-4">
          {quotaPacks.map((pack) => (
            <Button
              key={pack.photos}
              variant="outline"
              size="lg"
              disabled={addonCheckout.starting}
              onClick={() => buyPack(pack.photos)}
              data-testid={`pack-${pack.photos}`}
            >
              {t.packButton(pack.photos, formatTl(pack.priceKurus))}
            </Button>
          ))}
        </div>
        {signedIn && !current && <p className="mt-2 text-sm text-slate-500">{t.packNeedsPlan}</p>}
      </section>

      <section className="mt-14" aria-labelledby="compare-title">
        <h2 id="compare-title" className="text-2xl font-bold">
          {t.compareTitle}
        </h2>
        <div className="mt-5 overflow-x-auto rounded-2xl border border-slate-200 bg-white">
          <table className="w-full min-w-[560px] text-left text-sm">
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className="px-4 py-3">
                  {t.compareFeature}
                </th>
                {planTypes.map((p) => (
                  <th key={p} scope="col" className="px-4 py-3">
                    {plans[p].name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {comparison.map((row) => (
                <tr key={row.label} className="border-t border-slate-100">
                  <th scope="row" className="px-4 py-3 font-medium">
                    {row.label}
                  </th>
                  {planTypes.map((p) => {
                    const v = row.value(p);
                    return (
                      <td key={p} className="px-4 py-3">
                        {typeof v === 'string' ? (
                          v
                        ) : v ? (
                          <Check size={18} className="text-emerald-600" aria-label={t.yes} />
                        ) : (
                          <Minus size={18} className="text-slate-400" aria-label={t.no} />
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <PaymentModal {...checkout.modalProps} />
      <PaymentModal {...addonCheckout.modalProps} />
    </div>
  );
}
