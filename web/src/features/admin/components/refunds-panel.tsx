import { useQuery } from '@tanstack/react-query';
import { tr } from '../../../../../contract/messages.tr';
import { formatTl } from '../../../../../contract/plans';
import { Panel, QueryState, TableRegion, fmtDateTime, td, th } from './admin-ui';

const t = tr.billing;

interface RefundDue {
  merchantOid: string;
  email: string;
  kind: 'subscription' | 'addon';
  planType: string | null;
  amount: number;
  collected: number | null;
  reason: string | null;
  completedAt: string | null;
}

/** Paid orders the server could not honour (ADR 0001): what to refund by hand from the PayTR panel. */
export function RefundsPanel() {
  const refunds = useQuery<{ orders: RefundDue[] }>({
    queryKey: ['/api/admin/refunds'],
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
              </tr>
            ))}
          </tbody>
        </TableRegion>
      )}
    </Panel>
  );
}
