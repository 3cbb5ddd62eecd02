import { tr } from '../../../../contract/messages.tr';
import type { UserRow } from '../../repositories/user.repository';
import { AppError } from '../app-error';
import { iso, type AdminDeps, type AuditRecorder } from './audit';

/** CSV cell: quoted, quotes doubled, and formula-leading characters neutralised for spreadsheet safety. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** 'ali.veli@example.com' -> 'a***@example.com': enough for the audit trail without keeping the erased address. */
export function maskEmail(email: string): string {
  const at = email.indexOf('@');
  return at > 0 ? `${email[0]}***${email.slice(at)}` : '***';
}

/** Contact messages and newsletter sign-ups: read, mark handled, erase on request, export. */
export function adminInbox(deps: AdminDeps, record: AuditRecorder) {
  return {
    async listMessages() {
      const rows = await deps.contact.list(500);
      return rows.map((m) => ({
        id: m.id,
        name: m.name,
        email: m.email,
        category: m.category,
        subject: m.subject,
        message: m.message,
        handled: m.handled,
        createdAt: m.createdAt.toISOString(),
      }));
    },

    async setMessageHandled(actor: UserRow, id: string, handled: boolean) {
      return deps.transaction(async (tx) => {
        const row = await tx.contact.setHandled(id, handled);
        if (!row) throw new AppError('MESSAGE_NOT_FOUND', 404, tr.admin.messageNotFound);
        await record(
          tx,
          actor,
          'contact.handled',
          { type: 'contact', id },
          { subject: row.subject, handled },
        );
        return { id: row.id, handled: row.handled };
      });
    },

    /** Erases a contact message (e.g. a KVKK md. 11 deletion request); the audit keeps no message content. */
    async deleteMessage(actor: UserRow, id: string) {
      return deps.transaction(async (tx) => {
        const row = await tx.contact.delete(id);
        if (!row) throw new AppError('MESSAGE_NOT_FOUND', 404, tr.admin.messageNotFound);
        await record(tx, actor, 'contact.delete', { type: 'contact', id }, { email: maskEmail(row.email) });
        return { id, deleted: true };
      });
    },

    /** Erases a newsletter address; the audit keeps only a masked form of it. */
    async deleteSubscriber(actor: UserRow, id: string) {
      return deps.transaction(async (tx) => {
        const row = await tx.newsletter.delete(id);
        if (!row) throw new AppError('SUBSCRIBER_NOT_FOUND', 404, tr.admin.subscriberNotFound);
        await record(
          tx,
          actor,
          'newsletter.delete',
          { type: 'newsletter', id },
          { email: maskEmail(row.email) },
        );
        return { id, deleted: true };
      });
    },

    async listSubscribers() {
      const rows = await deps.newsletter.list();
      return rows.map((s) => ({
        id: s.id,
        email: s.email,
        source: s.source,
        createdAt: s.createdAt.toISOString(),
        unsubscribedAt: iso(s.unsubscribedAt),
      }));
    },

    /** The newsletter list as CSV (UTF-8 with BOM so spreadsheet apps read Turkish letters); the export is audited. */
    async exportSubscribersCsv(actor: UserRow) {
      return deps.transaction(async (tx) => {
        const rows = await tx.newsletter.list();
        const active = rows.filter((r) => !r.unsubscribedAt);
        const lines = ['e-posta,kaynak,kayit_tarihi'].concat(
          active.map((r) => [r.email, r.source ?? '', r.createdAt.toISOString()].map(csvCell).join(',')),
        );
        await record(
          tx,
          actor,
          'newsletter.export',
          { type: 'newsletter', id: 'all' },
          { rows: active.length },
        );
        return `\uFEFF${lines.join('\r\n')}\r\n`;
      });
    },
  };
}
