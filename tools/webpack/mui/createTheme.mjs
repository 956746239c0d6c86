// Build-time stand-in for @mui/material/styles/createTheme (tools/webpack/create-config.cjs).
// MUI's createTheme also carries the CSS-variables theme machinery (createThemeWithVars,
// color schemes): about 6 KB gzip in every first visit. Tessera's theme uses neither
// `cssVariables` nor `colorSchemes`, and for such options MUI's own createTheme returns
// createThemeNoVars(options, ...args): this module does exactly that, and refuses the
// options it does not support so a future theme change cannot silently render wrong.
import createThemeNoVars from '../../../node_modules/@mui/material/styles/createThemeNoVars.mjs';

/** @typedef {import('../../../node_modules/@mui/material/styles/createThemeNoVars.mjs').ThemeOptions} ThemeOptions */
/**
 * @param {ThemeOptions & { cssVariables?: unknown }} [options] MUI's createTheme options, without the CSS-variables ones
 * @param {...object} args
 * @returns {import('../../../node_modules/@mui/material/styles/createThemeNoVars.mjs').Theme}
 */
export default function createTheme(options = {}, ...args) {
  if (options.cssVariables || 'colorSchemes' in options) {
    throw new Error('Tessera builds MUI without CSS-variables themes: drop tools/webpack/mui/ from create-config.cjs to use them');
  }
  return createThemeNoVars(options, ...args);
}
