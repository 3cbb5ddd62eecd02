import * as Dialog from '@radix-ui/react-dialog';
import { useQuery } from '@tanstack/react-query';
import { Loader2, Lock, X, XCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { PublicConfig } from '@contract/auth.schema';
import { tr } from '@contract/messages.tr';
import { formatTl } from '@contract/plans';
import { apiRequest } from '@/lib/api-client';
import { parseFrameMessage, type PaymentIntent, type PriceBreakdown } from '@/shared/billing/api/billing.api';
import { Button } from './ui/button';

const t = tr.payment;

/**
 * The provider's card frame (600 px high) in a modal. Messages are accepted only from the provider's
 * origins and this page's own (the sandbox frame and the result pages are served by this app on whatever
 * address it was opened); payment_success and payment_error go to the caller, anything else is ignored.
 * A declined card replaces the frame by a compact result with a retry; the price breakdown (list price,
 * promo, credit) is shown above the frame when there is more than a list price.
 */
export function PaymentModal(props: {
  intent: PaymentIntent | null;
  confirming: boolean;
  breakdown?: PriceBreakdown | null;
  failure?: string | null;
  retrying?: boolean;
  onRetry?(): void;
  onClose(): void;
  onSuccess(intent: PaymentIntent): void;
  onError(message: string): void;
}) {
  const { intent, confirming, breakdown, failure } = props;
  const config = useQuery({
    queryKey: ['/api/config'],
    queryFn: () => apiRequest<PublicConfig>('GET', '/api/config'),
    staleTime: Infinity,
  });
  const handlers = useRef(props);
  handlers.current = props;

  useEffect(() => {
    if (!intent || !config.data) return;
    const allowed = [...config.data.paymentFrameOrigins, window.location.origin];
    const onMessage = (event: MessageEvent) => {
      if (!allowed.includes(event.origin)) return;
      const msg = parseFrameMessage(event.data);
      if (!msg) return;
      if (msg.type !== 'payment_success' && msg.type !== 'payment_error') return;
      (event.source as Window | null)?.postMessage({ type: 'payment_ack' }, event.origin);
      if (msg.type === 'payment_success') handlers.current.onSuccess(intent);
      else handlers.current.onError(msg.message || t.failedFallback);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [intent, config.data]);

  const open = Boolean(intent);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && !confirming && props.onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/60" />
        <Dialog.Content
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[96vh] w-[min(520px,96vw)] -translate-x-1/2 -translate-y-1/2 flex-col overflow-hidden rounded-2xl bg-white shadow-2xl"
          onEscapeKeyDown={(e) => confirming && e.preventDefault()}
          onPointerDownOutside={(e) => confirming && e.preventDefault()}
          data-testid="payment-modal"
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-5 py-3">
            <div>
              <Dialog.Title className="flex items-center gap-2 text-base font-bold">
                <Lock size={16} aria-hidden /> {t.modalTitle}
              </Dialog.Title>
              <Dialog.Description className="text-xs text-slate-500">
                {intent ? `${t.amount}: ${formatTl(intent.amount)}` : ''}
              </Dialog.Description>
            </div>
            {!confirming && (
              <Dialog.Close className="rounded-lg p-2 text-slate-500 hover:bg-slate-100" aria-label={t.close}>
                <X size={18} aria-hidden />
              </Dialog.Close>
            )}
          </div>
          <div className="relative overflow-auto">
            {confirming && (
              <div
                role="status"
                className="absolute inset-0 z-10 flex flex-col items-center justify-center gap-3 bg-white/90 text-sm font-semibold"
              >
                <Loader2 className="animate-spin text-brand-600" aria-hidden />
                {t.confirming}
              </div>
            )}
            {breakdown && (breakdown.credit > 0 || breakdown.discount > 0) && (
              <dl
                className="grid grid-cols-2 gap-1 border-b border-slate-200 px-5 py-3 text-sm"
                data-testid="price-breakdown"
              >
                <dt className="text-slate-500">{t.breakdownList}</dt>
                <dd className="text-right">{formatTl(breakdown.listPrice)}</dd>
                {breakdown.discount > 0 && (
                  <>
                    <dt className="text-slate-500">{t.breakdownPromo}</dt>
                    <dd className="text-right">−{formatTl(breakdown.discount)}</dd>
                  </>
                )}
                {breakdown.credit > 0 && (
                  <>
                    <dt className="text-slate-500">{t.breakdownCredit}</dt>
                    <dd className="text-right">
                      −{formatTl(Math.min(breakdown.credit, breakdown.listPrice - breakdown.discount))}
                    </dd>
                  </>
                )}
                <dt className="font-semibold">{t.breakdownTotal}</dt>
                <dd className="text-right font-semibold">{formatTl(breakdown.total)}</dd>
                {breakdown.extraDays > 0 && (
                  <dd className="col-span-2 text-xs text-slate-500">
                    {t.breakdownExtra(breakdown.extraDays)}
                  </dd>
                )}
              </dl>
            )}
            {failure && (
              <div
                className="flex flex-col items-center gap-3 px-6 py-10 text-center"
                role="alert"
                data-testid="payment-declined"
              >
                <XCircle className="text-red-600" size={40} aria-hidden />
                <p className="text-base font-bold">{t.declinedTitle}</p>
                <p className="text-sm text-red-800">{failure}</p>
                <p className="text-xs text-slate-500">{t.declinedHint}</p>
                <Button type="button" onClick={() => props.onRetry?.()} disabled={props.retrying}>
                  {t.retryPayment}
                </Button>
              </div>
            )}
            {intent && config.data && !failure && (
              <iframe
                title={t.frameTitle}
                src={`${config.data.paymentFrameBase}/${intent.iframeToken}`}
                height={600}
                className="block w-full border-0"
                data-testid="payment-frame"
              />
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
