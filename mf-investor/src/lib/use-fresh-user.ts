import { useEffect } from 'react';
import { getMe, useSessionStore } from 'shared-api';
import type { User } from 'shared-api/contract';

/**
 * Re-reads the signed-in user when the page opens and when the tab comes back into view
 * (verified by an admin, subscribed in another tab), and replaces the stored user.
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
