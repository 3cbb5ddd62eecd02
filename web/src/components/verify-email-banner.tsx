import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { tr } from '@contract/messages.tr';
import type { PublicUser } from '@contract/user.schema';
import { InlineAlert } from '@/components/inline-alert';
import { ApiError } from '@/lib/api-client';
import { resendVerification } from '@/shared/account/api/account.api';

const t = tr.account;

/**
 * Asks an unverified customer to verify the address (a payment-first account works at once; the link in the
 * welcome mail proves the address), with a button to send the link again. Nothing for verified users.
 */
export function VerifyEmailBanner({ user, className }: { user: PublicUser; className?: string }) {
  const mutation = useMutation({
    mutationFn: resendVerification,
    onSuccess: (res) => toast.success(t.successTitle, { description: res.message }),
    onError: (err) =>
      toast.error(tr.common.error, {
        description: err instanceof ApiError ? err.message : tr.common.unexpectedError,
      }),
  });
  if (user.emailVerified) return null;
  return (
    <InlineAlert tone="info" testId="verify-banner" className={className}>
      <p>{t.verifyBanner}</p>
      <button
        type="button"
        className="mt-2 font-semibold underline"
        onClick={() => mutation.mutate()}
        disabled={mutation.isPending}
      >
        {t.verifyResend}
      </button>
    </InlineAlert>
  );
}
