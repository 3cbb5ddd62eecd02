import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { tr } from '@contract/messages.tr';
import { ApiError } from '@/lib/api-client';
import {
  confirmPayment,
  refreshBilling,
  type PaymentIntent,
  type PriceBreakdown,
  type SubscribeResponse,
} from '@/shared/billing/api/billing.api';

const t = tr.payment;

/**
 * The pricing flow of SPEC §4: a start call returns a payment intent (open the frame) or a subscription
 * (direct activation); payment_success confirms, toasts and closes; payment_error shows a compact result
 * in the modal with a retry that opens a new payment for the same purchase (the page behind keeps its state).
 */
export function useCheckout(
  opts: {
    onPaid?(intent: PaymentIntent): void;
    /** Replaces the default failure toast (e.g. registration sends the visitor to /payment-fail). */
    onFailed?(message: string): void;
    successTitle?: string;
    errorTitle?: string;
    errorFallback?: string;
  } = {},
) {
  const queryClient = useQueryClient();
  const [intent, setIntent] = useState<PaymentIntent | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [starting, setStarting] = useState(false);
  const [breakdown, setBreakdown] = useState<PriceBreakdown | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const lastCall = useRef<(() => Promise<unknown>) | null>(null);

  async function start(call: () => Promise<unknown>) {
    lastCall.current = call;
    setStarting(true);
    try {
      const res = (await call()) as SubscribeResponse | null;
      if (!res || typeof res !== 'object') throw new ApiError(0, t.invalidResponse);
      if (res.paymentIntent) {
        setFailure(null);
        setBreakdown(res.breakdown ?? null);
        setIntent(res.paymentIntent);
        toast.success(t.pageReadyTitle, { description: t.pageReadyBody });
      } else if (res.subscription) {
        toast.success(t.subscriptionActiveTitle, { description: res.message });
        await refreshBilling(queryClient);
      }
      return res;
    } catch (err) {
      toast.error(opts.errorTitle ?? t.subscriptionErrorTitle, {
        description:
          err instanceof ApiError && err.message
            ? err.message
            : (opts.errorFallback ?? t.subscriptionErrorFallback),
      });
      return null;
    } finally {
      setStarting(false);
    }
  }

  async function onSuccess(paid: PaymentIntent) {
    if (opts.onPaid) {
      opts.onPaid(paid);
      return;
    }
    setConfirming(true);
    try {
      const res = await confirmPayment(paid.id);
      if (!res.success) throw new ApiError(0, res.message);
      toast.success(opts.successTitle ?? t.successTitle, { description: t.successBody });
      setIntent(null);
      await refreshBilling(queryClient);
    } catch {
      toast.error(t.confirmErrorTitle, { description: t.confirmErrorBody });
    } finally {
      setConfirming(false);
    }
  }

  function onError(message: string) {
    if (opts.onFailed) return opts.onFailed(message || t.failedFallback);
    setFailure(message || t.failedFallback);
  }

  /** A declined card: the same purchase again, as a new order with a fresh card frame. */
  async function retry() {
    if (lastCall.current) await start(lastCall.current);
  }

  function onClose() {
    setIntent(null);
    setFailure(null);
    setBreakdown(null);
  }

  return {
    intent,
    confirming,
    starting,
    start,
    modalProps: {
      intent,
      confirming,
      breakdown,
      failure,
      retrying: starting,
      onRetry: retry,
      onClose,
      onSuccess,
      onError,
    },
  };
}
