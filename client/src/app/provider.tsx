import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { DeferredToaster } from '@/components/ui/deferred-toaster';
import { queryClient } from '@/lib/query-client';

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <DeferredToaster />
    </QueryClientProvider>
  );
}
