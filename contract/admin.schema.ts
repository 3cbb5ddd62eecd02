import { z } from 'zod';
import { tr } from './messages.tr';
import { roleSchema } from './user.schema';

const a = tr.admin;

/** SPEC §3 Admin stats; planDistribution counts active subscriptions per plan, every plan listed (0 too). */
export const adminStatsSchema = z.object({
  totalUsers: z.number().int(),
  totalProcessedImages: z.number().int(),
  activeSubscriptions: z.number().int(),
  planDistribution: z.record(z.string(), z.number().int()),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

export const adminUserListQuerySchema = z.object({
  q: z.string().trim().max(100).optional().default(''),
  page: z.coerce.number().int().min(1).max(10_000).optional().default(1),
});

export const ADMIN_PAGE_SIZE = 25;

export const adminUserRowSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: roleSchema,
  overrideAllAccess: z.boolean(),
  createdAt: z.string(),
  planType: z.string().nullable(),
  subscriptionStatus: z.string().nullable(),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

export const adminUserListSchema = z.object({
  users: z.array(adminUserRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminUserList = z.infer<typeof adminUserListSchema>;

export const adminSubscriptionSchema = z.object({
  planType: z.string(),
  billingCycle: z.string(),
  status: z.string(),
  cancelAtPeriodEnd: z.boolean(),
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
});

export const adminQuotaSchema = z.object({
  planQuota: z.number().int(),
  extraQuota: z.number().int(),
  used: z.number().int(),
  reserved: z.number().int(),
  periodStart: z.string(),
  periodEnd: z.string(),
});

export const adminPaymentSchema = z.object({
  merchantOid: z.string(),
  kind: z.string(),
  planType: z.string().nullable(),
  billingCycle: z.string().nullable(),
  addonPhotos: z.number().int().nullable(),
  amountKurus: z.number().int(),
  discountKurus: z.number().int(),
  status: z.string(),
  provider: z.string(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});

export const adminInvoiceSchema = z.object({
  id: z.string(),
  number: z.string(),
  serviceName: z.string(),
  invoiceType: z.string(),
  status: z.string(),
  totalKurus: z.number().int(),
  orderDate: z.string(),
});

export const adminUserDetailSchema = z.object({
  user: adminUserRowSchema.extend({
    phone: z.string().nullable(),
    companyName: z.string().nullable(),
    taxNumber: z.string().nullable(),
    marketingConsent: z.boolean(),
    aiDataConsent: z.boolean(),
  }),
  subscription: adminSubscriptionSchema.nullable(),
  quota: adminQuotaSchema.nullable(),
  payments: z.array(adminPaymentSchema),
  invoices: z.array(adminInvoiceSchema),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

/** Role and the All-Access override; at least one of them. */
export const adminUserPatchSchema = z
  .object({ role: roleSchema.optional(), overrideAllAccess: z.boolean().optional() })
  .refine((v) => v.role !== undefined || v.overrideAllAccess !== undefined, {
    message: tr.errors.badRequest,
  });
export type AdminUserPatch = z.infer<typeof adminUserPatchSchema>;

/** Extra photos granted (positive) or taken back (negative) for the current quota window. */
export const adminQuotaAdjustSchema = z.object({
  amount: z
    .number({ error: a.quotaAmountInvalid })
    .int(a.quotaAmountInvalid)
    .min(-1000, a.quotaAmountInvalid)
    .max(1000, a.quotaAmountInvalid)
    .refine((n) => n !== 0, a.quotaAmountInvalid),
  note: z.string().trim().max(200).optional(),
});
export type AdminQuotaAdjust = z.infer<typeof adminQuotaAdjustSchema>;

const optionalDate = z
  .string()
  .trim()
  .optional()
  .nullable()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || !Number.isNaN(Date.parse(v)), { message: tr.errors.badRequest });

export const promoCreateSchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{3,32}$/, a.promoCodeInvalid)
      .transform((s) => s.toUpperCase()),
    kind: z.enum(['percent', 'amount']),
    /** Percent (1-100) or kuruş off. */
    value: z.number().int().min(1).max(10_000_000),
    planType: z.enum(['basic', 'pro', 'business']).nullable().optional().default(null),
    validUntil: optionalDate,
    maxUses: z.number().int().min(1).max(1_000_000).nullable().optional().default(null),
  })
  .refine((v) => v.kind !== 'percent' || v.value <= 100, { message: a.promoPercentRange, path: ['value'] });
export type PromoCreate = z.input<typeof promoCreateSchema>;

export const promoPatchSchema = z.object({ active: z.boolean() });

export const adminPromoSchema = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.string(),
  value: z.number().int(),
  planType: z.string().nullable(),
  validUntil: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  uses: z.number().int(),
  active: z.boolean(),
  createdAt: z.string(),
  paidOrders: z.number().int(),
  discountKurus: z.number().int(),
});
export type AdminPromo = z.infer<typeof adminPromoSchema>;

export const adminPromoUsageSchema = z.object({
  orders: z.array(adminPaymentSchema.extend({ email: z.string() })),
});

export const adminContactMessageSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  category: z.string(),
  subject: z.string(),
  message: z.string(),
  handled: z.boolean(),
  createdAt: z.string(),
});
export type AdminContactMessage = z.infer<typeof adminContactMessageSchema>;

export const contactPatchSchema = z.object({ handled: z.boolean() });

export const adminSubscriberSchema = z.object({
  id: z.string(),
  email: z.string(),
  source: z.string().nullable(),
  createdAt: z.string(),
  unsubscribedAt: z.string().nullable(),
});
export type AdminSubscriber = z.infer<typeof adminSubscriberSchema>;

export const adminAuditEntrySchema = z.object({
  id: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  details: z.unknown(),
  createdAt: z.string(),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;

/** Names of the actions written to the audit log. */
export const auditActions = [
  'user.role',
  'user.override',
  'user.quota',
  'promo.create',
  'promo.active',
  'contact.handled',
  'newsletter.export',
  'newsletter.delete',
  'contact.delete',
  'refund.made',
] as const;
export type AuditAction = (typeof auditActions)[number];

export const idParamSchema = z.object({ id: z.string().min(1).max(100) });

/** A payment order's id as we create it (merchant_oid: PayTR allows letters and digits only). */
export const orderParamSchema = z.object({ oid: z.string().regex(/^[A-Za-z0-9]{1,64}$/) });

/** Marking a refund as made: where the money went back (the PayTR panel's reference or a note). */
export const refundMadeSchema = z.object({
  reference: z.string().trim().min(1, tr.billing.refundReferenceRequired).max(200),
});

/** A paid order the server could not honour, as the İadeler tab lists it. */
export const adminRefundSchema = z.object({
  merchantOid: z.string(),
  email: z.string(),
  userId: z.string().nullable(),
  kind: z.enum(['subscription', 'addon']),
  planType: z.string().nullable(),
  billingCycle: z.string().nullable(),
  amount: z.number().int(),
  collected: z.number().int().nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type AdminRefund = z.infer<typeof adminRefundSchema>;

export const adminRefundListSchema = z.object({
  success: z.literal(true),
  orders: z.array(adminRefundSchema),
});
export const refundMadeResponseSchema = z.object({
  success: z.literal(true),
  order: adminRefundSchema,
  message: z.string(),
});
export const adminAuditLogSchema = z.object({ entries: z.array(adminAuditEntrySchema) });

/** The answers of the admin console's writes and lists (each route declares its answer). */
export const adminUserPatchResponseSchema = z.object({ role: roleSchema, overrideAllAccess: z.boolean() });
export const adminQuotaAdjustResponseSchema = z.object({
  extraQuota: z.number().int(),
  planQuota: z.number().int(),
  used: z.number().int(),
});
export const adminPromoListSchema = z.object({ promoCodes: z.array(adminPromoSchema) });
export const promoCreatedSchema = z.object({ id: z.string(), code: z.string() });
export const promoPatchResponseSchema = z.object({ id: z.string(), active: z.boolean() });
export const adminContactMessageListSchema = z.object({ messages: z.array(adminContactMessageSchema) });
export const contactPatchResponseSchema = z.object({ id: z.string(), handled: z.boolean() });
export const adminSubscriberListSchema = z.object({ subscribers: z.array(adminSubscriberSchema) });
export const deletedResponseSchema = z.object({ id: z.string(), deleted: z.boolean() });
