import { useQuery } from '@tanstack/react-query';
import { tr } from '@contract/messages.tr';
import { adminKeys, type AdminStats } from '@/features/admin/api/admin.api';
import { Panel, QueryState } from './admin-ui';

const t = tr.admin.panels.stats;
const planLabels: Record<string, string> = {
  basic: tr.admin.promo.planBasic,
  pro: tr.admin.promo.planPro,
  business: tr.admin.promo.planBusiness,
};
const planColors: Record<string, string> = { basic: '#94a3b8', pro: '#f59e0b', business: '#0f172a' };

/** Bar chart of active subscriptions per plan, drawn as SVG; the numbers are also in the accessible name. */
export function PlanChart({ distribution }: { distribution: Record<string, number> }) {
  const entries = Object.entries(distribution);
  const max = Math.max(1, ...entries.map(([, n]) => n));
  const barH = 28;
  const gap = 14;
  const labelW = 96;
  const width = 420;
  const height = entries.length * (barH + gap);
  const summary = entries.map(([p, n]) => `${planLabels[p] ?? p}: ${n}`).join(', ');
  return (
    <figure className="rounded-xl border border-slate-200 bg-white p-4">
      <figcaption className="mb-3 font-semibold">{t.planChart}</figcaption>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        className="h-auto w-full max-w-xl"
        role="img"
        aria-label={t.planChartLabel(summary)}
        data-testid="plan-chart"
      >
        {entries.map(([plan, n], i) => {
          const y = i * (barH + gap);
          const w = ((width - labelW - 40) * n) / max;
          return (
            <g key={plan}>
              <text x={0} y={y + barH * 0.68} fontSize="16" fill="#334155">
                {planLabels[plan] ?? plan}
              </text>
              <rect x={labelW} y={y} width={width - labelW - 40} height={barH} rx={6} fill="#f1f5f9" />
              <rect
                x={labelW}
                y={y}
                width={Math.max(n > 0 ? 4 : 0, w)}
                height={barH}
                rx={6}
                fill={planColors[plan] ?? '#64748b'}
              />
              <text
                x={labelW + Math.max(w, 0) + 8}
                y={y + barH * 0.68}
                fontSize="16"
                fontWeight="600"
                fill="#0f172a"
              >
                {n}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}

export function StatsPanel() {
  const stats = useQuery<AdminStats>({ queryKey: adminKeys.stats, refetchInterval: 60_000 });
  const s = stats.data;
  const tiles = s
    ? [
        [t.totalUsers, s.totalUsers],
        [t.processedImages, s.totalProcessedImages],
        [t.activeSubscriptions, s.activeSubscriptions],
        [t.planTypes, Object.keys(s.planDistribution).length],
      ]
    : [];
  return (
    <Panel title={t.title}>
      <QueryState isPending={stats.isPending} error={stats.error} />
      {s && (
        <>
          <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4" data-testid="admin-stats">
            {tiles.map(([label, value]) => (
              <div key={label} className="rounded-xl border border-slate-200 bg-white p-4">
                <dt className="text-sm text-slate-500">{label}</dt>
                <dd className="mt-1 text-3xl font-bold">{value}</dd>
              </div>
            ))}
          </dl>
          <PlanChart distribution={s.planDistribution} />
          <p className="text-xs text-slate-500">Veriler 60 saniyede bir yenilenir.</p>
        </>
      )}
    </Panel>
  );
}
