import type { AuditAction } from '../../../../contract/admin.schema';
import type { UserRow } from '../../repositories/user.repository';
import type { AdminDeps, AdminRepos } from '../admin.service';

/** Writes an admin action's audit entry inside the action's transaction (admin.service.ts `record`). */
export type AuditRecorder = (
  tx: AdminRepos,
  actor: UserRow,
  action: AuditAction,
  target: { type: string; id: string },
  details: Record<string, unknown>,
) => Promise<void>;

export type { AdminDeps };

export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** A payment order as the admin console shows it (user detail and promo usage). */
export function paymentView(p: {
  merchantOid: string;
  kind: string;
  planType: string | null;
  billingCycle: string | null;
  addonPhotos: number | null;
  amountKurus: number;
  discountKurus: number;
  status: string;
  provider: string;
  createdAt: Date;
  completedAt: Date | null;
}) {
  return {
    merchantOid: p.merchantOid,
    kind: p.kind,
    planType: p.planType,
    billingCycle: p.billingCycle,
    addonPhotos: p.addonPhotos,
    amountKurus: p.amountKurus,
    discountKurus: p.discountKurus,
    status: p.status,
    provider: p.provider,
    createdAt: p.createdAt.toISOString(),
    completedAt: iso(p.completedAt),
  };
}
