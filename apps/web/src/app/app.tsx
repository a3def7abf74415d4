import { SessionProvider } from '@gatehouse/client/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { useTranslation } from '../i18n/language.ts';
import { authClient } from '../lib/auth-client.ts';
import { queryClient } from '../lib/query-client.ts';
import { useTheme } from '../lib/theme.ts';
import { router } from './router.tsx';

export function App() {
  const { resolved } = useTheme();
  const { t } = useTranslation();
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider client={authClient}>
        <RouterProvider router={router} />
        <Toaster
          theme={resolved}
          richColors
          closeButton
          position="top-center"
          containerAriaLabel={t('ui.notifications')}
          toastOptions={{ closeButtonAriaLabel: t('ui.closeToast') }}
        />
      </SessionProvider>
    </QueryClientProvider>
  );
}
