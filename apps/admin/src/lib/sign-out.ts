import { navigation, request } from './http';
import { resetAppQueryClient } from './query';
import { session } from './session';

/** Ends the session on the server (POST /admin/logout), forgets it here, opens sign-in. */
export async function signOut(): Promise<void> {
  try {
    await request('POST', '/admin/logout', { body: {} });
  } catch {
    // Already over on the server (or unreachable): it ends here all the same.
  }
  session.signOut();
  resetAppQueryClient();
  navigation.toSignIn();
}
