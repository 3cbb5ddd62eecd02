import { CreditCard, LayoutDashboard, LogOut, ShieldCheck, Sparkles } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { tr } from '@contract/messages.tr';
import type { PublicUser } from '@contract/user.schema';
import { displayName, initials, roleLabels } from '@contract/user-display';
import { Badge } from '@/components/ui/badge';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/shared/auth/hooks/use-auth';

const t = tr.nav;

export function UserAvatar({ user, size = 36 }: { user: PublicUser; size?: number }) {
  if (user.profileImageUrl) {
    return (
      <img
        src={user.profileImageUrl}
        alt=""
        width={size}
        height={size}
        className="rounded-full object-cover"
        referrerPolicy="no-referrer"
      />
    );
  }
  return (
    <span
      data-testid="avatar-initials"
      style={{ width: size, height: size }}
      className="inline-flex items-center justify-center rounded-full bg-ink-900 text-sm font-bold text-brand-400"
    >
      {initials(user)}
    </span>
  );
}

/** The signed-in avatar menu of SPEC §2 Top navigation. */
export function UserMenu({ user }: { user: PublicUser }) {
  const { logout } = useAuth();
  const navigate = useNavigate();
  const name = displayName(user);

  const onLogout = (e: Event) => {
    e.preventDefault(); // keep the menu open so the pending label is visible
    logout.mutate(undefined, {
      onSuccess: () => {
        toast.success(tr.auth.logoutSuccessTitle, { description: tr.auth.logoutSuccessBody });
        navigate('/', { replace: true });
      },
      onError: (err) =>
        toast.error(tr.auth.logoutErrorTitle, {
          description: err instanceof ApiError && err.message ? err.message : tr.auth.logoutErrorFallback,
        }),
    });
  };

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className="flex items-center gap-2 rounded-full p-0.5 hover:ring-2 hover:ring-brand-400 focus-visible:ring-2"
        // The visible initials start the accessible name (WCAG 2.5.3 label in name).
        aria-label={`${initials(user)} — ${t.openMenu}: ${name}`}
        data-testid="user-menu-trigger"
      >
        <UserAvatar user={user} />
      </DropdownMenuTrigger>
      <DropdownMenuContent data-testid="user-menu">
        <div className="px-3 py-2">
          <p className="truncate text-sm font-semibold text-slate-900" data-testid="user-display-name">
            {name}
          </p>
          <div className="mt-1 flex flex-wrap items-center gap-1.5">
            <Badge tone={user.role === 'admin' ? 'violet' : 'brand'} data-testid="user-role-badge">
              {roleLabels[user.role]}
            </Badge>
            {user.overrideAllAccess && (
              <Badge tone="green" data-testid="all-access-badge">
                <Sparkles size={12} className="mr-1" aria-hidden />
                {t.allAccess}
              </Badge>
            )}
          </div>
          <p className="mt-1 truncate text-xs text-slate-500">{user.email}</p>
        </div>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigate('/hesap')}>
          <LayoutDashboard size={16} aria-hidden />
          {t.profile}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate('/hesap#abonelik')}>
          <CreditCard size={16} aria-hidden />
          {t.subscription}
        </DropdownMenuItem>
        {user.role === 'admin' && (
          <DropdownMenuItem onSelect={() => navigate('/admin')}>
            <ShieldCheck size={16} aria-hidden />
            {t.adminPanel}
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onLogout} disabled={logout.isPending} className="text-red-700">
          <LogOut size={16} aria-hidden />
          {logout.isPending ? t.loggingOut : t.logout}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
