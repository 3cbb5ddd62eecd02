import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { tr } from '@contract/messages.tr';
import { formatTl } from '@contract/plans';
import { MIN_PASSWORD_LENGTH } from '@contract/auth.schema';
import type { PublicUser } from '@contract/user.schema';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FieldError, Input, Label, PasswordField } from '@/components/ui/input';
import { PageSpinner } from '@/components/ui/spinner';
import { apiErrorText, tokenStore } from '@/lib/api-client';
import {
  cancelSubscription,
  changePassword,
  deleteAccount,
  logoutEverywhere,
  resumeSubscription,
  SESSIONS_KEY,
  updateConsents,
  updateProfile,
} from '@/shared/account/api/account.api';
import { ME_KEY } from '@/shared/auth/api/auth.api';
import {
  INVOICES_KEY,
  refreshBilling,
  SUBSCRIPTION_STATUS_KEY,
  type InvoiceView,
  type SubscriptionStatusResponse,
} from '@/shared/billing/api/billing.api';
import { formatDate } from '@/lib/format';
import { useAuth } from '@/shared/auth/hooks/use-auth';
import { usePageTitle } from '@/lib/use-page-title';
import { VerifyEmailBanner } from '@/components/verify-email-banner';
import { InvoiceLink } from '@/components/invoice-link';

const t = tr.account;
const errorText = (err: unknown) => apiErrorText(err);
const ok = (message: string) => toast.success(t.successTitle, { description: message });
const fail = (err: unknown) => toast.error(tr.common.error, { description: errorText(err) });

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card className="scroll-mt-24 p-5 sm:p-6" id={id}>
      <section aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <div className="mt-4">{children}</div>
      </section>
    </Card>
  );
}

/** Sets the signed-in user everywhere after a server change. */
function useSetUser() {
  const queryClient = useQueryClient();
  return (user: PublicUser) => queryClient.setQueryData(ME_KEY, user);
}

/** Clears this browser's session state after the server revoked it (sign out everywhere, deletion). */
function useSignedOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (to: string) => {
    tokenStore.clear();
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== ME_KEY[0] });
    queryClient.setQueryData(ME_KEY, null);
    navigate(to, { replace: true });
  };
}

function ProfileSection({ user }: { user: PublicUser }) {
  const setUser = useSetUser();
  const [form, setForm] = useState({
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    phone: user.phone ?? '',
    companyName: user.companyName ?? '',
    taxNumber: user.taxNumber ?? '',
  });
  const ids = { f: useId(), l: useId(), p: useId(), c: useId(), v: useId(), e: useId() };
  const mutation = useMutation({
    mutationFn: updateProfile,
    onSuccess: (res) => {
      setUser(res.user);
      ok(res.message);
    },
    onError: fail,
  });
  const field = (key: keyof typeof form, id: string, label: string, extra: object = {}) => (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        name={key}
        value={form[key]}
        onChange={(e) => setForm((f) => ({ ...f, [key]: e.target.value }))}
        {...extra}
      />
    </div>
  );
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    mutation.mutate(form);
  };
  return (
    <Section id="profil" title={t.profileTitle}>
      <form onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2" noValidate>
        {field('firstName', ids.f, t.firstName, { autoComplete: 'given-name' })}
        {field('lastName', ids.l, t.lastName, { autoComplete: 'family-name' })}
        {field('phone', ids.p, t.phone, { autoComplete: 'tel', inputMode: 'tel', type: 'tel' })}
        {field('companyName', ids.c, t.companyName, { autoComplete: 'organization' })}
        {field('taxNumber', ids.v, t.taxNumber, { inputMode: 'numeric' })}
        <div>
          <Label htmlFor={ids.e}>{t.email}</Label>
          <Input id={ids.e} value={user.email} readOnly aria-readonly="true" className="bg-slate-50" />
        </div>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={mutation.isPending}>
            {mutation.isPending ? t.saving : t.save}
          </Button>
        </div>
      </form>
    </Section>
  );
}

function PasswordSection({ user }: { user: PublicUser }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [problem, setProblem] = useState<string>();
  const ids = { e: useId() };
  const mutation = useMutation({
    mutationFn: () => changePassword(current, next),
    onSuccess: (res) => {
      setCurrent('');
      setNext('');
      ok(res.message);
    },
    onError: fail,
  });
  if (!user.hasPassword) {
    return (
      <Section id="sifre" title={t.passwordTitle}>
        <p className="text-sm text-slate-600">{t.noPasswordYet}</p>
        <Link to="/sifremi-unuttum" className="mt-2 inline-block font-semibold text-brand-700 underline">
          {t.forgotLink}
        </Link>
      </Section>
    );
  }
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!current) return setProblem(tr.validation.passwordRequired);
    if (next.length < MIN_PASSWORD_LENGTH) return setProblem(tr.validation.passwordTooShort);
    setProblem(undefined);
    mutation.mutate();
  };
  return (
    <Section id="sifre" title={t.passwordTitle}>
      <form onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2" noValidate>
        <PasswordField
          label={t.currentPassword}
          name="current-password"
          autoComplete="current-password"
          value={current}
          onValue={setCurrent}
        />
        <PasswordField
          label={t.newPassword}
          name="new-password"
          value={next}
          onValue={setNext}
          aria-describedby={problem ? ids.e : undefined}
        />
        <div className="sm:col-span-2">
          <FieldError id={ids.e} message={problem} />
          <Button type="submit" disabled={mutation.isPending}>
            {mutation.isPending ? t.saving : t.changePassword}
          </Button>
        </div>
      </form>
    </Section>
  );
}

function SessionsSection() {
  const signedOut = useSignedOut();
  const sessions = useQuery<{ count: number }>({ queryKey: SESSIONS_KEY });
  const mutation = useMutation({
    mutationFn: logoutEverywhere,
    onSuccess: (res) => {
      ok(res.message);
      signedOut('/login');
    },
    onError: fail,
  });
  return (
    <Section id="oturumlar" title={t.sessionsTitle}>
      {sessions.data && <p className="text-sm text-slate-600">{t.sessionsBody(sessions.data.count)}</p>}
      <Button type="button" variant="outline" className="mt-3" onClick={() => mutation.mutate()}>
        {t.logoutEverywhere}
      </Button>
    </Section>
  );
}

function SubscriptionSection() {
  const queryClient = useQueryClient();
  const status = useQuery<SubscriptionStatusResponse>({ queryKey: SUBSCRIPTION_STATUS_KEY });
  const after = (res: { message: string }) => {
    ok(res.message);
    void refreshBilling(queryClient);
  };
  const cancel = useMutation({ mutationFn: cancelSubscription, onSuccess: after, onError: fail });
  const resume = useMutation({ mutationFn: resumeSubscription, onSuccess: after, onError: fail });
  const sub = status.data?.hasSubscription ? status.data.subscription : null;
  return (
    <Section id="abonelik" title={t.subscriptionTitle}>
      {!sub ? (
        <p className="text-sm text-slate-600">{t.noSubscription}</p>
      ) : (
        <div className="space-y-3 text-sm" data-testid="subscription-card">
          <p>
            <span className="text-slate-500">{t.plan}: </span>
            <strong>{sub.plan.displayName}</strong>
          </p>
          {sub.periodEnd && (
            <p>
              <span className="text-slate-500">{sub.cancelAtPeriodEnd ? t.endsOn : t.renewsOn}: </span>
              <strong>{formatDate(sub.periodEnd)}</strong>
            </p>
          )}
          {sub.cancelAtPeriodEnd && <p className="text-amber-800">{t.cancelled}</p>}
          <div className="flex flex-wrap gap-3">
            {sub.cancelAtPeriodEnd ? (
              <Button type="button" onClick={() => resume.mutate()} disabled={resume.isPending}>
                {t.undoCancel}
              </Button>
            ) : (
              <Button
                type="button"
                variant="outline"
                onClick={() => {
                  if (window.confirm(t.cancelConfirm)) cancel.mutate();
                }}
                disabled={cancel.isPending}
              >
                {t.cancelAtPeriodEnd}
              </Button>
            )}
            <Link to="/pricing" className={buttonClass('outline')}>
              {t.changePlan}
            </Link>
          </div>
        </div>
      )}
    </Section>
  );
}

function InvoicesSection() {
  const invoices = useQuery<{ invoices: InvoiceView[] }>({ queryKey: INVOICES_KEY });
  const list = invoices.data?.invoices ?? [];
  return (
    <Section id="faturalar" title={t.invoicesTitle}>
      {invoices.data && list.length === 0 && <p className="text-sm text-slate-600">{t.noInvoices}</p>}
      {/* A list, not a wide table: it reads at 375 px without sideways scrolling. */}
      <ul className="divide-y divide-slate-100" data-testid="account-invoices">
        {list.map((inv) => (
          <li key={inv.id} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm">
            <div className="min-w-0">
              <p className="font-medium text-slate-900">{inv.serviceName}</p>
              <p className="text-slate-500">
                {formatDate(inv.orderDate)} · {formatTl(inv.totalAmount)}
              </p>
            </div>
            <InvoiceLink href={inv.invoiceUrl} />
          </li>
        ))}
      </ul>
    </Section>
  );
}

function ConsentsSection({ user }: { user: PublicUser }) {
  const setUser = useSetUser();
  const mutation = useMutation({
    mutationFn: updateConsents,
    onSuccess: (res) => {
      setUser(res.user);
      ok(res.message);
    },
    onError: fail,
  });
  const ids = { m: useId(), a: useId() };
  const toggle = (key: 'marketingConsent' | 'aiDataConsent', value: boolean) =>
    mutation.mutate({
      marketingConsent: user.marketingConsent,
      aiDataConsent: user.aiDataConsent,
      [key]: value,
    });
  return (
    <Section id="izinler" title={t.consentsTitle}>
      <p className="text-sm text-slate-600">
        {user.kvkkAcceptedAt ? t.kvkkAcceptedOn(formatDate(user.kvkkAcceptedAt)) : t.kvkkNotAccepted}{' '}
        <Link to="/kvkk" className="font-semibold text-brand-700 underline">
          KVKK
        </Link>
      </p>
      <div className="mt-4 space-y-3 text-sm">
        {(
          [
            ['marketingConsent', ids.m, t.marketingConsent],
            ['aiDataConsent', ids.a, t.aiDataConsent],
          ] as const
        ).map(([key, id, label]) => (
          <div key={key} className="flex items-start gap-3">
            <input
              id={id}
              type="checkbox"
              className="mt-0.5 h-5 w-5 shrink-0"
              checked={user[key]}
              disabled={mutation.isPending}
              onChange={(e) => toggle(key, e.target.checked)}
            />
            <label htmlFor={id}>{label}</label>
          </div>
        ))}
      </div>
    </Section>
  );
}

function DataSection({ user }: { user: PublicUser }) {
  const signedOut = useSignedOut();
  const [confirmation, setConfirmation] = useState('');
  const id = useId();
  const mutation = useMutation({
    mutationFn: () => deleteAccount(confirmation),
    onSuccess: (res) => {
      ok(res.message);
      signedOut('/');
    },
    onError: fail,
  });
  return (
    <Section id="verilerim" title={t.dataTitle}>
      <p className="text-sm text-slate-600">{t.exportBody}</p>
      <a
        href="/api/account/export"
        download
        className={`${buttonClass('outline')} mt-3`}
        data-testid="export-data"
      >
        {t.exportData}
      </a>
      <div className="mt-8 rounded-xl border border-red-200 bg-red-50 p-4">
        <h3 className="font-semibold text-red-900">{t.deleteTitle}</h3>
        <p className="mt-1 text-sm text-red-900">{t.deleteBody}</p>
        <form
          className="mt-3 space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (confirmation) mutation.mutate();
          }}
        >
          <div>
            <Label htmlFor={id}>{user.hasPassword ? t.deleteConfirmLabel : t.deleteConfirmGoogle}</Label>
            <Input
              id={id}
              name="delete-confirmation"
              type={user.hasPassword ? 'password' : 'email'}
              autoComplete={user.hasPassword ? 'current-password' : 'off'}
              value={confirmation}
              onChange={(e) => setConfirmation(e.target.value)}
            />
          </div>
          <Button type="submit" variant="danger" disabled={!confirmation || mutation.isPending}>
            {t.deleteAccount}
          </Button>
        </form>
      </div>
    </Section>
  );
}

/** /hesap: everything a customer runs alone (issue 14), one section per concern, linkable by #anchor. */
export default function AccountSettingsPage() {
  usePageTitle(t.settingsTitle);
  const { user } = useAuth();
  const { hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash]);
  if (!user) return <PageSpinner />;
  const nav: [string, string][] = [
    ['profil', t.profileTitle],
    ['sifre', t.passwordTitle],
    ['oturumlar', t.sessionsTitle],
    ['abonelik', t.subscriptionTitle],
    ['faturalar', t.invoicesTitle],
    ['izinler', t.consentsTitle],
    ['verilerim', t.dataTitle],
  ];
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t.settingsTitle}</h1>
      <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
        {user.email}
        <Badge tone={user.emailVerified ? 'green' : 'slate'}>
          {user.emailVerified ? t.verifiedBadge : t.unverifiedBadge}
        </Badge>
      </p>
      <nav aria-label={t.settingsNav} className="mt-4 flex flex-wrap gap-x-4 gap-y-2 text-sm">
        {nav.map(([id, label]) => (
          <a
            key={id}
            href={`#${id}`}
            className="font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            {label}
          </a>
        ))}
      </nav>
      <div className="mt-6 space-y-6">
        <VerifyEmailBanner user={user} />
        <ProfileSection user={user} />
        <PasswordSection user={user} />
        <SessionsSection />
        <SubscriptionSection />
        <InvoicesSection />
        <ConsentsSection user={user} />
        <DataSection user={user} />
      </div>
    </div>
  );
}
