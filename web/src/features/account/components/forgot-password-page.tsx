import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { tr } from '@contract/messages.tr';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input, Label } from '@/components/ui/input';
import { InlineAlert } from '@/components/inline-alert';
import { ApiError } from '@/lib/api-client';
import { forgotPassword } from '@/shared/account/api/account.api';
import { usePageTitle } from '@/lib/use-page-title';

const t = tr.account;

/** "Şifremi unuttum": asks for the address; the answer is the same whether or not it has an account. */
export default function ForgotPasswordPage() {
  usePageTitle(t.forgotTitle);
  const [email, setEmail] = useState('');
  const emailId = useId();
  const mutation = useMutation({ mutationFn: forgotPassword });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim()) return;
    mutation.mutate(email.trim());
  };

  return (
    <div className="mx-auto flex w-full max-w-md flex-col px-4 py-10 sm:py-16">
      <Card className="p-6 sm:p-8">
        <h1 className="text-2xl font-bold text-slate-900">{t.forgotTitle}</h1>
        <p className="mt-1 text-sm text-slate-600">{t.forgotSubtitle}</p>
        {mutation.isSuccess ? (
          <InlineAlert tone="info" className="mt-6" testId="forgot-sent">
            {mutation.data.message}
          </InlineAlert>
        ) : (
          <form className="mt-6 space-y-4" onSubmit={onSubmit} noValidate>
            <div>
              <Label htmlFor={emailId}>{tr.auth.email}</Label>
              <Input
                id={emailId}
                name="email"
                type="email"
                autoComplete="email"
                inputMode="email"
                placeholder={tr.auth.emailPlaceholder}
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                required
              />
            </div>
            {mutation.isError && (
              <InlineAlert>
                {mutation.error instanceof ApiError ? mutation.error.message : tr.common.unexpectedError}
              </InlineAlert>
            )}
            <Button type="submit" className="w-full" disabled={mutation.isPending}>
              {mutation.isPending ? t.forgotSubmitting : t.forgotSubmit}
            </Button>
          </form>
        )}
        <p className="mt-6 text-center text-sm">
          <Link to="/login" className="font-semibold text-brand-700 underline-offset-2 hover:underline">
            {t.backToLogin}
          </Link>
        </p>
      </Card>
    </div>
  );
}
