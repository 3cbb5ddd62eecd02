import { useQuery } from '@tanstack/react-query';
import { SUBSCRIPTION_KEY, type SubscriptionResponse } from './billing-api';
import { useAuth } from './use-auth';

/**
 * The plan flags that shape the editor and studio (SPEC §6): batch processing and watermark removal.
 * All-Access users have every flag. `ready` is false until the subscription is known, so the pages do not
 * flash the single-photo limit at a pro user.
 */
export function usePlanFlags() {
  const { user } = useAuth();
  const sub = useQuery<SubscriptionResponse>({ queryKey: SUBSCRIPTION_KEY, staleTime: 30_000 });
  // A pending (unpaid) subscription grants nothing; the server decides the same way.
  const active = sub.data?.subscription?.status === 'active';
  const plan = active ? sub.data?.subscription?.plan : undefined;
  const all = Boolean(user?.overrideAllAccess);
  return {
    ready: all || !sub.isPending,
    canBatchProcess: all || Boolean(plan?.canBatchProcess),
    canRemoveWatermark: all || Boolean(plan?.canRemoveWatermark),
  };
}
