import type { ReactNode } from 'react';
import { CssBaseline, ThemeProvider } from 'shared-ui/mui-core';
import { theme } from './theme';

/**
 * MUI's theme for what renders MUI: a remote's page, the dashboard chrome, menus, toasts.
 * The page's baseline styles come from the shell's BaseStyles (shared-ui/base), which a
 * first visit to a public page renders without any MUI.
 */
export function MuiThemeProvider({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}

/** The theme and MUI's baseline styles together: tests and the server's renderer. */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
