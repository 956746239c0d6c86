import { useEffect } from 'react';
import { getMe, useSessionStore } from 'shared-api';
import type { User } from 'shared-api/contract';

/**
 * Re-reads the signed-in user from the server when the page opens and whenever the
 * tab comes back into view (subscribed in another tab, verified by an admin), and
 * replaces the stored user with it.
 */
export function useFreshUser(): void {
  useEffect(() => {
    let live = true;
    let latest = 0;
    const refresh = () => {
      if (document.visibilityState === 'hidden') return;
      const run = ++latest;
      getMe().then(
        (user: User) => {
          // Only the newest answer counts, and none after the page has gone.
          if (live && run === latest) useSessionStore.getState().setUser(user);
        },
        // Not fatal: the stored user is still shown; a 401 is handled by the client.
        () => undefined,
      );
    };
    refresh();
    document.addEventListener('visibilitychange', refresh);
    return () => {
      live = false;
      document.removeEventListener('visibilitychange', refresh);
    };
  }, []);
}
