import { XCircle } from 'lucide-react';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { tr } from '@contract/messages.tr';
import { ActionLinks } from './action-links';
import { FrameOutcome, OutcomeCard } from './outcome';
import { usePageTitle } from '@/lib/use-page-title';
import { inFrame, notifyParentOrBreakOut } from './frame-bridge';

const t = tr.payment;

export default function PaymentFailPage() {
  usePageTitle(t.failedTitle);
  const [params] = useSearchParams();
  const reason = params.get('reason')?.slice(0, 300) || t.failedFallback;
  const framed = inFrame();
  useEffect(() => {
    if (framed)
      notifyParentOrBreakOut({
        type: 'payment_error',
        message: reason,
        merchantOid: params.get('merchantOid'),
      });
  }, [framed, reason, params]);

  if (framed) return <FrameOutcome ok={false} text={reason} testId="payment-fail-frame" />;
  return (
    <OutcomeCard
      wide
      testId="payment-fail"
      icon={<XCircle className="text-red-600" size={48} aria-hidden />}
      title={t.failPageTitle}
    >
      <p className="mt-2 rounded-lg bg-red-50 p-3 text-sm text-red-800" role="alert">
        {reason}
      </p>
      <p className="mt-4 text-slate-600">{t.failPageBody}</p>
      <div className="mt-6 grid gap-6 sm:grid-cols-2">
        <section>
          <h2 className="font-semibold">{t.causesTitle}</h2>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
            {t.failCauses.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </section>
        <section>
          <h2 className="font-semibold">{t.suggestionsTitle}</h2>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
            {t.failSuggestions.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </section>
      </div>
      <ActionLinks
        className="mt-8 flex flex-wrap gap-3"
        links={[
          { to: '/pricing', variant: 'primary', label: t.retry },
          { to: '/dashboard', variant: 'outline', label: t.backDashboard },
        ]}
      />
      <p className="mt-6 text-sm text-slate-600">
        {t.support}:{' '}
        <a href={`mailto:${t.supportEmail}`} className="font-semibold text-brand-700 underline">
          {t.supportEmail}
        </a>
      </p>
    </OutcomeCard>
  );
}
