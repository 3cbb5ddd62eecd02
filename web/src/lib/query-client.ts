import { QueryClient } from '@tanstack/react-query';
import { defaultQueryFn } from './api-client';

/** SPEC §7 query behaviour: fresh for 5 minutes, retried once, no refetch on focus or reconnect. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        staleTime: 5 * 60_000,
        retry: 1,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
      },
      mutations: { retry: false },
    },
  });
}
