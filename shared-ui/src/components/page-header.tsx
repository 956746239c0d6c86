import type { ReactNode } from 'react';
import { Box, Typography } from 'shared-ui/mui-core';

export interface PageHeaderProps {
  title: string;
  subtitle?: ReactNode;
  /** Buttons on the right (below the title on small screens). */
  actions?: ReactNode;
}

/** The page's h1, an optional line under it and its main actions. */
export function PageHeader({ title, subtitle, actions }: PageHeaderProps) {
  return (
    <Box
      component="header"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: { xs: 'flex-start', sm: 'center' },
        justifyContent: 'space-between',
        gap: 2,
        mb: { xs: 2.5, md: 3.5 },
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography component="h1" variant="h3">
          {title}
        </Typography>
        {subtitle && (
          <Typography variant="body1" color="text.secondary" sx={{ mt: 0.5 }}>
            {subtitle}
          </Typography>
        )}
      </Box>
      {actions && <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>{actions}</Box>}
    </Box>
  );
}
