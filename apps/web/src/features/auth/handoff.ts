import { setFlash } from '../../lib/flash';
import { ApiError } from '../../lib/http';
import { i18n } from '../../lib/i18n';
import { HOME_PATH, paths, safePath } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { linkHandoff } from './api/link-handoff';

export const HANDOFF_PARAMS = ['data', 'code', 'mer', 'path'] as const;

/**
 * The start-up handoff of the specification §2: a partner site opens the app with `data`
 * (and `code`, `mer`, `path`). The app calls `third` under a blocking 'loading...' toast:
 * status 0 keeps `data` for registration (tkregister) and stays; otherwise the merchant is logged
 * in and goes to `path` or home. The parameters are removed from the address either way.
 * Returns the address to show, or null to keep the current one.
 */
export async function runHandoff(
  location: Pick<Location, 'pathname' | 'search' | 'hash'>,
): Promise<string | null> {
  const params = new URLSearchParams(location.search);
  const data = params.get('data');
  if (!data) return null;
  const code = params.get('code') ?? undefined;
  const mer = params.get('mer') ?? undefined;
  const path = safePath(params.get('path'));
  for (const p of HANDOFF_PARAMS) params.delete(p);
  const rest = params.toString();
  const cleaned = `${location.pathname}${rest ? `?${rest}` : ''}${location.hash}`;

  const close = toast.loading(i18n.t('common.loading'), { blocking: true, duration: 0 });
  try {
    const res = await linkHandoff({ data, code, mer });
    if (res.status === 0) {
      useSession.getState().setHandoffData(data);
      return cleaned;
    }
    useSession.getState().login(res.merinfo);
    return path ?? HOME_PATH;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // The client has told the user why; on /login the app then opens the login page with a full
    // page load (src/login), so it is said again there.
    if (location.pathname === paths.login) setFlash(error.message);
    return cleaned;
  } finally {
    close();
  }
}
