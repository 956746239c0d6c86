// Tessera's MUI theme: deep navy and blue, Inter with a system fallback (never
// downloaded), text contrast at least 4.5:1 on its background. Only styleOverrides:
// theme defaultProps may not reach federated remotes.
import { createTheme, responsiveFontSizes } from 'shared-ui/mui-core';
import type { Theme } from 'shared-ui/mui-core';

import { brand, fontFamily } from './tokens';

/** Brand colours and the font, shared with the MUI-free first screen (tokens.ts). */
export { brand, fontFamily };

function build(): Theme {
  const base = createTheme({
    palette: {
      mode: 'light',
      primary: { main: brand.blue, dark: brand.blueDark, light: '#3D6FC0', contrastText: '#FFFFFF' },
      secondary: { main: brand.navy, contrastText: '#FFFFFF' },
      success: { main: brand.green, contrastText: '#FFFFFF' },
      warning: { main: brand.orange, contrastText: '#FFFFFF' },
      error: { main: brand.red, contrastText: '#FFFFFF' },
      info: { main: brand.blue, contrastText: '#FFFFFF' },
      text: { primary: brand.ink, secondary: brand.muted },
      background: { default: brand.surface, paper: '#FFFFFF' },
      divider: brand.border,
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily,
      h1: { fontWeight: 700, fontSize: '2.75rem', lineHeight: 1.15, letterSpacing: '-0.02em' },
      h2: { fontWeight: 700, fontSize: '2.125rem', lineHeight: 1.2, letterSpacing: '-0.015em' },
      h3: { fontWeight: 700, fontSize: '1.625rem', lineHeight: 1.25 },
      h4: { fontWeight: 600, fontSize: '1.375rem', lineHeight: 1.3 },
      h5: { fontWeight: 600, fontSize: '1.125rem', lineHeight: 1.35 },
      h6: { fontWeight: 600, fontSize: '1rem', lineHeight: 1.4 },
      subtitle1: { fontWeight: 500 },
      body1: { lineHeight: 1.6 },
      body2: { lineHeight: 1.55 },
      button: { fontWeight: 600, textTransform: 'none', letterSpacing: 0 },
    },
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          html: { WebkitFontSmoothing: 'antialiased', MozOsxFontSmoothing: 'grayscale' },
          body: { fontFeatureSettings: '"tnum" 0' },
          ':focus-visible': { outline: `3px solid ${brand.blue}`, outlineOffset: 2 },
          'img, svg': { maxWidth: '100%' },
          '@media (prefers-reduced-motion: reduce)': {
            '*, *::before, *::after': { animationDuration: '0.01ms !important', transitionDuration: '0.01ms !important' },
          },
        },
      },
      MuiButtonBase: {
        styleOverrides: { root: { '&.Mui-focusVisible': { outline: `3px solid ${brand.blue}`, outlineOffset: 2 } } },
      },
      MuiButton: { styleOverrides: { root: { borderRadius: 10, boxShadow: 'none', '&:hover': { boxShadow: 'none' } } } },
      MuiPaper: { styleOverrides: { rounded: { borderRadius: 14 }, outlined: { borderColor: brand.border } } },
      MuiDialog: { styleOverrides: { paper: { borderRadius: 16 } } },
      MuiTableCell: {
        styleOverrides: {
          head: { fontWeight: 600, color: brand.muted, backgroundColor: brand.surface, whiteSpace: 'nowrap' },
        },
      },
      MuiLinearProgress: { styleOverrides: { root: { borderRadius: 999, height: 8 } } },
    },
  });
  return responsiveFontSizes(base, { factor: 2.2 });
}

export const theme: Theme = build();
