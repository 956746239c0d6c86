import { useCallback } from 'react';
import { useNavigate } from 'shared-ui/router';
import { logoutSession, useSessionStore } from 'shared-api';
import { paths } from 'shared-api/contract/basics';

/** Spec 4: clear the stored user and token, go to /login, then reload. */
export function useLogout(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    // Revoke the token on the server too; leaving must not wait for it. The token is
    // handed over now: the store is cleared before the request goes out, and the call
    // (keepalive) outlives the reload.
    const { token } = useSessionStore.getState();
    if (token) void logoutSession(token).catch(() => undefined);
    useSessionStore.getState().clearSession();
    navigate(paths.login);
    window.location.reload();
  }, [navigate]);
}
