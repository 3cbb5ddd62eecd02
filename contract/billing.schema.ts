import { z } from 'zod';
import { billingCycles, planTypes, quotaPacks } from './plans';
import { registerRequestSchema } from './auth.schema';

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

export interface PaymentIntent {
  id: string;
  iframeToken: string;
  amount: number;
  currency: 'TRY';
}

export interface SubscriptionView {
  id: string;
  status: 'pending' | 'active' | 'expired';
  billingCycle: 'monthly' | 'yearly';
  periodStart: string | null;
  periodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  nextPlanType: string | null;
  plan: {
    type: 'basic' | 'pro' | 'business';
    name: string;
    displayName: string;
    canBatchProcess: boolean;
    canRemoveWatermark: boolean;
    photosPerMonth: number;
  };
}

/** quota and remaining are null when the user has unlimited (All-Access) quota. */
export interface QuotaStatus {
  used: number;
  quota: number | null;
  remaining: number | null;
  daysUntilReset: number;
  unlimited: boolean;
  reserved: number;
}

export interface InvoiceView {
  id: string;
  number: string;
  serviceName: string;
  status: 'created' | 'pending' | 'failed';
  invoiceType: 'e-fatura' | 'e-arsiv';
  orderDate: string;
  totalAmount: number;
  netAmount: number;
  kdvAmount: number;
  invoiceUrl: string;
}
