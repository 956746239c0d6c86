// A suspended listing (its owner's verification was rejected, issue 16): shown as it is to
// whoever opens it (its holders first), marked suspended with the reason, and not buyable.
import { Alert, AlertTitle, Box } from 'shared-ui/mui';
import { Button } from 'shared-ui/core';
import type { Property } from 'shared-api/contract';

export function SuspendedNotice({ property }: { property: Pick<Property, 'suspendedAt' | 'suspendedReason'> }) {
  if (!property.suspendedAt) return null;
  return (
    <Alert severity="warning" sx={{ mb: 3 }}>
      <AlertTitle component="h2" sx={{ fontSize: '1rem', fontWeight: 700, m: 0, mb: 0.5 }}>
        Suspended
      </AlertTitle>
      {property.suspendedReason ?? 'This listing is suspended.'} It is not open for investment; units already held stay yours.
    </Alert>
  );
}

/** In place of the order form while a listing is suspended. */
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
