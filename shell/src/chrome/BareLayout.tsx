import type { ReactNode } from 'react';
import { Box, Container } from 'shared-ui/mui-core';
import { Logo } from './Logo';

/** Onboarding: the logo and the task, nothing to wander off to. */
export function BareLayout({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <Box
        component="header"
        data-app-header=""
        sx={{ px: { xs: 2, md: 4 }, py: 2, borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
      >
        <Logo />
      </Box>
      <Container component="main" id="main" maxWidth="md" sx={{ py: 4 }}>
        {children}
      </Container>
    </Box>
  );
}
