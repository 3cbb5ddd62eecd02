import { useMutation, useQuery } from '@tanstack/react-query';
import { Eye, EyeOff, LogIn } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { tr } from '@contract/messages.tr';
import { Button } from '@/components/ui/button';
import { AuthCard, EmailField } from '@/components/auth-card';
import { Input, Label } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { CONFIG_KEY, fetchConfig, login } from '@/shared/auth/api/auth.api';
import { useAuth } from '@/shared/auth/hooks/use-auth';
import { usePageTitle } from '@/lib/use-page-title';
import { InlineAlert } from '@/components/inline-alert';

const t = tr.auth;

/** Only same-site paths are accepted as a post-login destination. */
function safeNext(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') ? next : '/dashboard';
}

export function LoginPage() {
  usePageTitle(t.loginTitle);
  const { status, signIn } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const config = useQuery({ queryKey: CONFIG_KEY, queryFn: fetchConfig, staleTime: Infinity });
  const passwordId = useId();
  const next = safeNext(params.get('next'));

  const googleError = params.get('error');
  useEffect(() => {
    if (googleError === 'google' || googleError === 'google_disabled') {
      toast.error(t.loginErrorTitle, { description: t.googleFailed, id: 'google-error' });
    }
  }, [googleError]);

  const mutation = useMutation({
    mutationFn: login,
    onSuccess: (res) => {
      signIn(res.token, res.user);
      toast.success(t.loginSuccessTitle, {
        description:
          googleError === 'google_link' && res.user.emailVerified
            ? tr.account.googleLinked
            : t.loginSuccessBody,
      });
      navigate(next, { replace: true });
    },
    onError: (err) => {
      toast.error(t.loginErrorTitle, {
        description: err instanceof ApiError && err.message ? err.message : t.loginErrorFallback,
      });
    },
  });

  if (status === 'authenticated' && !mutation.isSuccess) return <Navigate to="/dashboard" replace />;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim() || !password) return; // SPEC §5: an empty submit does nothing
    mutation.mutate({ email: email.trim(), password });
  };

  return (
    <AuthCard title={t.loginTitle}>
      <p className="mt-1 text-sm text-slate-600">{t.loginSubtitle}</p>
      {googleError === 'google_link' && (
        // Google found an unverified account with this address: the password (or a reset) proves it first.
        <InlineAlert tone="info" className="mt-4" testId="google-link-notice">
          {tr.account.googleLink}
        </InlineAlert>
      )}
      <form className="mt-6 space-y-4" onSubmit={onSubmit} noValidate>
        <EmailField value={email} onValue={setEmail} />
        <div>
          <Label htmlFor={passwordId}>{t.password}</Label>
          <div className="relative">
            <Input
              id={passwordId}
              name="password"
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              placeholder={t.passwordPlaceholder}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              className="pr-11"
              required
            />
            <button
              type="button"
              onClick={() => setShowPassword((v) => !v)}
              aria-label={showPassword ? t.hidePassword : t.showPassword}
              aria-pressed={showPassword}
              className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-slate-500 hover:text-slate-800"
            >
              {showPassword ? <EyeOff size={18} aria-hidden /> : <Eye size={18} aria-hidden />}
            </button>
          </div>
        </div>
        <p className="text-right text-sm">
          <Link
            to="/sifremi-unuttum"
            className="font-semibold text-brand-700 underline-offset-2 hover:underline"
          >
            {tr.account.forgotLink}
          </Link>
        </p>
        <Button type="submit" className="w-full" disabled={mutation.isPending}>
          <LogIn size={18} aria-hidden />
          {mutation.isPending ? t.submitting : t.submit}
        </Button>
      </form>
      {config.data?.googleEnabled && (
        <>
          <div className="my-5 flex items-center gap-3 text-xs text-slate-500" aria-hidden="true">
            <span className="h-px flex-1 bg-slate-200" />
            {t.or}
            <span className="h-px flex-1 bg-slate-200" />
          </div>
          <a
            href="/api/auth/google"
            className="flex h-11 w-full items-center justify-center gap-3 rounded-lg border border-slate-300 bg-white text-sm font-semibold text-slate-800 hover:bg-slate-50"
          >
            <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true">
              <path
                fill="#FFC107"
                d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
              />
              <path
                fill="#FF3D00"
                d="M6.3 14.7l6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
              />
              <path
                fill="#4CAF50"
                d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
              />
              <path
                fill="#1976D2"
                d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
              />
            </svg>
            {t.google}
          </a>
        </>
      )}
      <p className="mt-6 text-center text-sm text-slate-600">
        {t.noAccount}{' '}
        <Link to="/register" className="font-semibold text-brand-700 underline-offset-2 hover:underline">
          {t.registerLink}
        </Link>
      </p>
    </AuthCard>
  );
}
