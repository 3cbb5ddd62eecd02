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
