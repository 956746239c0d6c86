import { Link } from 'shared-ui/router';
import { Alert, Box } from 'shared-ui/mui';
import { useAuthUser } from 'shared-api';
import { paths } from 'shared-api/contract/basics';
import { Button } from 'shared-ui/core';

/** Shown instead of a sign-in or sign-up form to someone already signed in. */
export function AlreadySignedIn() {
  const user = useAuthUser();
  if (!user) return null;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Alert severity="info">
        You are signed in as {user.firstName} {user.lastName} ({user.email}).
      </Alert>
      <Button variant="filled-blue" component={Link} to={paths.dashboard}>
        Go to your dashboard
      </Button>
    </Box>
  );
}
