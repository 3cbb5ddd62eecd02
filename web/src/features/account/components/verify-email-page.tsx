import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { tr } from '@contract/messages.tr';
import { AuthCard, AuthCardLink } from '@/components/auth-card';
import { InlineAlert } from '@/components/inline-alert';
import { Spinner } from '@/components/ui/spinner';
import { apiErrorText } from '@/lib/api-client';
import { verifyEmail } from '@/shared/account/api/account.api';
import { ME_KEY } from '@/shared/auth/api/auth.api';
import { usePageTitle } from '@/lib/use-page-title';

const t = tr.account;

/** /eposta-dogrula?token=...: the link from the verification e-mail; works signed in or not. */
export default function VerifyEmailPage() {
  usePageTitle(t.verifyTitle);
  const [params] = useSearchParams();
  const token = params.get('token');
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: verifyEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ME_KEY }),
  });
  const sent = useRef(false);
  useEffect(() => {
    // Once per page load: the token is single use, so a second call would report it as used.
    if (token && !sent.current) {
      sent.current = true;
      mutation.mutate(token);
    }
  }, [token, mutation]);

  return (
    <AuthCard title={t.verifyTitle}>
      <div className="mt-6">
        {!token || mutation.isError ? (
          <InlineAlert testId="verify-failed">{apiErrorText(mutation.error, t.verifyInvalid)}</InlineAlert>
        ) : mutation.isSuccess ? (
          <InlineAlert tone="info" testId="verify-done">
            {mutation.data.message}
          </InlineAlert>
        ) : (
          <div className="flex items-center gap-3 text-sm text-slate-600">
            <Spinner label={t.verifying} />
            <span aria-hidden="true">{t.verifying}</span>
          </div>
        )}
      </div>
      <AuthCardLink to="/hesap">{t.settingsTitle}</AuthCardLink>
    </AuthCard>
  );
}
