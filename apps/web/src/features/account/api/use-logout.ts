import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { accountApi } from './account-calls';

/** Revokes the session on the server (best effort), clears it here and goes to /login. */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async () => {
    await accountApi.logout().catch(() => undefined);
    useSession.getState().logout();
    queryClient.clear();
    navigate(paths.login, { replace: true });
  };
}
