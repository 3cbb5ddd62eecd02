import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { tr } from '@contract/messages.tr';
import { formatTl } from '@contract/plans';
import { ApiError } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { adminKeys, markRefundMade, type AdminRefund } from '@/features/admin/api/admin.api';
import { Panel, QueryState, TableRegion, fmtDateTime, td, th } from './admin-ui';

const t = tr.billing;

/** Paid orders the server could not honour (ADR 0001): refund in the PayTR panel, then mark it made here. */
export function RefundsPanel() {
  const refunds = useQuery<{ orders: AdminRefund[] }>({
    queryKey: adminKeys.refunds,
    refetchInterval: 60_000,
  });
  const orders = refunds.data?.orders ?? [];
  return (
    <Panel title={t.refundsTitle}>
      <p className="text-sm text-slate-600">{t.refundsBody}</p>
      <QueryState isPending={refunds.isPending} error={refunds.error} />
      {refunds.data && orders.length === 0 && <p className="text-sm text-slate-500">{t.refundsEmpty}</p>}
      {orders.length > 0 && (
        <TableRegion label={t.refundsTitle}>
          <thead>
            <tr>
              <th className={th}>Sipariş</th>
              <th className={th}>E-posta</th>
              <th className={th}>Tutar</th>
              <th className={th}>Neden</th>
              <th className={th}>Tarih</th>
              <th className={th}>{t.refundReference}</th>
            </tr>
          </thead>
          <tbody data-testid="refunds">
            {orders.map((o) => (
              <tr key={o.merchantOid}>
                <td className={td}>
                  <code>{o.merchantOid}</code>
                </td>
                <td className={td}>{o.email}</td>
                <td className={td}>{formatTl(o.collected ?? o.amount)}</td>
                <td className={td}>{(o.reason && t.refundReasons[o.reason]) ?? o.reason}</td>
                <td className={td}>{fmtDateTime(o.completedAt)}</td>
                <td className={td}>
                  <MarkRefunded order={o} />
                </td>
              </tr>
            ))}
          </tbody>
        </TableRegion>
      )}
    </Panel>
  );
}

/** The reference of the refund made in PayTR's panel, and the button that records it (asks first). */
function MarkRefunded({ order }: { order: AdminRefund }) {
  const qc = useQueryClient();
  const [reference, setReference] = useState('');
  const mark = useMutation({
    mutationFn: () => markRefundMade(order.merchantOid, reference.trim()),
    onSuccess: (res) => {
      toast.success(res.message);
      void qc.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('/api/admin/') });
    },
    onError: (err) =>
      toast.error(tr.common.error, {
        description: err instanceof ApiError ? err.message : tr.common.unexpectedError,
      }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!reference.trim()) return toast.error(t.refundReferenceRequired);
    const amount = formatTl(order.collected ?? order.amount);
    if (window.confirm(t.refundMarkConfirm(order.merchantOid, amount))) mark.mutate();
  };
  return (
    <form className="flex min-w-[14rem] gap-2" onSubmit={submit}>
      <Input
        aria-label={`${t.refundReference}: ${order.merchantOid}`}
        placeholder={t.refundReferencePlaceholder}
        value={reference}
        maxLength={200}
        onChange={(e) => setReference(e.target.value)}
      />
      <Button type="submit" size="sm" variant="outline" disabled={mark.isPending}>
        {t.refundMark}
      </Button>
    </form>
  );
}
