// ADMIN_2FA_REQUIRED: an admin without a second factor is refused by every admin route. The
// console says so up front (GET /v1/users/me's twoFactorRequired) or, should a call still
// meet the refusal, as soon as one does, and links to the profile's two-factor card
// instead of showing tables that cannot load.
import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Box, Typography } from 'shared-ui/mui';
import { Paper } from 'shared-ui/mui-surfaces';
import { Link as RouterLink } from 'shared-ui/router';
import { Button } from 'shared-ui';
import { PageHeader, useFreshUser } from 'shared-ui/components';
import { useAuthUser } from 'shared-api';
import { QueryFailure, usePageQueryClient } from 'shared-api/query';
import { paths, TWO_FACTOR_MESSAGES } from 'shared-api/contract';

/** Where the profile's two-factor card is (its anchor). */
export const ENROL_PATH = `${paths.profile}#two-factor`;

const isEnrolRefusal = (error: unknown) =>
  error instanceof QueryFailure && error.status === 403 && error.message === TWO_FACTOR_MESSAGES.enrolRequired;

export function EnrolGate({ children }: { children: ReactNode }) {
  useFreshUser();
  const user = useAuthUser();
  const client = usePageQueryClient();
  const [refused, setRefused] = useState(() =>
    client
      .getQueryCache()
      .getAll()
      .some((q) => isEnrolRefusal(q.state.error)),
  );
  useEffect(
    () =>
      client.getQueryCache().subscribe((event) => {
        if (event.type === 'updated' && isEnrolRefusal(event.query.state.error)) setRefused(true);
      }),
    [client],
  );
  if (user?.role === 'ADMIN' && (user.twoFactorRequired || refused)) return <EnrolPage />;
  return <>{children}</>;
}

export function EnrolPage() {
  return (
    <Box sx={{ maxWidth: 720 }}>
      <PageHeader title="Set up two-factor sign-in" subtitle="The admin console needs a second factor." />
      <Paper component="section" aria-label="Two-factor sign-in needed" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
        <Alert severity="warning">{TWO_FACTOR_MESSAGES.enrolRequired}</Alert>
        <Typography>
          Admins can approve orders, pay withdrawals and change other people's accounts, so a password alone is not enough. Turn on
          two-factor sign-in on your profile with an authenticator app on your phone; it takes a minute. The console opens as soon as it is
          on.
        </Typography>
        <Box>
          <Button component={RouterLink} to={ENROL_PATH} variant="filled-blue" size="SM">
            Set up two-factor sign-in
          </Button>
        </Box>
      </Paper>
    </Box>
  );
}
