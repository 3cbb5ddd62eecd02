import { useQuery } from '@tanstack/react-query';
import { Menu, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { tr } from '@contract/messages.tr';
import { buttonClass } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useAuth } from '@/shared/auth/hooks/use-auth';
import { QUOTA_KEY } from '@/shared/billing/api/billing.api';
import { SiteFooter } from '@/features/marketing/components/site-footer';
import { inFrame } from '@/features/payment/components/frame-bridge';

// The avatar menu (and its popover library) is only needed once someone is signed in.
const UserMenu = lazy(() =>
  import('@/features/auth/components/user-menu').then((m) => ({ default: m.UserMenu })),
);

const t = tr.nav;
const signedInLinks = [
  { to: '/dashboard', label: t.dashboard },
  { to: '/editor', label: t.editor },
  { to: '/new', label: t.studio },
];
const signedOutLinks = [
  { to: '/nedir', label: t.nedir },
  { to: '/gallery', label: t.gallery },
  { to: '/about', label: t.about },
  { to: '/pricing', label: t.pricing },
  { to: '/contact', label: t.contact },
];

function Logo() {
  return (
    <Link
      to="/"
      className="flex items-center gap-2 font-extrabold tracking-tight text-white"
      aria-label={`${tr.brand.name} — ${t.home}`}
    >
      <img src="/favicon.svg" alt="" width={32} height={32} />
      <span className="text-lg">
        {/* The space keeps the visible text inside the link's accessible name (WCAG 2.5.3). */}
        Oto <span className="text-brand-400">Stüdyo</span>
      </span>
    </Link>
  );
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-lg px-3 py-2 text-sm font-medium transition-colors',
    isActive ? 'bg-white/10 text-white' : 'text-slate-300 hover:bg-white/5 hover:text-white',
  );

/** Top navigation of SPEC §2 and the page frame. */
export function Layout() {
  const { status, user } = useAuth();
  // SPEC §4/§7: quota status is polled every 30 s, only while signed in; pages read it from the cache.
  useQuery({ queryKey: QUOTA_KEY, enabled: status === 'authenticated', refetchInterval: 30_000 });
  const [open, setOpen] = useState(false);
  const location = useLocation();
  useEffect(() => setOpen(false), [location.pathname]);
  const links = user ? signedInLinks : signedOutLinks;

  // Inside the payment frame (result pages after the card form) only the compact result is shown.
  if (inFrame()) {
    return (
      <main id="main">
        <Outlet />
      </main>
    );
  }

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {t.skipToContent}
      </a>
      <header className="sticky top-0 z-40 bg-ink-900/95 backdrop-blur">
        <nav
          aria-label={t.mainNav}
          className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6"
          data-testid="main-nav"
          data-auth={status}
        >
          <Logo />
          <div className="ml-6 hidden items-center gap-1 md:flex">
            {links.map((l) => (
              <NavLink key={l.to} to={l.to} className={linkClass}>
                {l.label}
              </NavLink>
            ))}
          </div>
          <div className="ml-auto flex items-center gap-2">
            {status === 'authenticated' && user && (
              <Suspense fallback={<span className="h-9 w-9 rounded-full bg-white/10" />}>
                <UserMenu user={user} />
              </Suspense>
            )}
            {status === 'anonymous' && (
              <div className="hidden items-center gap-2 sm:flex">
                <Link
                  to="/login"
                  // Not buttonClass('ghost'): its dark text would compete with the light text this dark bar needs.
                  className="inline-flex h-9 items-center justify-center rounded-lg px-3 text-sm font-semibold text-slate-200 transition-colors hover:bg-white/10 hover:text-white"
                >
                  {t.login}
                </Link>
                <RegisterLink />
              </div>
            )}
            <button
              type="button"
              className="inline-flex h-10 w-10 items-center justify-center rounded-lg text-slate-200 hover:bg-white/10 md:hidden"
              aria-expanded={open}
              aria-controls="mobile-nav"
              aria-label={open ? t.closeNav : t.openNav}
              onClick={() => setOpen((v) => !v)}
            >
              {open ? <X aria-hidden /> : <Menu aria-hidden />}
            </button>
          </div>
        </nav>
        {open && (
          <div id="mobile-nav" className="border-t border-white/10 px-4 pb-4 md:hidden">
            <div className="flex flex-col gap-1 pt-2">
              {links.map((l) => (
                <NavLink key={l.to} to={l.to} className={linkClass}>
                  {l.label}
                </NavLink>
              ))}
              {status === 'anonymous' && (
                <div className="mt-2 grid grid-cols-2 gap-2 sm:hidden">
                  <Link to="/login" className={cn(buttonClass('outline', 'sm'))}>
                    {t.login}
                  </Link>
                  <RegisterLink />
                </div>
              )}
            </div>
          </div>
        )}
      </header>
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}

/** "Kayıt Ol" in the top bar and the mobile menu. */
function RegisterLink() {
  return (
    <Link to="/register" className={buttonClass('primary', 'sm')}>
      {t.register}
    </Link>
  );
}
