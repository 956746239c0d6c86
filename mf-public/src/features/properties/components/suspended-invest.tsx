// In place of the order form while a listing is suspended (issue 16).
import { Alert, Box } from 'shared-ui/mui';
import { Button } from 'shared-ui/core';

export function SuspendedInvest() {
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Alert severity="warning">Suspended: this property is not open for investment.</Alert>
      <Button variant="filled-blue" size="LG" fullWidth disabled>
        Not open for investment
      </Button>
    </Box>
  );
}
