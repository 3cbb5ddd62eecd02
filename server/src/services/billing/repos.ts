import type { PaymentOrderRepository } from '../../repositories/payment-order.repository';
import type { SubscriptionRepository } from '../../repositories/subscription.repository';
import type { PromoCodeRepository } from '../../repositories/promo-code.repository';
import type { QuotaRepository } from '../../repositories/quota.repository';
import type { InvoiceRepository } from '../../repositories/invoice.repository';
import type { UserRepository } from '../../repositories/user.repository';
import type { SessionRepository } from '../../repositories/session.repository';

/** The repositories billing use cases work with, bound to one connection or transaction. */
export interface BillingRepos {
  users: UserRepository;
  sessions: SessionRepository;
  orders: PaymentOrderRepository;
  subscriptions: SubscriptionRepository;
  promos: PromoCodeRepository;
  quota: QuotaRepository;
  invoices: InvoiceRepository;
}

/** Runs `fn` in one database transaction with repositories bound to it. */
export type Transact = <T>(fn: (repos: BillingRepos) => Promise<T>) => Promise<T>;

/** Adds whole calendar months in UTC (Jan 31 + 1 month = Feb 28/29). */
export function addMonths(date: Date, months: number): Date {
  const d = new Date(date.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d;
}

export const cycleMonths = (cycle: 'monthly' | 'yearly') => (cycle === 'yearly' ? 12 : 1);
