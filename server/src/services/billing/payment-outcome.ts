import { createHash } from 'node:crypto';
import { tr } from '../../../../contract/messages.tr';
import { AppError } from '../app-error';
import type { ClientInfo } from '../auth.service';
import type { OrderRow } from '../../repositories/payment-order.repository';
import type { UserRow } from '../../repositories/user.repository';
import type { BillingLog } from './billing-types';
import type { CheckoutDeps } from './checkout.service';

const m = tr.billing;

/** The paying browser is recognised by a random value in its cookie; only its hash is stored. */
export const hashBinding = (value: string) => createHash('sha256').update(value).digest('hex');

/** Money for the order was handled already (applied, held for refund, or refunded): a repeat changes nothing. */
const isSettled = (order: OrderRow) =>
  order.status === 'paid' || order.status === 'refund_due' || order.status === 'refunded';

/** What the paying browser is told about its order in each state. */
const statusMessage: Record<OrderRow['status'], string> = {
  paid: m.paymentConfirmed,
  pending: m.paymentPending,
  failed: m.paymentFailed,
  expired: m.orderExpired,
  refund_due: m.refundDue,
  refunded: m.refunded,
};

/** What happens after the card form: the provider's notification, and the paying browser's view of it. */
export function paymentOutcomes(deps: CheckoutDeps, now: () => Date) {
  return {
    /**
     * The provider's notification: the adapter verifies its signature over the raw fields; then the order is
     * applied once under its row lock. Only the order id, status and collected amount come from the body;
     * what is granted comes from our own order.
     */
    async handleCallback(
      fields: Record<string, string | undefined>,
      log: BillingLog = deps.log,
    ): Promise<'OK'> {
      const notice = deps.provider.verifyCallback(fields);
      if (!notice) {
        log.warn({ oid: fields.merchant_oid }, 'payment callback with a bad signature refused');
        throw new AppError('BAD_HASH', 400, 'PAYTR notification failed: bad hash');
      }
      const oid = notice.merchantOid;
      await deps.transact(async (r) => {
        const order = await r.orders.findForUpdate(oid);
        if (!order) {
          log.error(
            { oid, status: notice.status, totalKurus: notice.totalKurus },
            'payment callback for an unknown order',
          );
          return;
        }
        if (isSettled(order)) {
          log.info({ oid, status: order.status }, 'payment callback repeated: already settled');
          return;
        }
        if (notice.status === 'success') {
          await deps.subscriptions.applyPaid(r, order, notice, log);
        } else if (order.status === 'pending') {
          await r.orders.update(oid, {
            status: 'failed',
            completedAt: now(),
            failedReason: notice.failedReason,
          });
          log.info({ oid, reason: notice.failedReason }, 'payment declined');
        }
      });
      return 'OK';
    },

    /** The order's state for the browser that owns it (signed-in owner, or the starting browser's binding). */
    async confirm(oid: string, viewer: UserRow | null, binding: string | undefined, waitMs = 5000) {
      const deadline = Date.now() + waitMs;
      for (;;) {
        const result = await deps.transact(async (r) => {
          const order = await r.orders.find(oid);
          const owns =
            order &&
            ((viewer && order.userId === viewer.id) ||
              (binding && order.browserBindingHash === hashBinding(binding)));
          if (!order || !owns) throw new AppError('NOT_FOUND', 404, m.orderNotFound);
          const subscription = order.userId ? await deps.subscriptions.viewOf(r, order.userId) : null;
          return { order, subscription };
        });
        const { order } = result;
        if (order.status !== 'pending' || Date.now() >= deadline) {
          return {
            success: order.status === 'paid',
            status: order.status,
            subscription: result.subscription,
            message: statusMessage[order.status],
          };
        }
        await new Promise((res) => setTimeout(res, 250));
      }
    },

    /**
     * Signs in the browser that started a paid order, once. `retry` tells the page to ask again while the
     * callback has not arrived yet.
     */
    async autoLogin(oid: string, binding: string | undefined, client: ClientInfo) {
      const at = now();
      const outcome = await deps.transact(async (r) => {
        const order = await r.orders.find(oid);
        if (!order) return { success: false, retry: false, message: m.orderNotFound } as const;
        if (!binding || order.browserBindingHash !== hashBinding(binding)) {
          return { success: false, retry: false, message: m.autoLoginOtherBrowser } as const;
        }
        if (order.status === 'pending') {
          if (order.expiresAt <= at)
            return { success: false, retry: false, message: m.orderExpired } as const;
          return { success: false, retry: true, message: m.paymentPending } as const;
        }
        if (order.status !== 'paid' || !order.userId) {
          return { success: false, retry: false, message: statusMessage[order.status] } as const;
        }
        if (!(await r.orders.claimAutoLogin(oid, at))) {
          return { success: false, retry: false, message: m.autoLoginUsed } as const;
        }
        const user = await r.users.findById(order.userId);
        return { success: true, user: user! } as const;
      });
      if (!outcome.success) return outcome;
      const session = await deps.auth.createSession(outcome.user.id, client);
      return { success: true as const, user: outcome.user, token: session.token, retry: false };
    },
  };
}
