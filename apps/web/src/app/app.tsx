import { SessionProvider } from '@gatehouse/client/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { authClient } from '../lib/auth-client.ts';
import { queryClient } from '../lib/query-client.ts';
import { router } from './router.tsx';

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider client={authClient}>
        <RouterProvider router={router} />
        <Toaster richColors closeButton position="top-center" />
      </SessionProvider>
    </QueryClientProvider>
  );
}
