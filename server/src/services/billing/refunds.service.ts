import { randomUUID } from 'node:crypto';
import { tr } from '../../../../contract/messages.tr';
import type { AdminRefund } from '../../../../contract/admin.schema';
import { formatTl } from '../../../../contract/plans';
import { AppError } from '../app-error';
import type { AuditRepository } from '../../repositories/audit.repository';
import type { OrderRow, PaymentOrderRepository } from '../../repositories/payment-order.repository';
import type { UserRow } from '../../repositories/user.repository';
import type { BillingLog } from './billing-types';

const m = tr.billing;

/** What one refund action works on, bound to one transaction: the order and its audit entry commit together. */
export interface RefundRepos {
  orders: PaymentOrderRepository;
  audit: AuditRepository;
}

export interface RefundDeps {
  transaction<T>(fn: (tx: RefundRepos) => Promise<T>): Promise<T>;
  log: BillingLog;
}

const toRefundView = (o: OrderRow): AdminRefund => ({
  merchantOid: o.merchantOid,
  email: o.email,
  userId: o.userId,
  kind: o.kind,
  planType: o.planType,
  billingCycle: o.billingCycle,
  amount: o.amountKurus,
  collected: o.callbackTotalKurus,
  reason: o.failedReason,
  createdAt: o.createdAt.toISOString(),
  completedAt: o.completedAt?.toISOString() ?? null,
});

/**
 * Paid orders the server could not honour (ADR 0001) and the admins' record that their money went back.
 * The refund itself is made in PayTR's panel (protocols.md §1.6 is not wired): this records who said it
 * was made, when, and with which reference, so the list shows only what is still owed.
 */
export function refundsService(deps: RefundDeps) {
  return {
    /** Orders waiting for a refund, newest first. */
    due: () => deps.transaction(async (tx) => (await tx.orders.refundDue()).map(toRefundView)),

    /**
     * Marks a refund_due order refunded. Only an order waiting for a refund can be marked, once: the
     * update itself checks the status, so two admins clicking at once record one refund.
     */
    async markMade(admin: UserRow, oid: string, reference: string, log: BillingLog = deps.log) {
      const order = await deps.transaction(async (tx) => {
        const marked = await tx.orders.markRefunded(oid);
        if (!marked) {
          const found = await tx.orders.find(oid);
          if (!found) throw new AppError('NOT_FOUND', 404, m.orderNotFound);
          if (found.status === 'refunded')
            throw new AppError('REFUND_ALREADY_MADE', 409, m.refundAlreadyMade);
          throw new AppError('REFUND_NOT_DUE', 409, m.refundNotDue);
        }
        await tx.audit.insert({
          id: randomUUID(),
          actorId: admin.id,
          action: 'refund.made',
          targetType: 'payment_order',
          targetId: oid,
          details: {
            amount: marked.callbackTotalKurus ?? marked.amountKurus,
            amountText: formatTl(marked.callbackTotalKurus ?? marked.amountKurus),
            reason: marked.failedReason,
            reference,
          },
          createdAt: new Date(),
        });
        return marked;
      });
      log.info(
        {
          oid,
          adminId: admin.id,
          amountKurus: order.callbackTotalKurus ?? order.amountKurus,
          reason: order.failedReason,
          reference,
        },
        'refund marked as made',
      );
      return { success: true as const, order: toRefundView(order), message: m.refundMarked };
    },
  };
}
export type RefundsService = ReturnType<typeof refundsService>;
