import { useId, type ReactNode } from 'react';
import { Box, Typography } from 'shared-ui/mui-core';
import { Paper } from 'shared-ui/mui-surfaces';
import { brand } from 'shared-ui/core';

export interface StatCardProps {
  title: string;
  value: ReactNode;
  hint?: ReactNode;
  icon?: ReactNode;
}

/** A labelled figure for dashboards (spec 3: title, value). */
export function StatCard({ title, value, hint, icon }: StatCardProps) {
  const titleId = useId();
  return (
    <Paper
      variant="outlined"
      role="group"
      aria-labelledby={titleId}
      sx={{ p: { xs: 2, sm: 2.5 }, display: 'flex', gap: 2, alignItems: 'flex-start', minWidth: 0 }}
    >
      {icon && (
        <Box
          aria-hidden
          sx={{
            flexShrink: 0,
            width: 44,
            height: 44,
            borderRadius: 2,
            bgcolor: brand.blueSoft,
            color: 'primary.main',
            display: 'grid',
            placeItems: 'center',
          }}
        >
          {icon}
        </Box>
      )}
      <Box sx={{ minWidth: 0 }}>
        <Typography id={titleId} variant="body2" color="text.secondary" sx={{ fontWeight: 500 }}>
          {title}
        </Typography>
        <Typography component="p" variant="h4" sx={{ mt: 0.5, fontWeight: 700, overflowWrap: 'anywhere' }}>
          {value}
        </Typography>
        {hint && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {hint}
          </Typography>
        )}
      </Box>
    </Paper>
  );
}
