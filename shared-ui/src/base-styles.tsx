// The page's baseline styles without MUI: what MUI's CssBaseline writes for Tessera's theme
// (its defaults and the theme's MuiCssBaseline overrides), as one emotion <Global>. The
// shell renders it once; a page under MUI's theme also gets CssBaseline's copy of the same
// rules (AppThemeProvider), which changes nothing. base-styles.test.ts compares the two.
import { Global } from '@emotion/react';
import { brand, fontFamily, palette, typography } from './tokens';

export const baseStyles = {
  html: {
    WebkitFontSmoothing: 'antialiased',
    MozOsxFontSmoothing: 'grayscale',
    boxSizing: 'border-box',
    WebkitTextSizeAdjust: '100%',
  },
  '*, *::before, *::after': { boxSizing: 'inherit' },
  'strong, b': { fontWeight: 700 },
  body: {
    margin: 0,
    color: palette.text.primary,
    fontFamily,
    ...typography.body1,
    backgroundColor: palette.background.default,
    '@media print': { backgroundColor: '#fff' },
    '&::backdrop': { backgroundColor: palette.background.default },
    fontFeatureSettings: '"tnum" 0',
  },
  ':focus-visible': { outline: `3px solid ${brand.blue}`, outlineOffset: 2 },
  'img, svg': { maxWidth: '100%' },
  '@media (prefers-reduced-motion: reduce)': {
    '*, *::before, *::after': { animationDuration: '0.01ms !important', transitionDuration: '0.01ms !important' },
  },
} as const;

export function BaseStyles() {
  return <Global styles={baseStyles} />;
}
