// A suspended listing (its owner's verification was rejected, issue 16): shown as it is to
// whoever opens it (its holders first), marked suspended with the reason, and not buyable.
// Built from shared-ui/mui-core only: the property page's first paint loads nothing more.
import { Box, Typography } from 'shared-ui/mui-core';
import { brand } from 'shared-ui/core';
import type { Property } from 'shared-api/contract';

export function SuspendedNotice({ property }: { property: Pick<Property, 'suspendedAt' | 'suspendedReason'> }) {
  if (!property.suspendedAt) return null;
  return (
    <Box
      component="section"
      aria-labelledby="suspended-title"
      sx={{ mb: 3, p: 2, borderRadius: 2, border: 1, borderColor: brand.orange, bgcolor: brand.orangeSoft }}
    >
      <Typography id="suspended-title" component="h2" variant="subtitle1" sx={{ fontWeight: 700, color: brand.orange }}>
        Suspended
      </Typography>
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        {property.suspendedReason ?? 'This listing is suspended.'} It is not open for investment; units already held stay yours.
      </Typography>
    </Box>
  );
}
