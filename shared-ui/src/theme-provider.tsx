import type { ReactNode } from 'react';
import { CssBaseline, ThemeProvider } from 'shared-ui/mui-core';
import { theme } from './theme';

/** Theme and baseline styles; the shell renders it once around everything. */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
