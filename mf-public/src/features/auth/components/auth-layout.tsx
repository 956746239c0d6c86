import type { ReactNode } from 'react';
import { Box, Typography } from 'shared-ui/mui-core';
import { Paper } from 'shared-ui/mui-surfaces';
import { useDocumentTitle } from '../../../lib/use-document-title';

export interface AuthLayoutProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Under the card: "Already have an account? Log in". */
  footer?: ReactNode;
}

/** A centred card holding one form, with the page's h1. */
export function AuthLayout({ title, subtitle, children, footer }: AuthLayoutProps) {
  useDocumentTitle(title);
  return (
    <Box sx={{ px: 2, py: { xs: 4, md: 8 }, display: 'flex', justifyContent: 'center', bgcolor: 'background.default' }}>
      <Box sx={{ width: '100%', maxWidth: 520 }}>
        <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
          <Typography component="h1" variant="h4" sx={{ fontWeight: 700 }}>
            {title}
          </Typography>
          {subtitle && (
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              {subtitle}
            </Typography>
          )}
          <Box sx={{ mt: 3 }}>{children}</Box>
        </Paper>
        {footer && (
          <Typography sx={{ mt: 2.5, textAlign: 'center' }} color="text.secondary">
            {footer}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
