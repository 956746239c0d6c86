'use client';

// Build-time stand-in for @mui/material/styles/ThemeProvider (see createTheme.mjs here).
// MUI's ThemeProvider picks ThemeProviderNoVars for a theme without color schemes, after
// setting `vars: null`; the CSS-variables provider it also imports never runs for
// Tessera's theme. This is that same branch, without the unused provider.
import * as React from 'react';
import { jsx as _jsx } from 'react/jsx-runtime';
import ThemeProviderNoVars from '../../../node_modules/@mui/material/styles/ThemeProviderNoVars.mjs';
import THEME_ID from '../../../node_modules/@mui/material/styles/identifier.mjs';

/** @param {{ theme: any, children?: React.ReactNode }} props MUI's (a theme object or a function of the outer theme) */
export default function ThemeProvider({ theme, ...props }) {
  const noVarsTheme = React.useMemo(() => {
    if (typeof theme === 'function') return theme;
    const muiTheme = THEME_ID in theme ? theme[THEME_ID] : theme;
    if ('colorSchemes' in muiTheme) {
      throw new Error('Tessera builds MUI without CSS-variables themes (tools/webpack/mui/)');
    }
    return 'vars' in muiTheme ? theme : { ...theme, vars: null };
  }, [theme]);
  return /*#__PURE__*/ _jsx(ThemeProviderNoVars, { theme: noVarsTheme, ...props });
}
