import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { paths } from '../config/paths.ts';
import { authClient } from './auth-client.ts';
import { errorMessage } from './error-messages.ts';

/** Signs out, forgets every cached answer of the person, and goes to the home page. */
export function useSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => authClient.signOut(),
    onSuccess: () => {
      queryClient.clear();
      navigate(paths.home, { replace: true });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}
