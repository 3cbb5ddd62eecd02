import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Loader2, XCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { tr } from '@contract/messages.tr';
import { ActionLinks } from './action-links';
import {
  activateSubscription,
  autoLoginAfterPayment,
  refreshBilling,
  type SubscriptionView,
} from '@/shared/billing/api/billing.api';
import { formatDate } from '@/lib/format';
import { useAuth } from '@/shared/auth/hooks/use-auth';
import { usePageTitle } from '@/lib/use-page-title';
import { inFrame, notifyParentOrBreakOut } from './frame-bridge';
import { FrameOutcome, OutcomeCard } from './outcome';

const t = tr.payment;
export const MAX_TRIES = 30;
/** Wait before try n (0-based): 2 s × 1.5ⁿ, capped at 10 s (SPEC §9). */
export const retryDelay = (n: number) => Math.min(10_000, 2000 * 1.5 ** n);
const progressTitle = (tries: number) =>
  tries < 5 ? t.processing : tries < 15 ? t.creatingAccount : t.almostReady;

export default function PaymentSuccessPage() {
  usePageTitle(t.successTitle);
  const [params] = useSearchParams();
  const merchantOid = params.get('merchantOid') ?? '';
  const framed = inFrame();
  const { status, signIn } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [done, setDone] = useState(false);
  const [subscription, setSubscription] = useState<SubscriptionView | null>(null);
  // The page cannot finish (no or unknown order, another browser, not signed in): say so and offer a way on.
  const [stuck, setStuck] = useState<{ title: string; message: string } | null>(null);
  const started = useRef(false);
  // Only leaving the page stops the retries; signing in mid-way re-renders but must not cancel them.
  const left = useRef(false);
  useEffect(
    () => () => {
      left.current = true;
    },
    [],
  );

  useEffect(() => {
    if (framed) notifyParentOrBreakOut({ type: 'payment_success', merchantOid });
  }, [framed, merchantOid]);

  useEffect(() => {
    if (framed || status === 'loading' || started.current) return;
    started.current = true;
    const toastId = 'payment-progress';

    const finish = (sub: SubscriptionView | null) => {
      setSubscription(sub);
      setDone(true);
      toast.success(t.accountCreated, { id: toastId });
      void refreshBilling(queryClient);
      window.setTimeout(() => !left.current && navigate('/dashboard', { replace: true }), 1500);
    };

    const fallbackToActivation = async () => {
      try {
        const res = await activateSubscription();
        if (res.success) return finish(res.subscription);
        toast.dismiss(toastId);
        setStuck({ title: t.failedProcessTitle, message: res.message || t.manualLoginBody });
      } catch {
        toast.dismiss(toastId);
        setStuck({ title: t.noOrderTitle, message: t.noOrderBody });
      }
    };

    const run = async () => {
      if (!merchantOid) {
        if (status === 'authenticated') return fallbackToActivation();
        return setStuck({ title: t.noOrderTitle, message: t.noOrderBody });
      }
      for (let tries = 0; tries < MAX_TRIES && !left.current; tries++) {
        toast.loading(progressTitle(tries), { id: toastId });
        try {
          const res = await autoLoginAfterPayment(merchantOid);
          if (res.success && res.token && res.user) {
            signIn(res.token, res.user);
            const act = await activateSubscription().catch(() => null);
            return finish(act?.subscription ?? null);
          }
          if (!res.retry) {
            // Already signed in in this browser (e.g. a plan change): the activation call reports the plan.
            if (status === 'authenticated') return fallbackToActivation();
            toast.dismiss(toastId);
            setStuck({ title: t.manualLoginTitle, message: res.message ?? t.manualLoginBody });
            return;
          }
        } catch {
          toast.error(t.connectionError, { id: toastId });
        }
        await new Promise((r) => setTimeout(r, retryDelay(tries)));
      }
      if (!left.current) await fallbackToActivation();
    };
    void run();
  }, [framed, status, merchantOid, navigate, queryClient, signIn]);

  if (framed) return <FrameOutcome ok text={t.successPageTitle} testId="payment-success-frame" />;

  if (stuck) {
    return (
      <OutcomeCard
        testId="payment-success-stuck"
        icon={<XCircle className="mx-auto text-amber-600" size={56} aria-hidden />}
        title={stuck.title}
      >
        <p className="mt-2 text-slate-600" role="alert">
          {stuck.message}
        </p>
        <ActionLinks
          className="mt-8 flex justify-center gap-3"
          links={[
            status === 'authenticated'
              ? { to: '/dashboard', variant: 'dark', label: t.goDashboard }
              : { to: '/login', variant: 'dark', label: t.goLogin },
            { to: '/pricing', variant: 'outline', label: t.goPricing },
          ]}
        />
      </OutcomeCard>
    );
  }

  const endDate = subscription?.periodEnd ?? new Date(Date.now() + 30 * 86_400_000).toISOString();
  return (
    <OutcomeCard
      testId="payment-success"
      icon={
        done ? (
          <CheckCircle2 className="mx-auto text-emerald-600" size={56} aria-hidden />
        ) : (
          <Loader2 className="mx-auto animate-spin text-brand-600" size={56} aria-hidden />
        )
      }
      title={t.successPageTitle}
    >
      <p className="mt-2 text-slate-600" role="status">
        {done ? t.successPageDone : t.successPageWaiting}
      </p>
      <dl className="mt-6 grid grid-cols-2 gap-3 text-left text-sm">
        <dt className="text-slate-500">{t.plan}</dt>
        <dd className="font-semibold">{subscription?.plan.displayName ?? '—'}</dd>
        <dt className="text-slate-500">{t.status}</dt>
        <dd className="font-semibold">{done ? t.statusActive : t.processing}</dd>
        <dt className="text-slate-500">{t.endDate}</dt>
        <dd className="font-semibold">{formatDate(endDate)}</dd>
        <dt className="text-slate-500">{t.renewal}</dt>
        <dd>{subscription?.billingCycle === 'yearly' ? t.renewalTextYearly : t.renewalText}</dd>
      </dl>
      <ActionLinks
        className="mt-8 flex justify-center gap-3"
        links={[
          { to: '/dashboard', variant: 'dark', label: t.goDashboard },
          { to: '/new', variant: 'outline', label: t.goStudio },
        ]}
      />
    </OutcomeCard>
  );
}
