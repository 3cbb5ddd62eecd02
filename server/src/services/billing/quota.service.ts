import { randomUUID } from 'node:crypto';
import { plans } from '../../../../contract/plans';
import type { QuotaStatus } from '../../../../contract/billing.schema';
import { AppError } from '../app-error';
import { tr } from '../../../../contract/messages.tr';
import { addMonths, type BillingRepos, type Transact } from './repos';
import type { QuotaAccountRow } from '../../repositories/quota.repository';
import { isLive } from './policy';
import { isPrivileged } from '../../../../contract/privileges';

const DAY_MS = 86_400_000;

/**
 * Makes sure the user's quota window contains `now`: monthly windows anchored on the subscription's period
 * start; a new window resets used photos and extra packs. Caller holds a transaction.
 */
export async function ensureWindow(r: BillingRepos, userId: string, now: Date): Promise<QuotaAccountRow> {
  const account = await r.quota.findForUpdate(userId);
  if (account && account.periodStart <= now && now < account.periodEnd) return account;
  const sub = await r.subscriptions.findByUser(userId);
  if (isLive(sub, now)) {
    let start = sub.periodStart;
    let months = 0;
    while (addMonths(sub.periodStart, months + 1) <= now) months += 1;
    start = addMonths(sub.periodStart, months);
    const end = addMonths(sub.periodStart, months + 1);
    return r.quota.startWindow(
      userId,
      start,
      end < sub.periodEnd ? end : sub.periodEnd,
      plans[sub.planType].photosPerMonth,
    );
  }
  return r.quota.startWindow(userId, now, new Date(now.getTime() + 30 * DAY_MS), 0);
}

/** Who asks for photos: privileged users (contract/privileges.ts) have no limit. */
export type QuotaUser = { id: string; role: string; overrideAllAccess: boolean };

/** Photo quota: status, atomic reserve/commit/release for processing, grants from packs and admins. */
export function quotaService(deps: { transact: Transact; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  return {
    async status(user: QuotaUser): Promise<QuotaStatus> {
      return deps.transact(async (r) => {
        const at = now();
        const account = await ensureWindow(r, user.id, at);
        const daysUntilReset = Math.max(0, Math.ceil((account.periodEnd.getTime() - at.getTime()) / DAY_MS));
        if (isPrivileged(user)) {
          return {
            used: account.used,
            quota: null,
            remaining: null,
            daysUntilReset,
            unlimited: true,
            reserved: account.reserved,
          };
        }
        const quota = account.planQuota + account.extraQuota;
        return {
          used: account.used,
          quota,
          remaining: Math.max(0, quota - account.used - account.reserved),
          daysUntilReset,
          unlimited: false,
          reserved: account.reserved,
        };
      });
    },

    /**
     * Holds `count` photos under `key` (e.g. a job id). The same key never holds twice, so a retried job
     * is not charged again. Privileged users get an unlimited hold. Throws 429 'Quota exceeded' when full.
     */
    async reserve(user: QuotaUser, count: number, key: string) {
      return deps.transact(async (r) => {
        const { reservation, created } = await r.quota.insertReservation({
          id: randomUUID(),
          key,
          userId: user.id,
          count,
          status: 'reserved',
          unlimited: isPrivileged(user),
        });
        if (!created) return reservation;
        if (isPrivileged(user)) return reservation;
        await ensureWindow(r, user.id, now());
        const held = await r.quota.holdIfAvailable(user.id, count);
        if (!held) {
          await r.quota.deleteReservation(reservation.id);
          // Some photos left but fewer than asked (a 5-photo studio run with 4 left): say so, not "full".
          const acct = await r.quota.find(user.id);
          const left = acct ? Math.max(0, acct.planQuota + acct.extraQuota - acct.used - acct.reserved) : 0;
          if (left > 0) {
            throw new AppError(
              'QUOTA_PARTIAL',
              429,
              tr.billing.quotaPartial(tr.account.quotaPartial(count, left)),
              {
                remaining: left,
              },
            );
          }
          throw new AppError('QUOTA_EXCEEDED', 429, tr.billing.quotaExceeded);
        }
        return reservation;
      });
    },

    /** Turns a hold into used photos; a second call for the same key changes nothing. */
    async commit(key: string): Promise<boolean> {
      return deps.transact(async (r) => {
        const settled = await r.quota.settle(key, 'committed');
        if (!settled) return false;
        if (!settled.unlimited) await r.quota.moveHeld(settled.userId, settled.count, true);
        return true;
      });
    },

    /** Gives a hold back (the work failed); a second call for the same key changes nothing. */
    async release(key: string): Promise<boolean> {
      return deps.transact(async (r) => {
        const settled = await r.quota.settle(key, 'released');
        if (!settled) return false;
        if (!settled.unlimited) await r.quota.moveHeld(settled.userId, settled.count, false);
        return true;
      });
    },

    /** Adds (or, negative, removes) extra photos to the current window: packs and admin adjustments. */
    async adjustExtra(userId: string, photos: number) {
      return deps.transact(async (r) => {
        await ensureWindow(r, userId, now());
        return r.quota.addExtra(userId, photos);
      });
    },
  };
}
export type QuotaService = ReturnType<typeof quotaService>;
