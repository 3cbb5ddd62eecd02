import type { QueryClient } from '@tanstack/react-query';
import type {
  AutoLoginResponse,
  CheckoutResponse,
  ConfirmResponse,
  InvoiceView,
  PaymentIntent,
  PriceBreakdown,
  PromoResponse,
  QuotaStatus,
  SubscriptionChangeResponse,
  SubscriptionResponse,
  SubscriptionStatusResponse,
  SubscriptionView,
} from '@contract/billing.schema';
import { apiRequest } from '@/lib/api-client';

export const SUBSCRIPTION_KEY = ['/api/payments/subscription'] as const;
export const SUBSCRIPTION_STATUS_KEY = ['/api/subscription'] as const;
export const QUOTA_KEY = ['/api/quota/status'] as const;
export const INVOICES_KEY = ['/api/user/invoices'] as const;
export const ADMIN_STATS_KEY = ['/api/admin/stats'] as const;

// The answers' shapes are the routes' response schemas (contract/billing.schema.ts).
export type {
  AutoLoginResponse,
  InvoiceView,
  PaymentIntent,
  PriceBreakdown,
  PromoResponse,
  QuotaStatus,
  SubscriptionResponse,
  SubscriptionStatusResponse,
  SubscriptionView,
};
export type SubscribeResponse = CheckoutResponse;

export const subscribe = (body: Record<string, unknown>) =>
  apiRequest<unknown>('POST', '/api/payments/subscribe', body);
export const validatePromo = (code: string, planType: string, billingCycle: string) =>
  apiRequest<PromoResponse>('POST', '/api/payments/validate-promo', { code, planType, billingCycle });
export const confirmPayment = (paymentIntentId: string) =>
  apiRequest<ConfirmResponse>('POST', '/api/payments/confirm', { paymentIntentId });
export const purchaseAddon = (quotaAmount: number) =>
  apiRequest<SubscribeResponse>('POST', '/api/quota/addon/purchase', { quotaAmount });
export const activateSubscription = () =>
  apiRequest<SubscriptionChangeResponse>('POST', '/api/payments/activate-subscription');
export const autoLoginAfterPayment = (merchantOid: string) =>
  apiRequest<AutoLoginResponse>('POST', '/api/auth/auto-login-after-payment', { merchantOid });

/** After payment or subscription changes these three queries are refreshed (SPEC §7). */
export function refreshBilling(queryClient: QueryClient) {
  return Promise.all(
    [SUBSCRIPTION_KEY, QUOTA_KEY, SUBSCRIPTION_STATUS_KEY, INVOICES_KEY].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}

/** Parses a message from the payment frame; null for anything unparseable or without a type. */
export function parseFrameMessage(
  data: unknown,
): { type: string; message?: string; merchantOid?: string } | null {
  let value = data;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (!value || typeof value !== 'object' || typeof (value as { type?: unknown }).type !== 'string')
    return null;
  return value as { type: string; message?: string; merchantOid?: string };
}
