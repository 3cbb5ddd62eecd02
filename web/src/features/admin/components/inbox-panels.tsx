import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { tr } from '@contract/messages.tr';
import type { ContactCategory } from '@contract/site.schema';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClass } from '@/components/ui/button';
import {
  adminKeys,
  deleteMessage,
  deleteSubscriber,
  NEWSLETTER_CSV_URL,
  setMessageHandled,
  type AdminAuditEntry,
  type AdminContactMessage,
  type AdminSubscriber,
} from '@/features/admin/api/admin.api';
import { fmtDateTime, Panel, QueryState, TableRegion, td, th } from './admin-ui';

const refreshAdmin = (qc: QueryClient) =>
  qc.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('/api/admin/') });
const t = tr.admin.panels.inbox;
const ERASE_CONFIRM = t.eraseConfirm;

export function MessagesPanel() {
  const qc = useQueryClient();
  const messages = useQuery<{ messages: AdminContactMessage[] }>({ queryKey: adminKeys.messages });
  const handle = useMutation({
    mutationFn: (m: { id: string; handled: boolean }) => setMessageHandled(m.id, m.handled),
    onSuccess: () => refreshAdmin(qc),
  });
  const erase = useMutation({ mutationFn: deleteMessage, onSuccess: () => refreshAdmin(qc) });
  return (
    <Panel title={t.messagesTitle}>
      <QueryState isPending={messages.isPending} error={messages.error} />
      {messages.data?.messages.length === 0 && <p className="text-slate-500">{t.noMessages}</p>}
      <ul className="space-y-3">
        {messages.data?.messages.map((m) => (
          <li
            key={m.id}
            className="rounded-xl border border-slate-200 bg-white p-4"
            data-testid="admin-message"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="font-semibold">{m.subject}</h3>
              <span className="flex items-center gap-2">
                <Badge tone="brand">
                  {tr.site.contactCategories[m.category as ContactCategory] ?? m.category}
                </Badge>
                {m.handled ? <Badge tone="green">{t.answered}</Badge> : <Badge>{t.new}</Badge>}
              </span>
            </div>
            <p className="mt-1 text-sm text-slate-600">
              {m.name} ·{' '}
              <a className="underline" href={`mailto:${m.email}`}>
                {m.email}
              </a>{' '}
              · {fmtDateTime(m.createdAt)}
            </p>
            <p className="mt-2 text-sm whitespace-pre-wrap">{m.message}</p>
            <div className="mt-3 flex flex-wrap gap-2">
              <Button
                size="sm"
                variant="outline"
                onClick={() => handle.mutate({ id: m.id, handled: !m.handled })}
              >
                {m.handled ? t.markNew : t.markAnswered}
              </Button>
              <Button
                size="sm"
                variant="ghost"
                className="text-red-700 hover:bg-red-50"
                aria-label={`Sil: ${m.subject}`}
                onClick={() => window.confirm(ERASE_CONFIRM) && erase.mutate(m.id)}
              >
                Sil
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

export function NewsletterPanel() {
  const list = useQuery<{ subscribers: AdminSubscriber[] }>({ queryKey: adminKeys.newsletter });
  const qc = useQueryClient();
  const erase = useMutation({ mutationFn: deleteSubscriber, onSuccess: () => refreshAdmin(qc) });
  const active = list.data?.subscribers.filter((s) => !s.unsubscribedAt).length ?? 0;
  return (
    <Panel
      title={t.subscribersTitle}
      actions={
        // A plain link: the session cookie authenticates the download and the export is audited server-side.
        <a
          href={NEWSLETTER_CSV_URL}
          download
          className={buttonClass('dark', 'sm')}
          data-testid="newsletter-csv"
        >
          <Download className="h-4 w-4" aria-hidden="true" /> CSV olarak indir
        </a>
      }
    >
      <QueryState isPending={list.isPending} error={list.error} />
      {list.data && (
        <>
          <p className="text-sm text-slate-600">{active} aktif abone</p>
          <TableRegion label={t.subscribersTitle}>
            <thead>
              <tr>
                <th className={th}>{t.email}</th>
                <th className={th}>{t.source}</th>
                <th className={th}>{t.signedUp}</th>
                <th className={th}>{t.status}</th>
                <th className={th}>
                  <span className="sr-only">{t.action}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.subscribers.map((s) => (
                <tr key={s.id} data-testid="admin-subscriber">
                  <td className={td}>{s.email}</td>
                  <td className={td}>{s.source ?? '—'}</td>
                  <td className={td}>{fmtDateTime(s.createdAt)}</td>
                  <td className={td}>{s.unsubscribedAt ? t.left : t.active}</td>
                  <td className={td}>
                    <Button
                      size="sm"
                      variant="ghost"
                      className="text-red-700 hover:bg-red-50"
                      aria-label={`Sil: ${s.email}`}
                      onClick={() => window.confirm(ERASE_CONFIRM) && erase.mutate(s.id)}
                    >
                      Sil
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </TableRegion>
        </>
      )}
    </Panel>
  );
}

const a = tr.admin.panels.audit;
const actionLabels = a.actions;

export function AuditPanel() {
  const log = useQuery<{ entries: AdminAuditEntry[] }>({ queryKey: adminKeys.audit });
  return (
    <Panel title={a.title}>
      <QueryState isPending={log.isPending} error={log.error} />
      {log.data && (
        <TableRegion label={a.table}>
          <thead>
            <tr>
              <th className={th}>{a.time}</th>
              <th className={th}>{a.admin}</th>
              <th className={th}>{a.action}</th>
              <th className={th}>{a.detail}</th>
            </tr>
          </thead>
          <tbody>
            {log.data.entries.map((e) => (
              <tr key={e.id} data-testid="admin-audit-row">
                <td className={`${td} whitespace-nowrap`}>{fmtDateTime(e.createdAt)}</td>
                <td className={td}>{e.actorEmail ?? '—'}</td>
                <td className={td}>{actionLabels[e.action] ?? e.action}</td>
                <td className={`${td} font-mono text-xs break-all`}>{JSON.stringify(e.details)}</td>
              </tr>
            ))}
          </tbody>
        </TableRegion>
      )}
    </Panel>
  );
}
