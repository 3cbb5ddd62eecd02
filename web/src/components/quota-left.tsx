import { useQuery } from '@tanstack/react-query';
import { tr } from '@contract/messages.tr';
import { QUOTA_KEY, type QuotaStatus } from '@/shared/billing/api/billing.api';

/**
 * "Bu ay kalan: N fotoğraf" under the editor's and studio's titles, so a customer sees before starting a
 * run whether it fits (issue 14); nothing until the quota is known, "Sınırsız" for All-Access.
 */
export function QuotaLeft() {
  const quota = useQuery<QuotaStatus>({ queryKey: QUOTA_KEY });
  if (!quota.data) return null;
  const { unlimited, remaining } = quota.data;
  return (
    <p className="mt-1 text-sm font-medium text-slate-700" data-testid="quota-left">
      {unlimited || remaining === null ? tr.account.quotaUnlimited : tr.account.quotaLeft(remaining)}
    </p>
  );
}
