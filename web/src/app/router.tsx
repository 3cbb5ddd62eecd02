import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { tr } from '../../../contract/messages.tr';
import { PageSpinner } from '../components/ui/spinner';
import { HomeSwitch, RequireAdmin, RequireAuth } from './guards';
import { Layout } from './layout';
import { PlaceholderPage } from './pages/placeholder-page';

const LoginPage = lazy(() =>
  import('../features/auth/components/login-page').then((m) => ({ default: m.LoginPage })),
);
const DashboardPage = lazy(() => import('./pages/dashboard-page'));
const NotFoundPage = lazy(() => import('./pages/not-found-page'));

const page = (node: ReactNode) => <Suspense fallback={<PageSpinner />}>{node}</Suspense>;
const shell = (title: string, testId: string) => page(<PlaceholderPage title={title} testId={testId} />);

/** SPEC §2 route table: public, open, signed-in and admin routes, aliases and the 404 page. */
export const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      {
        path: '/',
        element: (
          <HomeSwitch signedIn={page(<DashboardPage />)} signedOut={shell(tr.brand.name, 'landing')} />
        ),
      },
      { path: '/about', element: shell(tr.nav.about, 'about') },
      { path: '/pricing', element: shell(tr.nav.pricing, 'pricing') },
      { path: '/contact', element: shell(tr.nav.contact, 'contact') },
      { path: '/nedir', element: shell('Oto Stüdyo Nedir?', 'nedir') },
      { path: '/gallery', element: shell(tr.nav.gallery, 'gallery') },
      { path: '/login', element: page(<LoginPage />) },
      { path: '/register', element: shell(tr.nav.register, 'register') },
      { path: '/kvkk', element: shell('KVKK Aydınlatma Metni', 'kvkk') },
      { path: '/payment-success', element: shell('Ödeme Başarılı', 'payment-success') },
      { path: '/payment-fail', element: shell('Ödeme Başarısız', 'payment-fail') },
      { path: '/auth', element: <Navigate to="/login" replace /> },
      { path: '/studio', element: <Navigate to="/new" replace /> },
      {
        element: <RequireAuth />,
        children: [
          { path: '/dashboard', element: page(<DashboardPage />) },
          { path: '/editor', element: shell(tr.nav.editor, 'editor') },
          { path: '/new', element: shell(tr.nav.studio, 'studio') },
          {
            element: <RequireAdmin />,
            children: [{ path: '/admin', element: shell(tr.nav.adminPanel, 'admin') }],
          },
        ],
      },
      { path: '*', element: page(<NotFoundPage />) },
    ],
  },
]);
