import { z } from 'zod';
import { billingCycles, planTypes, quotaPacks } from './plans';
import { registerRequestSchema } from './auth.schema';
import { publicUserSchema } from './user.schema';

export const planTypeSchema = z.enum(planTypes);
export const billingCycleSchema = z.enum(billingCycles);

const promoCode = z
  .string()
  .trim()
  .max(40)
  .optional()
  .nullable()
  .transform((v) => (v ? v.toUpperCase() : null));

/** POST /api/payments/subscribe: signed in, or payment-first registration with registrationData. */
export const subscribeRequestSchema = z.object({
  planType: planTypeSchema,
  billingCycle: billingCycleSchema.default('monthly'),
  promoCode,
  registrationData: registerRequestSchema.optional(),
});
export type SubscribeRequest = z.input<typeof subscribeRequestSchema>;

export const validatePromoRequestSchema = z.object({
  code: z.string().trim().max(40).default(''),
  planType: planTypeSchema,
  billingCycle: billingCycleSchema.default('monthly'),
});

export const confirmRequestSchema = z.object({ paymentIntentId: z.string().regex(/^[A-Za-z0-9]{1,64}$/) });
export const autoLoginRequestSchema = z.object({ merchantOid: z.string().regex(/^[A-Za-z0-9]{1,64}$/) });

const packSizes = quotaPacks.map((p) => p.photos);
export const addonPurchaseRequestSchema = z.object({
  quotaAmount: z.coerce
    .number()
    .int()
    .refine((n) => packSizes.includes(n), { message: `Paket boyutu ${packSizes.join(', ')} olmalı` }),
});

export const paymentIntentSchema = z.object({
  id: z.string(),
  iframeToken: z.string(),
  amount: z.number(),
  currency: z.literal('TRY'),
});
export type PaymentIntent = z.infer<typeof paymentIntentSchema>;

export const subscriptionViewSchema = z.object({
  id: z.string(),
  status: z.enum(['pending', 'active', 'expired']),
  billingCycle: billingCycleSchema,
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  nextPlanType: z.string().nullable(),
  plan: z.object({
    type: planTypeSchema,
    name: z.string(),
    displayName: z.string(),
    canBatchProcess: z.boolean(),
    canRemoveWatermark: z.boolean(),
    photosPerMonth: z.number(),
  }),
});
export type SubscriptionView = z.infer<typeof subscriptionViewSchema>;

/** quota and remaining are null when the user has unlimited (All-Access) quota. */
export const quotaStatusSchema = z.object({
  used: z.number(),
  quota: z.number().nullable(),
  remaining: z.number().nullable(),
  daysUntilReset: z.number(),
  unlimited: z.boolean(),
  reserved: z.number(),
});
export type QuotaStatus = z.infer<typeof quotaStatusSchema>;

export const invoiceViewSchema = z.object({
  id: z.string(),
  number: z.string(),
  serviceName: z.string(),
  status: z.enum(['created', 'pending', 'failed']),
  invoiceType: z.enum(['e-fatura', 'e-arsiv']),
  orderDate: z.string(),
  totalAmount: z.number(),
  netAmount: z.number(),
  kdvAmount: z.number(),
  invoiceUrl: z.string(),
});
export type InvoiceView = z.infer<typeof invoiceViewSchema>;

/** How an order's price was reached (server-computed): list price, promo, credit, total, extra days. */
export const priceBreakdownSchema = z.object({
  listPrice: z.number(),
  discount: z.number(),
  credit: z.number(),
  total: z.number(),
  extraDays: z.number(),
});
export type PriceBreakdown = z.infer<typeof priceBreakdownSchema>;

// Responses of the payment, subscription, quota and invoice calls (routes declare them as `response:`;
// the web's billing api reads the same types).

/** POST /api/payments/subscribe and POST /api/quota/addon/purchase: a payment page, or a change applied
 * at once (a zero-price change: `subscription`, no `paymentIntent`). */
export const checkoutResponseSchema = z.object({
  success: z.boolean(),
  paymentIntent: paymentIntentSchema.optional(),
  subscription: subscriptionViewSchema.optional(),
  breakdown: priceBreakdownSchema.optional(),
  message: z.string().optional(),
});
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

export const promoResponseSchema = z.object({
  success: z.boolean(),
  valid: z.boolean(),
  error: z.string().nullable(),
  pricing: z.object({ originalPrice: z.number(), discount: z.number(), discountedPrice: z.number() }),
});
export type PromoResponse = z.infer<typeof promoResponseSchema>;

export const orderStatusSchema = z.enum(['pending', 'paid', 'failed', 'expired', 'refund_due', 'refunded']);

/** GET /api/payments/subscription. */
export const subscriptionResponseSchema = z.object({
  success: z.boolean(),
  subscription: subscriptionViewSchema.nullable(),
});
export type SubscriptionResponse = z.infer<typeof subscriptionResponseSchema>;

/** POST /api/payments/activate-subscription, POST /api/subscription/cancel: the subscription after it. */
export const subscriptionChangeResponseSchema = subscriptionResponseSchema.extend({ message: z.string() });
export type SubscriptionChangeResponse = z.infer<typeof subscriptionChangeResponseSchema>;

/** POST /api/payments/confirm: where the paying browser's order stands, and the subscription it gave. */
export const confirmResponseSchema = subscriptionChangeResponseSchema.extend({ status: orderStatusSchema });
export type ConfirmResponse = z.infer<typeof confirmResponseSchema>;

/** GET /api/subscription: `hasSubscription` is the live-subscription rule (billing/policy.ts). */
export const subscriptionStatusResponseSchema = z.object({
  hasSubscription: z.boolean(),
  subscription: subscriptionViewSchema.nullable(),
});
export type SubscriptionStatusResponse = z.infer<typeof subscriptionStatusResponseSchema>;

/** GET /api/user/invoices. */
export const invoicesResponseSchema = z.object({
  success: z.boolean(),
  invoices: z.array(invoiceViewSchema),
});

/** POST /api/auth/auto-login-after-payment: the paying browser signed in once; `retry` while the
 * provider's notification has not arrived yet. */
export const autoLoginResponseSchema = z.object({
  success: z.boolean(),
  user: publicUserSchema.nullable(),
  token: z.string().optional(),
  retry: z.boolean(),
  message: z.string().optional(),
});
export type AutoLoginResponse = z.infer<typeof autoLoginResponseSchema>;
