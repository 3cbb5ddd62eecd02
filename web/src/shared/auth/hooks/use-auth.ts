import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { PublicUser } from '@contract/user.schema';
import { tokenStore } from '@/lib/api-client';
import { fetchCurrentUser, logout as logoutRequest, ME_KEY } from '@/shared/auth/api/auth.api';

export type AuthStatus = 'loading' | 'authenticated' | 'anonymous';

/** The auth state of SPEC §4: loading, then authenticated (user present) or anonymous. */
export function useAuth() {
  const queryClient = useQueryClient();
  const me = useQuery({ queryKey: ME_KEY, queryFn: fetchCurrentUser, staleTime: Infinity, retry: false });
  const user = me.data ?? null;
  const status: AuthStatus = me.isPending ? 'loading' : user ? 'authenticated' : 'anonymous';

  /** Stores the token and user after a successful login or registration. */
  const signIn = useCallback(
    (token: string, signedIn: PublicUser) => {
      tokenStore.set(token);
      queryClient.setQueryData(ME_KEY, signedIn);
    },
    [queryClient],
  );

  const logoutMutation = useMutation({
    mutationFn: logoutRequest,
    onSuccess: () => {
      tokenStore.clear();
      // Drop everything cached for the previous user, then mark the session anonymous.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== ME_KEY[0] });
      queryClient.setQueryData(ME_KEY, null);
    },
  });

  return { status, user, signIn, logout: logoutMutation };
}
