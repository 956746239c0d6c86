// Build-time stand-in for @mui/material/styles/stringifyTheme (tools/webpack/create-config.cjs).
// createThemeNoVars attaches it as `theme.toRuntimeSource`, which only Pigment CSS's build
// calls (it serializes a theme to source code); nothing on the platform does, and the
// serializer cost every first visit about 0.4 KB gzip. Calling it says why it is missing.
export function stringifyTheme() {
  throw new Error('theme.toRuntimeSource is not built into Tessera (tools/webpack/mui/stringifyTheme.mjs)');
}
