import { useQuery } from '@tanstack/react-query';
import { SUBSCRIPTION_STATUS_KEY, type SubscriptionStatusResponse } from '@/shared/billing/api/billing.api';
import { useAuth } from '@/shared/auth/hooks/use-auth';
import { isPrivileged } from '@contract/privileges';

/**
 * The plan flags that shape the editor and studio (SPEC §6): batch processing and watermark removal.
 * All-Access users have every flag. `ready` is false until the subscription is known, so the pages do not
 * flash the single-photo limit at a pro user.
 */
export function usePlanFlags() {
  const { user } = useAuth();
  const sub = useQuery<SubscriptionStatusResponse>({ queryKey: SUBSCRIPTION_STATUS_KEY, staleTime: 30_000 });
  // Only a live subscription grants anything: the server's one rule (billing/policy.ts) decides.
  const active = sub.data?.hasSubscription === true;
  const plan = active ? sub.data?.subscription?.plan : undefined;
  // Privileged users pass every plan gate, on the server too (contract/privileges.ts).
  const all = isPrivileged(user);
  return {
    ready: all || !sub.isPending,
    canBatchProcess: all || Boolean(plan?.canBatchProcess),
    canRemoveWatermark: all || Boolean(plan?.canRemoveWatermark),
  };
}
