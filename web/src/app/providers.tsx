import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Toaster } from 'sonner';
import { createQueryClient } from '@/lib/query-client';

/** Query client and toasts (Alt+T focuses them, SPEC §9). Tooltips bring their own provider (700/300 ms). */
export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster
        hotkey={['altKey', 'KeyT']}
        position="top-right"
        closeButton
        containerAriaLabel="Bildirimler"
      />
    </QueryClientProvider>
  );
}
