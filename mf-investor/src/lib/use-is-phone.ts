import { useMediaQuery, useTheme } from 'shared-ui/mui';

/** Below MUI's `sm` breakpoint (600px): tables fold their columns into two. */
export function useIsPhone(): boolean {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
}
