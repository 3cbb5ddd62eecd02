import { randomUUID } from 'node:crypto';
import { tr } from '../../../../contract/messages.tr';
import type { UserRow } from '../../repositories/user.repository';
import { AppError } from '../app-error';
import { iso, paymentView, type AdminDeps, type AuditRecorder } from './audit';

/** Promo codes in the admin console: list with paid use, create, switch on and off, who used one. */
export function adminPromos(deps: AdminDeps, record: AuditRecorder) {
  return {
    async listPromos() {
      const rows = await deps.admin.listPromos();
      return rows.map(({ promo: p, paidOrders, discountKurus }) => ({
        id: p.id,
        code: p.code,
        kind: p.kind,
        value: p.value,
        planType: p.planType,
        validUntil: iso(p.validUntil),
        maxUses: p.maxUses,
        uses: p.uses,
        active: p.active,
        createdAt: p.createdAt.toISOString(),
        paidOrders,
        discountKurus,
      }));
    },

    async createPromo(
      actor: UserRow,
      input: {
        code: string;
        kind: 'percent' | 'amount';
        value: number;
        planType: 'basic' | 'pro' | 'business' | null;
        validUntil: string | null;
        maxUses: number | null;
      },
    ) {
      return deps.transaction(async (tx) => {
        if (await tx.admin.findPromoByCode(input.code)) {
          throw new AppError('PROMO_EXISTS', 409, tr.admin.promoExists);
        }
        const created = await tx.admin.insertPromo({
          id: randomUUID(),
          code: input.code,
          kind: input.kind,
          value: input.value,
          planType: input.planType,
          validUntil: input.validUntil ? new Date(input.validUntil) : null,
          maxUses: input.maxUses,
        });
        await record(tx, actor, 'promo.create', { type: 'promo', id: created.id }, { ...input });
        return { id: created.id, code: created.code };
      });
    },

    async setPromoActive(actor: UserRow, id: string, active: boolean) {
      return deps.transaction(async (tx) => {
        const row = await tx.admin.setPromoActive(id, active);
        if (!row) throw new AppError('PROMO_NOT_FOUND', 404, tr.admin.promoNotFound);
        await record(tx, actor, 'promo.active', { type: 'promo', id }, { code: row.code, active });
        return { id: row.id, active: row.active };
      });
    },

    async promoUsage(id: string) {
      const orders = await deps.admin.promoOrders(id);
      return {
        orders: orders.map((p) => ({ ...paymentView(p), email: p.email })),
      };
    },
  };
}
