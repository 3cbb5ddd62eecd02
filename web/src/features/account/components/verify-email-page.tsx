import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { tr } from '@contract/messages.tr';
import { Card } from '@/components/ui/card';
import { InlineAlert } from '@/components/inline-alert';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
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
    <div className="mx-auto flex w-full max-w-md flex-col px-4 py-10 sm:py-16">
      <Card className="p-6 sm:p-8">
        <h1 className="text-2xl font-bold text-slate-900">{t.verifyTitle}</h1>
        <div className="mt-6">
          {!token || mutation.isError ? (
            <InlineAlert testId="verify-failed">
              {mutation.error instanceof ApiError ? mutation.error.message : t.verifyInvalid}
            </InlineAlert>
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
        <p className="mt-6 text-center text-sm">
          <Link to="/hesap" className="font-semibold text-brand-700 underline-offset-2 hover:underline">
            {t.settingsTitle}
          </Link>
        </p>
      </Card>
    </div>
  );
}
