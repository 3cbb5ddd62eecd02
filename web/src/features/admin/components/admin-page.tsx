import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import { tr } from '@contract/messages.tr';
import { cn } from '@/lib/cn';
import { AuditPanel, MessagesPanel, NewsletterPanel } from './inbox-panels';
import { PromoPanel } from './promo-panel';
import { RefundsPanel } from './refunds-panel';
import { StatsPanel } from './stats-panel';
import { UsersPanel } from './users-panel';

const tabLabels = tr.admin.panels.tabs;
const tabs = [
  { id: 'overview', label: tabLabels.overview, Panel: StatsPanel },
  { id: 'users', label: tabLabels.users, Panel: UsersPanel },
  { id: 'promo', label: tabLabels.promo, Panel: PromoPanel },
  { id: 'messages', label: tabLabels.messages, Panel: MessagesPanel },
  { id: 'newsletter', label: tabLabels.newsletter, Panel: NewsletterPanel },
  { id: 'audit', label: tabLabels.audit, Panel: AuditPanel },
  { id: 'refunds', label: tr.billing.refundsTab, Panel: RefundsPanel },
] as const;
type TabId = (typeof tabs)[number]['id'];

/**
 * The admin console (/admin). The route guard keeps non-admins out; the server checks the role again on
 * every call. Tabs follow the WAI-ARIA tabs pattern (arrow keys, Home/End); the tab is kept in ?tab=.
 */
export default function AdminPage() {
  const [params, setParams] = useSearchParams();
  const current = (tabs.find((t) => t.id === params.get('tab'))?.id ?? 'overview') as TabId;
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});

  useEffect(() => {
    document.title = `${tr.admin.title} | ${tr.brand.name}`;
  }, []);

  const select = (id: TabId, focus = false) => {
    setParams(id === 'overview' ? {} : { tab: id }, { replace: true });
    if (focus) refs.current[id]?.focus();
  };
  const onKey = (e: KeyboardEvent) => {
    const i = tabs.findIndex((t) => t.id === current);
    const next =
      e.key === 'ArrowRight'
        ? (i + 1) % tabs.length
        : e.key === 'ArrowLeft'
          ? (i - 1 + tabs.length) % tabs.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? tabs.length - 1
              : -1;
    if (next < 0) return;
    e.preventDefault();
    select(tabs[next].id, true);
  };
  const active = tabs.find((t) => t.id === current)!;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6" data-testid="admin">
      <h1 className="text-3xl font-bold tracking-tight">{tr.admin.title}</h1>
      <div
        role="tablist"
        aria-label={tabLabels.label}
        className="mt-6 flex gap-1 overflow-x-auto border-b border-slate-200"
        onKeyDown={onKey}
      >
        {tabs.map((t) => (
          <button
            key={t.id}
            ref={(el) => {
              refs.current[t.id] = el;
            }}
            type="button"
            role="tab"
            id={`admin-tab-${t.id}`}
            aria-selected={t.id === current}
            aria-controls={`admin-panel-${t.id}`}
            tabIndex={t.id === current ? 0 : -1}
            onClick={() => select(t.id)}
            className={cn(
              '-mb-px shrink-0 border-b-2 px-4 py-2.5 text-sm font-semibold whitespace-nowrap',
              t.id === current
                ? 'border-brand-500 text-slate-900'
                : 'border-transparent text-slate-600 hover:text-slate-900',
            )}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`admin-panel-${active.id}`}
        aria-labelledby={`admin-tab-${active.id}`}
        tabIndex={0}
        className="pt-6 focus-visible:outline-none"
      >
        <active.Panel />
      </div>
    </div>
  );
}
