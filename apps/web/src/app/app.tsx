import { SessionProvider } from '@gatehouse/client/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { authClient } from '../lib/auth-client.ts';
import { queryClient } from '../lib/query-client.ts';
import { useTheme } from '../lib/theme.ts';
import { router } from './router.tsx';

export function App() {
  const { resolved } = useTheme();
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider client={authClient}>
        <RouterProvider router={router} />
        <Toaster theme={resolved} richColors closeButton position="top-center" />
      </SessionProvider>
    </QueryClientProvider>
  );
}
