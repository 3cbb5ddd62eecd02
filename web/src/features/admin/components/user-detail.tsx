import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import { tr } from '@contract/messages.tr';
import { displayName, roleLabels } from '@contract/user-display';
import { roles, type Role } from '@contract/user.schema';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { apiErrorText } from '@/lib/api-client';
import { formatKurus } from '@/lib/format';
import { adjustQuota, adminKeys, patchUser, type AdminUserDetail } from '@/features/admin/api/admin.api';
import { fmtDateTime, QueryState, TableRegion, td, th } from './admin-ui';

const errorText = (err: unknown) => apiErrorText(err);

/** One user: profile, role and All-Access, quota grant, subscription, payments and invoices. */
export function UserDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const qc = useQueryClient();
  const detail = useQuery<AdminUserDetail>({ queryKey: adminKeys.user(id) });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [role, setRole] = useState<Role>('basic');
  const [amount, setAmount] = useState('5');
  const [note, setNote] = useState('');
  const u = detail.data?.user;

  useEffect(() => {
    if (u) setRole(u.role);
  }, [u]);
  useEffect(() => {
    // Opening a user moves focus to their panel so keyboard users do not have to hunt for it.
    if (u) headingRef.current?.focus();
  }, [u?.id]); // eslint-disable-line react-hooks/exhaustive-deps

  const refresh = () => {
    void qc.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('/api/admin/') });
  };
  const update = useMutation({
    mutationFn: (patch: { role?: Role; overrideAllAccess?: boolean }) => patchUser(id, patch),
    onSuccess: () => {
      toast.success(tr.admin.saved);
      refresh();
    },
    onError: (err) => toast.error(tr.common.error, { description: errorText(err) }),
  });
  const quota = useMutation({
    mutationFn: () => adjustQuota(id, Number(amount), note.trim() || undefined),
    onSuccess: (res) => {
      toast.success(`${tr.admin.saved}: ek kota ${res.extraQuota}`);
      setNote('');
      refresh();
    },
    onError: (err) => toast.error(tr.common.error, { description: errorText(err) }),
  });

  function onQuota(e: FormEvent) {
    e.preventDefault();
    quota.mutate();
  }

  return (
    <section
      aria-labelledby="admin-user-title"
      className="space-y-5 rounded-2xl border-2 border-brand-500/40 bg-white p-5"
      data-testid="admin-user-detail"
    >
      <QueryState isPending={detail.isPending} error={detail.error} />
      {u && detail.data && (
        <>
          <div className="flex items-start justify-between gap-3">
            <div>
              <h3 id="admin-user-title" ref={headingRef} tabIndex={-1} className="text-lg font-bold">
                {displayName(u)}
              </h3>
              <p className="text-sm text-slate-600">
                {u.email} · {u.phone ?? 'telefon yok'}{' '}
                {u.companyName ? `· ${u.companyName} (${u.taxNumber ?? '—'})` : ''}
              </p>
              <p className="text-xs text-slate-500">
                Kayıt: {fmtDateTime(u.createdAt)} · Pazarlama onayı: {u.marketingConsent ? 'var' : 'yok'} · YZ
                veri onayı: {u.aiDataConsent ? 'var' : 'yok'}
              </p>
            </div>
            <Button variant="ghost" size="sm" onClick={onClose} aria-label="Kullanıcı ayrıntılarını kapat">
              <X className="h-4 w-4" aria-hidden="true" />
            </Button>
          </div>

          <div className="grid gap-4 md:grid-cols-3">
            <div className="rounded-xl bg-slate-50 p-4">
              <Label htmlFor="admin-role">Rol</Label>
              <div className="flex gap-2">
                <select
                  id="admin-role"
                  value={role}
                  onChange={(e) => setRole(e.target.value as Role)}
                  className="h-9 flex-1 rounded-lg border border-slate-300 bg-white px-2 text-sm"
                >
                  {roles.map((r) => (
                    <option key={r} value={r}>
                      {roleLabels[r]}
                    </option>
                  ))}
                </select>
                <Button
                  size="sm"
                  variant="dark"
                  disabled={role === u.role || update.isPending}
                  onClick={() => update.mutate({ role })}
                >
                  Rolü Kaydet
                </Button>
              </div>
            </div>
            <div className="rounded-xl bg-slate-50 p-4">
              <p className="mb-1.5 text-sm font-medium text-slate-700" id="admin-override-label">
                All-Access (tüm kapılar, sınırsız kota)
              </p>
              <button
                type="button"
                role="switch"
                aria-checked={u.overrideAllAccess}
                aria-labelledby="admin-override-label"
                disabled={update.isPending}
                onClick={() => update.mutate({ overrideAllAccess: !u.overrideAllAccess })}
                className={`relative inline-flex h-7 w-12 items-center rounded-full transition-colors ${u.overrideAllAccess ? 'bg-emerald-600' : 'bg-slate-400'}`}
                data-testid="admin-override-toggle"
              >
                <span
                  className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform ${u.overrideAllAccess ? 'translate-x-6' : 'translate-x-1'}`}
                />
              </button>
              <span className="ml-2 text-sm">{u.overrideAllAccess ? 'Açık' : 'Kapalı'}</span>
            </div>
            <form onSubmit={onQuota} className="rounded-xl bg-slate-50 p-4">
              <Label htmlFor="admin-quota-amount">Ek fotoğraf kotası (eksi değer geri alır)</Label>
              <div className="flex gap-2">
                <Input
                  id="admin-quota-amount"
                  type="number"
                  step={1}
                  min={-1000}
                  max={1000}
                  value={amount}
                  onChange={(e) => setAmount(e.target.value)}
                  className="h-9"
                />
                <Button size="sm" type="submit" variant="dark" disabled={quota.isPending}>
                  Uygula
                </Button>
              </div>
              <Label htmlFor="admin-quota-note" className="mt-2">
                Not (isteğe bağlı)
              </Label>
              <Input
                id="admin-quota-note"
                value={note}
                onChange={(e) => setNote(e.target.value)}
                maxLength={200}
                className="h-9"
              />
            </form>
          </div>

          <div className="grid gap-4 md:grid-cols-2">
            <div className="rounded-xl border border-slate-200 p-4 text-sm">
              <h4 className="font-semibold">Abonelik</h4>
              {detail.data.subscription ? (
                <p className="mt-1">
                  {detail.data.subscription.planType} · {detail.data.subscription.billingCycle} ·{' '}
                  {detail.data.subscription.status}
                  {detail.data.subscription.cancelAtPeriodEnd ? ' · dönem sonunda iptal' : ''}
                  <br />
                  Bitiş: {fmtDateTime(detail.data.subscription.periodEnd)}
                </p>
              ) : (
                <p className="mt-1 text-slate-500">Abonelik yok</p>
              )}
            </div>
            <div className="rounded-xl border border-slate-200 p-4 text-sm">
              <h4 className="font-semibold">Kota</h4>
              {detail.data.quota ? (
                <p className="mt-1" data-testid="admin-user-quota">
                  Plan: {detail.data.quota.planQuota} · Ek: {detail.data.quota.extraQuota} · Kullanılan:{' '}
                  {detail.data.quota.used}
                  <br />
                  Dönem sonu: {fmtDateTime(detail.data.quota.periodEnd)}
                </p>
              ) : (
                <p className="mt-1 text-slate-500">Kota hesabı yok</p>
              )}
            </div>
          </div>

          <HistoryTable
            title="Ödemeler"
            empty="Ödeme yok"
            items={detail.data.payments}
            rowKey={(p) => p.merchantOid}
            columns={[
              { head: 'Sipariş', cell: (p) => p.merchantOid },
              {
                head: 'Tür',
                cell: (p) =>
                  p.kind === 'addon' ? `Ek paket +${p.addonPhotos}` : `${p.planType} ${p.billingCycle}`,
              },
              {
                head: 'Tutar',
                cell: (p) => (
                  <>
                    {formatKurus(p.amountKurus)}
                    {p.discountKurus > 0 && (
                      <span className="text-slate-500"> (−{formatKurus(p.discountKurus)})</span>
                    )}
                  </>
                ),
              },
              { head: 'Durum', cell: (p) => p.status },
              { head: 'Tarih', cell: (p) => fmtDateTime(p.createdAt) },
            ]}
          />
          <HistoryTable
            title="Faturalar"
            empty="Fatura yok"
            items={detail.data.invoices}
            rowKey={(i) => i.id}
            columns={[
              { head: 'No', cell: (i) => i.number },
              { head: 'Hizmet', cell: (i) => i.serviceName },
              { head: 'Tür', cell: (i) => i.invoiceType },
              { head: 'Tutar', cell: (i) => formatKurus(i.totalKurus) },
              { head: 'Durum', cell: (i) => i.status },
              { head: 'Tarih', cell: (i) => fmtDateTime(i.orderDate) },
            ]}
          />
        </>
      )}
    </section>
  );
}

/** A titled table of one kind of history (payments, invoices), or a line saying there is none. */
function HistoryTable<T>({
  title,
  empty,
  items,
  rowKey,
  columns,
}: {
  title: string;
  empty: string;
  items: T[];
  rowKey: (item: T) => string;
  columns: { head: string; cell: (item: T) => ReactNode }[];
}) {
  return (
    <div>
      <h4 className="mb-2 font-semibold">{title}</h4>
      {items.length === 0 ? (
        <p className="text-sm text-slate-500">{empty}</p>
      ) : (
        <TableRegion label={title}>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.head} className={th}>
                  {c.head}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={rowKey(item)}>
                {columns.map((c) => (
                  <td key={c.head} className={td}>
                    {c.cell(item)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </TableRegion>
      )}
    </div>
  );
}
