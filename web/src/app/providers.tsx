import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Toaster } from 'sonner';
import { TooltipProvider } from '../components/ui/tooltip';
import { createQueryClient } from '../lib/query-client';

/** Query client, tooltips (700/300 ms) and toasts (Alt+T focuses them, SPEC §9). */
export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        {children}
        <Toaster
          hotkey={['altKey', 'KeyT']}
          position="top-right"
          richColors
          closeButton
          containerAriaLabel="Bildirimler"
        />
      </TooltipProvider>
    </QueryClientProvider>
  );
}
