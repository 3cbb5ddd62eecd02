import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { tr } from '@contract/messages.tr';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { apiErrorText } from '@/lib/api-client';
import { formatKurus } from '@/lib/format';
import {
  adminKeys,
  createPromo,
  setPromoActive,
  type AdminPromo,
  type PromoUsage,
} from '@/features/admin/api/admin.api';
import { fmtDateTime, Panel, QueryState, TableRegion, td, th } from './admin-ui';

const selectClass = 'h-11 w-full rounded-lg border border-slate-300 bg-white px-2 text-sm';
const t = tr.admin.promo;
const errorText = (err: unknown) => apiErrorText(err);

function Usage({ id }: { id: string }) {
  const usage = useQuery<PromoUsage>({ queryKey: adminKeys.promoUsage(id) });
  if (!usage.data) return <QueryState isPending={usage.isPending} error={usage.error} />;
  if (usage.data.orders.length === 0) return <p className="text-sm text-slate-500">{t.unused}</p>;
  return (
    <ul className="space-y-1 text-sm">
      {usage.data.orders.map((o) => (
        <li key={o.merchantOid}>
          {o.email} · {o.planType ?? o.kind} · {formatKurus(o.amountKurus)} (−{formatKurus(o.discountKurus)})
          · {o.status} · {fmtDateTime(o.createdAt)}
        </li>
      ))}
    </ul>
  );
}

export function PromoPanel() {
  const qc = useQueryClient();
  const promos = useQuery<{ promoCodes: AdminPromo[] }>({ queryKey: adminKeys.promos });
  const [form, setForm] = useState({
    code: '',
    kind: 'percent',
    value: '10',
    planType: 'pro',
    maxUses: '',
    validUntil: '',
  });
  const [openUsage, setOpenUsage] = useState<string | null>(null);
  const refresh = () =>
    qc.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('/api/admin/') });

  const create = useMutation({
    mutationFn: () =>
      createPromo({
        code: form.code,
        kind: form.kind as 'percent' | 'amount',
        // The amount kind is typed in TL and stored in kuruş.
        value: form.kind === 'amount' ? Math.round(Number(form.value) * 100) : Number(form.value),
        planType: form.planType ? (form.planType as 'basic' | 'pro' | 'business') : null,
        maxUses: form.maxUses ? Number(form.maxUses) : null,
        validUntil: form.validUntil ? new Date(`${form.validUntil}T23:59:59+03:00`).toISOString() : null,
      }),
    onSuccess: (res) => {
      toast.success(t.created(res.code));
      setForm((f) => ({ ...f, code: '' }));
      void refresh();
    },
    onError: (err) => toast.error(tr.common.error, { description: errorText(err) }),
  });
  const toggle = useMutation({
    mutationFn: (p: { id: string; active: boolean }) => setPromoActive(p.id, p.active),
    onSuccess: () => void refresh(),
    onError: (err) => toast.error(tr.common.error, { description: errorText(err) }),
  });
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));

  function onCreate(e: FormEvent) {
    e.preventDefault();
    create.mutate();
  }

  return (
    <Panel title={t.title}>
      <form
        onSubmit={onCreate}
        className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-3 lg:grid-cols-7"
        aria-label={t.newCode}
      >
        <div className="lg:col-span-2">
          <Label htmlFor="promo-code">{t.code}</Label>
          <Input id="promo-code" value={form.code} onChange={set('code')} required placeholder="YAZ25" />
        </div>
        <div>
          <Label htmlFor="promo-kind">{t.kind}</Label>
          <select id="promo-kind" value={form.kind} onChange={set('kind')} className={selectClass}>
            <option value="percent">{t.kindPercent}</option>
            <option value="amount">{t.kindAmount}</option>
          </select>
        </div>
        <div>
          <Label htmlFor="promo-value">{t.value}</Label>
          <Input id="promo-value" type="number" min={1} value={form.value} onChange={set('value')} required />
        </div>
        <div>
          <Label htmlFor="promo-plan">{t.plan}</Label>
          <select id="promo-plan" value={form.planType} onChange={set('planType')} className={selectClass}>
            <option value="pro">{t.planPro}</option>
            <option value="basic">{t.planBasic}</option>
            <option value="business">{t.planBusiness}</option>
            <option value="">{t.allPlans}</option>
          </select>
        </div>
        <div>
          <Label htmlFor="promo-max">{t.maxUses}</Label>
          <Input
            id="promo-max"
            type="number"
            min={1}
            value={form.maxUses}
            onChange={set('maxUses')}
            placeholder={t.unlimited}
          />
        </div>
        <div>
          <Label htmlFor="promo-until">{t.validUntil}</Label>
          <Input id="promo-until" type="date" value={form.validUntil} onChange={set('validUntil')} />
        </div>
        <div className="sm:col-span-3 lg:col-span-7">
          <Button type="submit" variant="dark" disabled={create.isPending}>
            <Plus className="h-4 w-4" aria-hidden="true" /> {t.create}
          </Button>
        </div>
      </form>
      <QueryState isPending={promos.isPending} error={promos.error} />
      {promos.data && (
        <TableRegion label={t.list}>
          <thead>
            <tr>
              <th className={th}>{t.code}</th>
              <th className={th}>{t.discount}</th>
              <th className={th}>{t.plan}</th>
              <th className={th}>{t.uses}</th>
              <th className={th}>{t.validUntil}</th>
              <th className={th}>{t.status}</th>
              <th className={th}>
                <span className="sr-only">{t.actions}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {promos.data.promoCodes.map((p) => (
              <tr key={p.id} data-testid="admin-promo-row">
                <td className={`${td} font-mono font-semibold`}>{p.code}</td>
                <td className={td}>{p.kind === 'percent' ? `%${p.value}` : formatKurus(p.value)}</td>
                <td className={td}>{p.planType ?? t.allPlansShort}</td>
                <td className={td}>
                  {p.uses}
                  {p.maxUses ? ` / ${p.maxUses}` : ''} · {t.payments(p.paidOrders)}, −
                  {formatKurus(p.discountKurus)}
                  {openUsage === p.id && (
                    <div className="mt-2">
                      <Usage id={p.id} />
                    </div>
                  )}
                </td>
                <td className={td}>{p.validUntil ? fmtDateTime(p.validUntil) : '—'}</td>
                <td className={td}>
                  {p.active ? <Badge tone="green">{t.active}</Badge> : <Badge>{t.inactive}</Badge>}
                </td>
                <td className={`${td} whitespace-nowrap`}>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-expanded={openUsage === p.id}
                    onClick={() => setOpenUsage(openUsage === p.id ? null : p.id)}
                  >
                    {t.uses}
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => toggle.mutate({ id: p.id, active: !p.active })}
                    aria-label={`${p.active ? t.deactivate : t.activate}: ${p.code}`}
                  >
                    {p.active ? t.deactivate : t.activate}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </TableRegion>
      )}
    </Panel>
  );
}
