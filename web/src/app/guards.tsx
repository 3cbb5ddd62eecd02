import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { useAuth } from '@/shared/auth/hooks/use-auth';

/** Signed-out visitors go to /login (SPEC §2), remembering where they wanted to go. */
export function RequireAuth() {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <PageSpinner />;
  if (status === 'anonymous') {
    const next = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/login?next=${next}`} replace />;
  }
  return <Outlet />;
}

/** Admin-only screens; everyone else is sent to their dashboard. The server enforces this on every call. */
export function RequireAdmin() {
  const { user } = useAuth();
  if (user?.role !== 'admin') return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}

/** '/' is the landing page for visitors and the dashboard for signed-in users. */
export function HomeSwitch({ signedIn, signedOut }: { signedIn: ReactNode; signedOut: ReactNode }) {
  const { status } = useAuth();
  if (status === 'loading') return <PageSpinner />;
  return <>{status === 'authenticated' ? signedIn : signedOut}</>;
}
