import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { displayName, roleLabels } from '@contract/user-display';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { adminKeys, type AdminUserList } from '@/features/admin/api/admin.api';
import { fmtDateTime, Panel, QueryState, TableRegion, td, th } from './admin-ui';
import { UserDetail } from './user-detail';

export function UsersPanel() {
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string | null>(null);
  const list = useQuery<AdminUserList>({
    queryKey: adminKeys.users(q, page),
    placeholderData: keepPreviousData,
  });

  function onSearch(e: FormEvent) {
    e.preventDefault();
    setQ(draft.trim());
    setPage(1);
  }
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <Panel title="Kullanıcılar">
      <form onSubmit={onSearch} role="search" className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1">
          <Label htmlFor="admin-user-search">E-posta, ad, kullanıcı adı veya şirket</Label>
          <Input
            id="admin-user-search"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            type="search"
          />
        </div>
        <Button type="submit" variant="dark">
          <Search className="h-4 w-4" aria-hidden="true" /> Ara
        </Button>
      </form>
      <QueryState isPending={list.isPending} error={list.error} />
      {data && (
        <>
          <p className="text-sm text-slate-600" aria-live="polite">
            {data.total} kullanıcı bulundu
          </p>
          <TableRegion label="Kullanıcı listesi">
            <thead>
              <tr>
                <th className={th}>Kullanıcı</th>
                <th className={th}>Rol</th>
                <th className={th}>Abonelik</th>
                <th className={th}>Kayıt</th>
                <th className={th}>
                  <span className="sr-only">İşlem</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.users.map((u) => (
                <tr key={u.id} data-testid="admin-user-row" aria-selected={selected === u.id || undefined}>
                  <td className={td}>
                    <div className="font-medium">{displayName(u)}</div>
                    <div className="text-slate-500">{u.email}</div>
                  </td>
                  <td className={td}>
                    <span className="flex flex-wrap gap-1">
                      <Badge tone={u.role === 'admin' ? 'violet' : 'slate'}>{roleLabels[u.role]}</Badge>
                      {u.overrideAllAccess && <Badge tone="green">All-Access</Badge>}
                    </span>
                  </td>
                  <td className={td}>{u.planType ? `${u.planType} (${u.subscriptionStatus})` : '—'}</td>
                  <td className={td}>{fmtDateTime(u.createdAt)}</td>
                  <td className={td}>
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => setSelected(u.id)}
                      aria-label={`Görüntüle: ${u.email}`}
                    >
                      Görüntüle
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </TableRegion>
          <nav aria-label="Sayfalar" className="flex items-center gap-2 text-sm">
            <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              Önceki
            </Button>
            <span>
              Sayfa {page} / {pages}
            </span>
            <Button
              size="sm"
              variant="outline"
              disabled={page >= pages}
              onClick={() => setPage((p) => p + 1)}
            >
              Sonraki
            </Button>
          </nav>
        </>
      )}
      {selected && <UserDetail id={selected} onClose={() => setSelected(null)} />}
    </Panel>
  );
}
