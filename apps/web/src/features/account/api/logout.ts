import type { accountRoutes } from '@dropdesk/contract/account';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { call } from '../../../lib/http';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session';

type Logout = typeof accountRoutes.logout;

export const logout = () =>
  call<Logout>({ method: 'POST', path: '/merchant/merchant/logout' }, { quiet: true });

/** Revokes the session on the server (best effort), clears it here and goes to /login. */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async () => {
    await logout().catch(() => undefined);
    useSession.getState().logout();
    queryClient.clear();
    navigate(paths.login, { replace: true });
  };
}
