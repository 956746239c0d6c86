// A dismissible invitation to turn on two-factor sign-in, for investors and owners who have
// not. Dismissed per person in this browser; says nothing while loading or on an error.
import { useEffect, useState } from 'react';
import { Alert, AlertTitle } from 'shared-ui/mui';
import { Link as RouterLink } from 'shared-ui/router';
import { getTwoFactor, useAuthUser } from 'shared-api';
import { paths } from 'shared-api/contract';
import { Button } from './button';

const keyOf = (userId: string) => `tessera.twoFactorInvite.dismissed.${userId}`;

function dismissed(userId: string): boolean {
  try {
    return localStorage.getItem(keyOf(userId)) === '1';
  } catch {
    return false;
  }
}

export function TwoFactorInvite() {
  const user = useAuthUser();
  const [show, setShow] = useState(false);
  const id = user?._id;
  const invited = user?.role === 'INVESTOR' || user?.role === 'PROPERTY_OWNER';

  useEffect(() => {
    if (!id || !invited || dismissed(id)) return;
    let live = true;
    // Through a promise: an unavailable client (a page's test double) counts as "not now".
    Promise.resolve()
      .then(getTwoFactor)
      .then((s) => live && setShow(!s.enabled))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [id, invited]);

  if (!show || !id) return null;
  const close = () => {
    try {
      localStorage.setItem(keyOf(id), '1');
    } catch {
      // Private mode: it stays closed for this visit.
    }
    setShow(false);
  };
  return (
    <Alert
      severity="info"
      action={
        <>
          <Button variant="text-blue" size="SM" component={RouterLink} to={paths.profile}>
            Set up
          </Button>
          <Button variant="text" size="SM" onClick={close}>
            Not now
          </Button>
        </>
      }
      sx={{ mb: 2 }}
    >
      <AlertTitle>Protect your account with two-factor sign-in</AlertTitle>
      Add a code from an authenticator app to your sign-in, so your password alone cannot open your account.
    </Alert>
  );
}
