import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { HomeSwitch, RequireAdmin, RequireAuth } from './guards';
import { Layout } from './layout';

const LoginPage = lazy(() =>
  import('@/features/auth/components/login-page').then((m) => ({ default: m.LoginPage })),
);
const DashboardPage = lazy(() => import('@/features/dashboard/components/dashboard-page'));
const PricingPage = lazy(() => import('@/features/pricing/components/pricing-page'));
const RegisterPage = lazy(() =>
  import('@/features/auth/components/register-page').then((m) => ({ default: m.RegisterPage })),
);
const PaymentSuccessPage = lazy(() => import('@/features/payment/components/payment-success-page'));
const PaymentFailPage = lazy(() => import('@/features/payment/components/payment-fail-page'));
const ForgotPasswordPage = lazy(() => import('@/features/account/components/forgot-password-page'));
const ResetPasswordPage = lazy(() => import('@/features/account/components/reset-password-page'));
const VerifyEmailPage = lazy(() => import('@/features/account/components/verify-email-page'));
const AccountSettingsPage = lazy(() => import('@/features/account/components/account-settings-page'));
const NotFoundPage = lazy(() => import('./pages/not-found-page'));

// Public pages: each its own chunk, so visitors never download the signed-in app. The landing chunk
// starts loading at once on '/', in parallel with the auth check, instead of after it.
const loadLanding = () => import('@/features/marketing/components/landing-page');
if (typeof window !== 'undefined' && window.location.pathname === '/') void loadLanding();
const LandingPage = lazy(loadLanding);
const AboutPage = lazy(() => import('@/features/marketing/components/about-page'));
const NedirPage = lazy(() => import('@/features/marketing/components/nedir-page'));
const GalleryPage = lazy(() => import('@/features/marketing/components/gallery-page'));
const ContactPage = lazy(() => import('@/features/marketing/components/contact-page'));
const KvkkPage = lazy(() => import('@/features/marketing/components/kvkk-page'));
const AdminPage = lazy(() => import('@/features/admin/components/admin-page'));
const EditorPage = lazy(() => import('@/features/editor/components/editor-page'));
const StudioPage = lazy(() => import('@/features/studio/components/studio-page'));

const page = (node: ReactNode) => <Suspense fallback={<PageSpinner />}>{node}</Suspense>;

/** SPEC §2 route table: public, open, signed-in and admin routes, aliases and the 404 page. */
export const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      {
        path: '/',
        element: <HomeSwitch signedIn={page(<DashboardPage />)} signedOut={page(<LandingPage />)} />,
      },
      { path: '/about', element: page(<AboutPage />) },
      { path: '/pricing', element: page(<PricingPage />) },
      { path: '/contact', element: page(<ContactPage />) },
      { path: '/nedir', element: page(<NedirPage />) },
      { path: '/gallery', element: page(<GalleryPage />) },
      { path: '/login', element: page(<LoginPage />) },
      { path: '/register', element: page(<RegisterPage />) },
      { path: '/kvkk', element: page(<KvkkPage />) },
      { path: '/sifremi-unuttum', element: page(<ForgotPasswordPage />) },
      { path: '/sifre-sifirla', element: page(<ResetPasswordPage />) },
      { path: '/eposta-dogrula', element: page(<VerifyEmailPage />) },
      { path: '/payment-success', element: page(<PaymentSuccessPage />) },
      { path: '/payment-fail', element: page(<PaymentFailPage />) },
      { path: '/auth', element: <Navigate to="/login" replace /> },
      { path: '/studio', element: <Navigate to="/new" replace /> },
      {
        element: <RequireAuth />,
        children: [
          { path: '/dashboard', element: page(<DashboardPage />) },
          { path: '/hesap', element: page(<AccountSettingsPage />) },
          { path: '/editor', element: page(<EditorPage />) },
          { path: '/new', element: page(<StudioPage />) },
          {
            element: <RequireAdmin />,
            children: [{ path: '/admin', element: page(<AdminPage />) }],
          },
        ],
      },
      { path: '*', element: page(<NotFoundPage />) },
    ],
  },
]);
