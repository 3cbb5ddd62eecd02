import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { tr } from '@contract/messages.tr';
import { MIN_PASSWORD_LENGTH } from '@contract/auth.schema';
import { Button } from '@/components/ui/button';
import { AuthCard, AuthCardLink } from '@/components/auth-card';
import { FieldError, PasswordField } from '@/components/ui/input';
import { InlineAlert } from '@/components/inline-alert';
import { apiErrorText, tokenStore } from '@/lib/api-client';
import { resetPassword } from '@/shared/account/api/account.api';
import { usePageTitle } from '@/lib/use-page-title';

const t = tr.account;

/** /sifre-sifirla?token=...: the link from the reset e-mail; sets a new password, then asks to sign in. */
export default function ResetPasswordPage() {
  usePageTitle(t.resetTitle);
  const [params] = useSearchParams();
  const token = params.get('token');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const errorId = useId();
  const mutation = useMutation({
    mutationFn: (pw: string) => resetPassword(token ?? '', pw),
    onSuccess: (res) => {
      // Every session was revoked on the server; forget this browser's token too.
      tokenStore.clear();
      toast.success(t.successTitle, { description: res.message });
    },
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (password.length < MIN_PASSWORD_LENGTH) return setProblem(tr.validation.passwordTooShort);
    if (password !== confirm) return setProblem(tr.validation.passwordsDontMatch);
    setProblem(undefined);
    mutation.mutate(password);
  };

  return (
    <AuthCard title={t.resetTitle}>
      {!token ? (
        <InlineAlert className="mt-6">{t.resetMissingToken}</InlineAlert>
      ) : mutation.isSuccess ? (
        <InlineAlert tone="info" className="mt-6" testId="reset-done">
          {mutation.data.message}
        </InlineAlert>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600">{t.resetSubtitle}</p>
          <form className="mt-6 space-y-4" onSubmit={onSubmit} noValidate>
            <PasswordField
              label={t.newPassword}
              name="new-password"
              value={password}
              onValue={setPassword}
              aria-describedby={problem ? errorId : undefined}
              aria-invalid={Boolean(problem)}
              required
            />
            <PasswordField
              label={t.newPasswordConfirm}
              name="confirm-password"
              value={confirm}
              onValue={setConfirm}
              required
            />
            <FieldError id={errorId} message={problem} />
            {mutation.isError && <InlineAlert>{apiErrorText(mutation.error)}</InlineAlert>}
            <Button type="submit" className="w-full" disabled={mutation.isPending}>
              {mutation.isPending ? t.resetSubmitting : t.resetSubmit}
            </Button>
          </form>
        </>
      )}
      <AuthCardLink to="/login">{t.backToLogin}</AuthCardLink>
    </AuthCard>
  );
}
