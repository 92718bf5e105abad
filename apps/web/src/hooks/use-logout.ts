import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { toast } from 'sonner';
import { useAuthStore } from '@/lib/auth';
import { useTranslation } from '@/lib/i18n';

/** Spec "Header": end the session, clear cached data, confirm with a toast, go to login. */
export function useLogout(): () => Promise<void> {
  const auth = useAuthStore();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t } = useTranslation();

  return useCallback(async () => {
    await auth.signOut();
    queryClient.clear();
    toast.success(t('auth.logoutSuccess'));
    await navigate({ to: '/login/' });
  }, [auth, queryClient, navigate, t]);
}
