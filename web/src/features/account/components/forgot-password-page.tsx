import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { tr } from '@contract/messages.tr';
import { Button } from '@/components/ui/button';
import { AuthCard, AuthCardLink, EmailField } from '@/components/auth-card';
import { InlineAlert } from '@/components/inline-alert';
import { apiErrorText } from '@/lib/api-client';
import { forgotPassword } from '@/shared/account/api/account.api';
import { usePageTitle } from '@/lib/use-page-title';

const t = tr.account;

/** "Şifremi unuttum": asks for the address; the answer is the same whether or not it has an account. */
export default function ForgotPasswordPage() {
  usePageTitle(t.forgotTitle);
  const [email, setEmail] = useState('');
  const mutation = useMutation({ mutationFn: forgotPassword });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim()) return;
    mutation.mutate(email.trim());
  };

  return (
    <AuthCard title={t.forgotTitle}>
      <p className="mt-1 text-sm text-slate-600">{t.forgotSubtitle}</p>
      {mutation.isSuccess ? (
        <InlineAlert tone="info" className="mt-6" testId="forgot-sent">
          {mutation.data.message}
        </InlineAlert>
      ) : (
        <form className="mt-6 space-y-4" onSubmit={onSubmit} noValidate>
          <EmailField value={email} onValue={setEmail} />
          {mutation.isError && <InlineAlert>{apiErrorText(mutation.error)}</InlineAlert>}
          <Button type="submit" className="w-full" disabled={mutation.isPending}>
            {mutation.isPending ? t.forgotSubmitting : t.forgotSubmit}
          </Button>
        </form>
      )}
      <AuthCardLink to="/login">{t.backToLogin}</AuthCardLink>
    </AuthCard>
  );
}
