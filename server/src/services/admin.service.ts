import { randomUUID } from 'node:crypto';
import { tr } from '../../../contract/messages.tr';
import {
  ADMIN_PAGE_SIZE,
  type AdminStats,
  type AdminUserPatch,
  type AuditAction,
} from '../../../contract/admin.schema';
import type { AdminRepository } from '../repositories/admin.repository';
import type { AuditRepository } from '../repositories/audit.repository';
import type { ContactRepository } from '../repositories/contact.repository';
import type { NewsletterRepository } from '../repositories/newsletter.repository';
import type { UserRow } from '../repositories/user.repository';
import { AppError } from './app-error';
import type { BillingRepos } from './billing/repos';
import { ensureWindow } from './billing/quota.service';
import { liveWhen } from './billing/policy';
import { adminPromos } from './admin/promos';
import { userIdentity } from './auth/public-user';
import { adminInbox } from './admin/inbox';
import { iso, paymentView, type AuditRecorder } from './admin/audit';

/** The repositories one admin action works on; the same set bound to a transaction. */
export interface AdminRepos {
  admin: AdminRepository;
  audit: AuditRepository;
  contact: ContactRepository;
  newsletter: NewsletterRepository;
}

export interface AdminDeps extends AdminRepos {
  /** Runs `fn` in one database transaction, so an action and its audit entry are written together or not at all. */
  transaction<T>(fn: (tx: AdminRepos & { billing: BillingRepos }) => Promise<T>): Promise<T>;
}

const PLAN_TYPES = ['basic', 'pro', 'business'] as const;
const QUOTA_WINDOW_MS = 30 * 24 * 60 * 60_000;

function userRow(u: UserRow, planType: string | null, subscriptionStatus: string | null) {
  return {
    ...userIdentity(u),
    role: u.role,
    overrideAllAccess: u.overrideAllAccess,
    createdAt: u.createdAt.toISOString(),
    planType,
    subscriptionStatus,
  };
}

/** Admin console use cases. Every write goes through `record`, which adds its audit-log entry. */
export function adminService(deps: AdminDeps) {
  const record: AuditRecorder = (
    tx: AdminRepos,
    actor: UserRow,
    action: AuditAction,
    target: { type: string; id: string },
    details: Record<string, unknown>,
  ) =>
    tx.audit.insert({
      id: randomUUID(),
      actorId: actor.id,
      action,
      targetType: target.type,
      targetId: target.id,
      details,
      createdAt: new Date(),
    });

  return {
    /** SPEC §3 Admin stats. */
    async stats(): Promise<AdminStats> {
      const { totalUsers, processed, plans } = await deps.admin.counts((c) => liveWhen(c, new Date()));
      const planDistribution: Record<string, number> = Object.fromEntries(PLAN_TYPES.map((p) => [p, 0]));
      let activeSubscriptions = 0;
      for (const p of plans) {
        planDistribution[p.planType] = p.n;
        activeSubscriptions += p.n;
      }
      return { totalUsers, totalProcessedImages: processed, activeSubscriptions, planDistribution };
    },

    async listUsers(q: string, page: number) {
      const { rows, total } = await deps.admin.searchUsers(q, ADMIN_PAGE_SIZE, (page - 1) * ADMIN_PAGE_SIZE);
      return {
        users: rows.map((r) => userRow(r.user, r.planType, r.subscriptionStatus)),
        total,
        page,
        pageSize: ADMIN_PAGE_SIZE,
      };
    },

    async userDetail(id: string) {
      const found = await deps.admin.userDetail(id);
      if (!found) throw new AppError('USER_NOT_FOUND', 404, tr.admin.userNotFound);
      const { user: u, subscription: s, quota: q } = found;
      return {
        user: {
          ...userRow(u, s?.planType ?? null, s?.status ?? null),
          phone: u.phone,
          companyName: u.companyName,
          taxNumber: u.taxNumber,
          marketingConsent: u.marketingConsent,
          aiDataConsent: u.aiDataConsent,
        },
        subscription: s
          ? {
              planType: s.planType,
              billingCycle: s.billingCycle,
              status: s.status,
              cancelAtPeriodEnd: s.cancelAtPeriodEnd,
              periodStart: iso(s.periodStart),
              periodEnd: iso(s.periodEnd),
            }
          : null,
        quota: q
          ? {
              planQuota: q.planQuota,
              extraQuota: q.extraQuota,
              used: q.used,
              reserved: q.reserved,
              periodStart: q.periodStart.toISOString(),
              periodEnd: q.periodEnd.toISOString(),
            }
          : null,
        payments: found.payments.map(paymentView),
        invoices: found.invoices.map((i) => ({
          id: i.id,
          number: i.number,
          serviceName: i.serviceName,
          invoiceType: i.invoiceType,
          status: i.status,
          totalKurus: i.totalKurus,
          orderDate: i.orderDate.toISOString(),
        })),
      };
    },

    /** Changes role and/or the All-Access override; an admin cannot take the admin role from themself. */
    async updateUser(actor: UserRow, id: string, patch: AdminUserPatch) {
      if (id === actor.id && patch.role !== undefined && patch.role !== 'admin') {
        throw new AppError('SELF_DEMOTE', 400, tr.admin.forbiddenSelfDemote);
      }
      return deps.transaction(async (tx) => {
        const before = (await tx.admin.userDetail(id))?.user;
        if (!before) throw new AppError('USER_NOT_FOUND', 404, tr.admin.userNotFound);
        const updated = await tx.admin.updateUser(id, patch);
        const target = { type: 'user', id };
        if (patch.role !== undefined && patch.role !== before.role) {
          await record(tx, actor, 'user.role', target, {
            email: before.email,
            from: before.role,
            to: patch.role,
          });
        }
        if (patch.overrideAllAccess !== undefined && patch.overrideAllAccess !== before.overrideAllAccess) {
          await record(tx, actor, 'user.override', target, {
            email: before.email,
            from: before.overrideAllAccess,
            to: patch.overrideAllAccess,
          });
        }
        return { role: updated!.role, overrideAllAccess: updated!.overrideAllAccess };
      });
    },

    /** Grants (or takes back) extra photos in the user's current quota window; never below zero. */
    async adjustQuota(
      actor: UserRow,
      id: string,
      amount: number,
      note: string | undefined,
      now = new Date(),
    ) {
      return deps.transaction(async (tx) => {
        const found = await tx.admin.userDetail(id);
        if (!found) throw new AppError('USER_NOT_FOUND', 404, tr.admin.userNotFound);
        // The same window rules as packs and processing (aligned with the subscription period).
        await ensureWindow(tx.billing, id, now);
        const row = await tx.admin.adjustExtraQuota(id, amount, {
          start: now,
          end: new Date(now.getTime() + QUOTA_WINDOW_MS),
        });
        if (!row) throw new AppError('QUOTA_BELOW_ZERO', 400, tr.admin.quotaBelowZero);
        await record(
          tx,
          actor,
          'user.quota',
          { type: 'user', id },
          {
            email: found.user.email,
            amount,
            extraQuota: row.extraQuota,
            ...(note ? { note } : {}),
          },
        );
        return { extraQuota: row.extraQuota, planQuota: row.planQuota, used: row.used };
      });
    },

    ...adminPromos(deps, record),
    ...adminInbox(deps, record),

    async auditLog() {
      const rows = await deps.audit.list(300);
      return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), details: r.details ?? null }));
    },
  };
}
export type AdminService = ReturnType<typeof adminService>;
