import type {
  AdminAuditEntry,
  AdminContactMessage,
  AdminPromo,
  AdminRefund,
  AdminStats,
  AdminSubscriber,
  AdminUserDetail,
  AdminUserList,
  AdminUserPatch,
  PromoCreate,
} from '@contract/admin.schema';
import { apiRequest } from '@/lib/api-client';

/** Query keys: the first element is the URL the default query function GETs (SPEC §7). */
export const adminKeys = {
  stats: ['/api/admin/stats'] as const,
  users: (q: string, page: number) =>
    [`/api/admin/users?${new URLSearchParams({ q, page: String(page) })}`] as const,
  user: (id: string) => [`/api/admin/users/${encodeURIComponent(id)}`] as const,
  promos: ['/api/admin/promo-codes'] as const,
  promoUsage: (id: string) => [`/api/admin/promo-codes/${encodeURIComponent(id)}/usage`] as const,
  messages: ['/api/admin/contact-messages'] as const,
  newsletter: ['/api/admin/newsletter'] as const,
  audit: ['/api/admin/audit-log'] as const,
  refunds: ['/api/admin/refunds'] as const,
};

export type {
  AdminStats,
  AdminUserList,
  AdminUserDetail,
  AdminAuditEntry,
  AdminContactMessage,
  AdminSubscriber,
  AdminPromo,
  AdminRefund,
};
export type PromoUsage = { orders: (AdminUserDetail['payments'][number] & { email: string })[] };

export const patchUser = (id: string, body: AdminUserPatch) =>
  apiRequest<{ role: string; overrideAllAccess: boolean }>(
    'PATCH',
    `/api/admin/users/${encodeURIComponent(id)}`,
    body,
  );
export const adjustQuota = (id: string, amount: number, note?: string) =>
  apiRequest<{ extraQuota: number }>('POST', `/api/admin/users/${encodeURIComponent(id)}/quota`, {
    amount,
    note,
  });
export const createPromo = (body: PromoCreate) =>
  apiRequest<{ id: string; code: string }>('POST', '/api/admin/promo-codes', body);
export const setPromoActive = (id: string, active: boolean) =>
  apiRequest('PATCH', `/api/admin/promo-codes/${encodeURIComponent(id)}`, { active });
export const setMessageHandled = (id: string, handled: boolean) =>
  apiRequest('PATCH', `/api/admin/contact-messages/${encodeURIComponent(id)}`, { handled });
export const deleteMessage = (id: string) =>
  apiRequest('DELETE', `/api/admin/contact-messages/${encodeURIComponent(id)}`);
export const deleteSubscriber = (id: string) =>
  apiRequest('DELETE', `/api/admin/newsletter/${encodeURIComponent(id)}`);
export const markRefundMade = (oid: string, reference: string) =>
  apiRequest<{ message: string }>('POST', `/api/admin/refunds/${encodeURIComponent(oid)}/refunded`, {
    reference,
  });
export const NEWSLETTER_CSV_URL = '/api/admin/newsletter.csv';
